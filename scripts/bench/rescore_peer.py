#!/usr/bin/env python3
"""The rescore a user would write in plain Python: json + re, one pass, atomic rename.

It is the peer the benchmark compares the CLI against (same dataset, same result file, same output fields);
it does not aim at the CLI's exactness or losslessness. Usage: rescore_peer.py <results.jsonl> <dataset-dir>
"""
import json, math, os, re, sys

KINDS = {"direction": "angle", "orientation": "angle", "distance": "distance", "position": "point", "selection": "choice", "trajection": "choice", "trajectory": "choice"}
NUM = re.compile(r"[-\u2212]?\d+(?:\.\d+)?")
POINT = re.compile(r"<point>\s*(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)\s*</point>|[(\[]\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*[)\]]")
LETTER = re.compile(r"\b([A-D])\b")


def kind_of(task):
    t = task.lower()
    return next((k for word, k in KINDS.items() if word in t), None)


def parse(kind, text):
    text = text.rsplit("</think>", 1)[-1]
    if kind == "point":
        m = POINT.search(text)
        return [float(m.group(1) or m.group(3)), float(m.group(2) or m.group(4))] if m else None
    if kind == "choice":
        m = LETTER.search(text)
        return m.group(1) if m else None
    m = NUM.search(text)
    if not m:
        return None
    v = float(m.group(0).replace("\u2212", "-"))
    return -v if kind == "angle" and "right" in text and "left" not in text and v > 0 else v


def score(kind, p, g):
    if p is None:
        return 0.0
    if kind == "angle":
        d = abs(p - g) % 360
        e = min(d, 360 - d)
        return sum(e <= t for t in (15, 30, 45)) / 3
    if kind == "distance":
        r = abs(p - g) / g if g else abs(p - g)
        return sum(r < 1 - (0.5 + 0.05 * i) for i in range(10)) / 10
    if kind == "point":
        d = math.dist(p, g)
        return sum(d <= t for t in (100, 150, 200, 250, 300)) / 5
    return float(p == g)


def truth(kind, answer):
    if kind == "point":
        return [float(x) for x in NUM.findall(str(answer))[:2]]
    return str(answer).strip() if kind == "choice" else float(answer)


def main(results, dataset):
    questions = {}
    for name in os.listdir(dataset):
        q = os.path.join(dataset, name, "question.json")
        if os.path.isfile(q):
            with open(q, encoding="utf-8") as f:
                d = json.load(f)
            k = kind_of(d["task"])
            questions[str(d["uid"])] = (k, truth(k, d["answer"]))
    tmp = results + ".peer.tmp"
    with open(results, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as out:
        for line in src:
            rec = json.loads(line)
            k, g = questions[str(rec["uid"])]
            rec["parsed"] = parse(k, str(rec["prediction"]))
            rec["score"] = score(k, rec["parsed"], g)
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, results)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

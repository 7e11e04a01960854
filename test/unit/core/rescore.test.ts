import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync, type Stats } from 'node:fs';
import { isAscii } from 'node:buffer';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  InvalidUtf8Error,
  numberJson,
  OWNED_FIELDS,
  readDataset,
  rescoreFile,
  rescoreText,
  rescoreTextInSlices,
  RescoreCancelled,
  topLevelProperties,
  type Dataset,
  type WriteChunk,
} from '../../../src/core';
import { spacedAfterColon } from '../../../src/core/jsonText';
import { writeTinyDataset } from '../helpers/tinyDataset';

let dataset: Dataset;
before(async () => {
  dataset = await readDataset(writeTinyDataset());
  assert.equal(dataset.problems.length, 0);
});
const opts = { profile: 'paper' as const };
const identity = (st: Stats) => ({ ino: st.ino, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs });

describe('rescore keeps every byte it does not own', () => {
  it("inserts parsed/score/score_detail in the line's own style", () => {
    const text = '{"uid": "q_angle", "prediction": "45° to the right", "model": "m"}\n';
    const out = rescoreText(dataset, 'r.jsonl', text, opts).text;
    assert.equal(
      out,
      '{"uid": "q_angle", "prediction": "45° to the right", "model": "m", "parsed": -45, "score": 0, "score_detail": {"error": 89, "passed": 0, "of": 3, "rule": "only value", "read": ["direction word"]}}\n',
    );
    const compact = rescoreText(dataset, 'r.jsonl', '{"uid":"q_choice","prediction":"C"}', opts).text;
    assert.equal(
      compact,
      '{"uid":"q_choice","prediction":"C","parsed":"C","score":1,"score_detail":{"passed":1,"of":1,"rule":"exact format"}}',
    );
  });
  it('takes the style from the first member, not from a colon and space inside a string', () => {
    // A compact line whose prediction quotes JSON: its `": ` is inside a string, and the line stays compact.
    const quoting = '{"uid":"q_choice","prediction":"{\\"answer\\": \\"C\\"} C"}';
    assert.equal(
      rescoreText(dataset, 'r.jsonl', quoting, opts).text,
      quoting.slice(0, -1) + ',"parsed":"C","score":1,"score_detail":{"passed":1,"of":1,"rule":"final-answer phrase"}}',
    );
    // What the earlier rule wrote for it (spaced owned fields) is left as it is: equal values are kept.
    const earlier =
      quoting.slice(0, -1) + ', "parsed": "C", "score": 1, "score_detail": {"passed": 1, "of": 1, "rule": "final-answer phrase"}}';
    assert.equal(rescoreText(dataset, 'r.jsonl', earlier, opts).text, earlier);
    // A key that holds `": ` itself, then a spaced colon: spaced.
    const oddKey = '{"a\\": b": 1, "uid": "q_choice", "prediction": "C"}';
    assert.match(rescoreText(dataset, 'r.jsonl', oddKey, opts).text, /, "parsed": "C", "score": 1, "score_detail": \{"passed": 1/);
  });
  it('property: the style is the space after the first colon, whatever the strings hold', () => {
    const key = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.jsonValue({ maxDepth: 1 })), { maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('', ' ', '\ufeff'),
        (entries, spaced, lead) => {
          const members = entries.map(([k, v]) => JSON.stringify(k) + (spaced ? ': ' : ':') + JSON.stringify(v));
          const text = lead + '{' + members.join(spaced ? ', ' : ',') + '}';
          assert.equal(spacedAfterColon(text), spaced && entries.length > 0);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('keeps key order, spacing, number literals, escapes, CRLF, blank and invalid lines, unknown uids', () => {
    const lines = [
      '{ "id" : 12345678901234567890, "uid" : "q_dist" ,"prediction":"about 1.3 m", "t": 1.0, "x": 2.50, "name": "caf\\u00e9" }',
      '',
      'this is not json',
      '{"uid": "unknown_uid", "prediction": "5"}',
      '   ',
      '{"prediction": "no uid here"}',
      '{"uid": "q_point", "prediction": "(391, 698)", "score": 0.0, "parsed": null, "extra": [1.0, {"score": 5}]}',
    ];
    const text = lines.join('\r\n') + '\r\n';
    const { text: out, report } = rescoreText(dataset, 'r.jsonl', text, opts);
    const outLines = out.split('\r\n');
    assert.equal(outLines.length, lines.length + 1);
    assert.ok(
      outLines[0].startsWith(
        '{ "id" : 12345678901234567890, "uid" : "q_dist" ,"prediction":"about 1.3 m", "t": 1.0, "x": 2.50, "name": "caf\\u00e9", "parsed": 1.3',
      ),
    );
    assert.match(
      outLines[0],
      /"parsed": 1\.3, "score": 0\.4, "score_detail": \{"error": 0\.3, "passed": 4, "of": 10, "rule": "only value"\} \}$/,
    );
    for (const i of [1, 2, 3, 4, 5]) assert.equal(outLines[i], lines[i], `line ${i + 1} unchanged`);
    // Owned fields are replaced in place; the nested "score" inside "extra" is the user's and stays.
    assert.equal(
      outLines[6],
      '{"uid": "q_point", "prediction": "(391, 698)", "score": 1, "parsed": [391, 698], "extra": [1.0, {"score": 5}], "score_detail": {"error": 0, "passed": 5, "of": 5, "rule": "only value"}}',
    );
    assert.equal(report.lines, 5);
    assert.equal(report.scored, 2);
    assert.equal(report.skipped, 3);
    assert.deepEqual(
      report.problems.map((p) => p.line),
      [3, 4, 6],
    );
    assert.match(report.problems[1].message, /uid not in the dataset: unknown_uid/);
  });
  it('is idempotent: a second rescore changes nothing, and an equal literal like 1.0 is kept', () => {
    const once = rescoreText(
      dataset,
      'r.jsonl',
      '{"uid":"q_choice","prediction":"C"}\n{"uid":"q_angle","prediction":"-134","score":1.0}',
      opts,
    );
    const twice = rescoreText(dataset, 'r.jsonl', once.text, opts);
    assert.equal(twice.text, once.text);
    assert.ok(once.text.includes('"score":1.0'), "equal value keeps the user's spelling");
    assert.equal(twice.report.changed, 0);
  });
  it('a duplicated owned key is replaced at every occurrence', () => {
    const out = rescoreText(dataset, 'r.jsonl', '{"uid":"q_choice","score":0,"prediction":"C","score":1}', opts).text;
    assert.equal(
      out,
      '{"uid":"q_choice","score":1,"prediction":"C","score":1,"parsed":"C","score_detail":{"passed":1,"of":1,"rule":"exact format"}}',
    );
  });
  it('a line that ends with the owned members as written now still has an earlier owned key fixed', () => {
    const members = ',"parsed":"C","score":1,"score_detail":{"passed":1,"of":1,"rule":"exact format"}';
    const rescored = (early: string) =>
      rescoreText(dataset, 'r.jsonl', `{"uid":"q_choice",${early},"prediction":"C"${members}}`, opts).text;
    const cases: Array<[string, string]> = [
      ['"score":0', '"score":1'],
      ['"parsed":"D"', '"parsed":"C"'],
      ['"score_detail":null', '"score_detail":{"passed":1,"of":1,"rule":"exact format"}'],
      ['"\\u0073core":0', '"\\u0073core":1'], // an escape can spell an owned key
      [
        '"score_detail":{"passed":1,"of":1,"rule":"exact format"},"score":0',
        '"score_detail":{"passed":1,"of":1,"rule":"exact format"},"score":1',
      ],
      // Not owned keys: left as they are.
      ['"scores":0', '"scores":0'],
      ['"score_details":0', '"score_details":0'],
      ['"model":"scored"', '"model":"scored"'],
    ];
    for (const [early, fixed] of cases) assert.equal(rescored(early), `{"uid":"q_choice",${fixed},"prediction":"C"${members}}`, early);
  });
  it('property: a line holding its current values in any spelling, order or place is kept; any stale or extra one is fixed', () => {
    // The current owned values of each question's answer, from a first rescore.
    const predictions: Record<string, string> = {
      q_angle: '<answer>-120</answer>',
      q_dist: 'About 3.4 m',
      q_point: '(300, 700)',
      q_choice: 'B',
    };
    const current = (uid: string) => {
      const v = JSON.parse(rescoreText(dataset, 'r.jsonl', JSON.stringify({ uid, prediction: predictions[uid] }), opts).text);
      return { parsed: v.parsed, score: v.score, score_detail: v.score_detail } as Record<string, unknown>;
    };
    /** A JSON text of `v` as a user's tool might write it: whole numbers as `1.0`, object keys reordered. */
    const spelled = (v: unknown, style: { decimals: boolean; reorder: boolean }): string => {
      if (typeof v === 'number') return style.decimals && Number.isInteger(v) ? `${v}.0` : JSON.stringify(v);
      if (Array.isArray(v)) return `[${v.map((x) => spelled(x, style)).join(',')}]`;
      if (v !== null && typeof v === 'object') {
        const entries = Object.entries(v);
        if (style.reorder) entries.reverse();
        return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${spelled(x, style)}`).join(',')}}`;
      }
      return JSON.stringify(v);
    };
    /**
     * Another value: a number moved, a point as an object of the same keys (or, `moved`, with its first coordinate
     * moved), a detail short of its last key, else null (null: 0). `loose`: for a number or a point, a string that
     * `==` would take for it ("1", "300,700").
     */
    const stale = (v: unknown, loose = false, moved = false): unknown => {
      if (typeof v === 'number') return loose ? String(v) : v + 0.5;
      if (v === null) return 0;
      if (Array.isArray(v)) return loose ? v.join(',') : moved ? [(v[0] as number) + 0.5, ...v.slice(1)] : { ...v };
      if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 1)
        return Object.fromEntries(Object.entries(v).slice(0, -1));
      return null;
    };
    const ownedKey = fc.constantFrom(...OWNED_FIELDS);
    const change = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.record({ kind: fc.constant('stale' as const), key: ownedKey, loose: fc.boolean(), moved: fc.boolean() }),
      fc.record({ kind: fc.constant('duplicate' as const), key: ownedKey, same: fc.boolean(), escaped: fc.boolean(), loose: fc.boolean() }),
      fc.record({ kind: fc.constant('nested' as const), key: ownedKey }),
      fc.record({ kind: fc.constant('escaped' as const), key: ownedKey }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('q_angle', 'q_dist', 'q_point', 'q_choice'),
        fc.shuffledSubarray([...OWNED_FIELDS, 'uid', 'prediction', 'model'], { minLength: 6, maxLength: 6 }),
        fc.record({ decimals: fc.boolean(), reorder: fc.boolean() }),
        change,
        (uid, order, style, c) => {
          const values: Record<string, unknown> = { ...current(uid), uid, prediction: predictions[uid], model: 'm' };
          const escapedKey = (k: string) => `"\\u00${k.charCodeAt(0).toString(16)}${k.slice(1)}"`;
          const members = order.map((k) => {
            const key = c.kind === 'escaped' && k === c.key ? escapedKey(k) : JSON.stringify(k);
            const value = c.kind === 'stale' && k === c.key ? stale(values[k], c.loose, c.moved) : values[k];
            return `${key}:${spelled(value, style)}`;
          });
          // First, so that JSON.parse takes the other (last) member's value.
          if (c.kind === 'duplicate')
            members.unshift(
              `${c.escaped ? escapedKey(c.key) : JSON.stringify(c.key)}:${JSON.stringify(c.same ? values[c.key] : stale(values[c.key], c.loose))}`,
            );
          if (c.kind === 'nested') members.push(`"meta":{${JSON.stringify(c.key)}:${JSON.stringify(stale(values[c.key]))}}`);
          const text = `{${members.join(',')}}`;
          const out = rescoreText(dataset, 'r.jsonl', text, opts).text;
          // Every top-level owned member, each occurrence, now holds the current value (in any spelling).
          for (const p of topLevelProperties(out).filter((p) => OWNED_FIELDS.includes(p.key as never)))
            assert.equal(
              JSON.stringify(JSON.parse(out.slice(p.valueStart, p.valueEnd))),
              JSON.stringify(values[p.key]),
              `${p.key} in ${out}`,
            );
          // A line whose every owned member already held its current value is not touched. Keys in another order
          // are another JSON text of the value: rewritten, as JSON.stringify would order them.
          const detail = values.score_detail;
          const reordered = style.reorder && detail !== null && typeof detail === 'object' && Object.keys(detail).length > 1;
          const staleDetail = c.kind === 'stale' && c.key === 'score_detail';
          const alreadyCurrent = c.kind === 'none' || c.kind === 'nested' || c.kind === 'escaped' || (c.kind === 'duplicate' && c.same);
          if (alreadyCurrent && !(reordered && !staleDetail)) assert.equal(out, text);
          else assert.notEqual(out, text);
        },
      ),
      {
        numRuns: 400,
        // Rare in a random draw: a point with one coordinate moved, the array's length and the score unchanged.
        examples: [
          [
            'q_point',
            ['uid', 'prediction', 'model', ...OWNED_FIELDS],
            { decimals: false, reorder: false },
            { kind: 'stale', key: 'parsed', loose: false, moved: true },
          ],
        ],
      },
    );
  });
  it('in slices: the same text as rescoreText, and a cancel between slices stops it', async () => {
    const text = Array.from({ length: 10 }, (_, i) => `{"uid":"q_choice","prediction":"${'ABCD'[i % 4]}"}`).join('\n') + '\n';
    const sliced = await rescoreTextInSlices(dataset, 'r.jsonl', text, { ...opts, linesPerSlice: 3 });
    assert.equal(sliced.text, rescoreText(dataset, 'r.jsonl', text, opts).text);
    let cancelled = false;
    const run = rescoreTextInSlices(dataset, 'r.jsonl', text, {
      ...opts,
      linesPerSlice: 3,
      isCancelled: () => cancelled,
      onProgress: () => (cancelled = true),
    });
    await assert.rejects(run, RescoreCancelled);
  });
  it('reports overall before and after and changed lines', () => {
    const text = '{"uid":"q_choice","prediction":"C","score":0}\n{"uid":"q_angle","prediction":"-134","score":1}\n';
    const { report } = rescoreText(dataset, 'r.jsonl', text, opts);
    assert.equal(report.changed, 1);
    assert.equal(report.overallBefore, 50);
    assert.equal(report.overall, 100);
  });
  it('property: keeping only scores gives the same text and report, with repeated uids and stale scores, and no outcomes', () => {
    const line = fc
      .record({
        uid: fc.constantFrom('q_angle', 'q_dist', 'q_point', 'q_choice', 'nope'),
        prediction: fc.constantFrom('45 degrees left', '1.3 m', '(391, 698)', 'C', 'B', 'no idea', '-134'),
        score: fc.option(fc.constantFrom(0, 0.5, 1), { nil: undefined }),
        parsed: fc.option(fc.constantFrom(null, 45), { nil: undefined }),
      })
      .map((r) => JSON.stringify(r));
    fc.assert(
      fc.property(fc.array(fc.oneof(line, fc.constant(''), fc.constant('{oops')), { maxLength: 30 }), (ls) => {
        const text = ls.join('\n') + '\n';
        const all = rescoreText(dataset, 'r.jsonl', text, opts);
        const scores = rescoreText(dataset, 'r.jsonl', text, { ...opts, outcomes: 'scores' });
        assert.equal(scores.text, all.text);
        assert.deepEqual(scores.report, all.report);
        assert.equal(scores.evaluation.byUid.size, 0);
        assert.deepEqual({ ...scores.evaluation, byUid: undefined }, { ...all.evaluation, byUid: undefined });
      }),
      { numRuns: 300 },
    );
  });
  it('property: for arbitrary JSON lines, removing the owned fields gives back the original bytes', () => {
    const uid = fc.constantFrom('q_angle', 'q_dist', 'q_point', 'q_choice', 'nope');
    const userKey = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((k) => !['parsed', 'score', 'score_detail', 'uid', 'prediction'].includes(k));
    const record = fc.record({
      uid,
      prediction: fc.oneof(fc.string(), fc.constantFrom('45° right', '<think>x</think><answer>C</answer>', '350 cm', '(1, 2)')),
      extra: fc.dictionary(userKey, fc.jsonValue({ maxDepth: 2 })),
      spaced: fc.boolean(),
      eol: fc.constantFrom('\n', '\r\n'),
    });
    const line = fc.oneof(
      {
        weight: 5,
        arbitrary: record.map((r) => ({
          text: JSON.stringify({ uid: r.uid, ...r.extra, prediction: r.prediction }, null, r.spaced ? 1 : 0).replace(
            /\n\s*/g,
            r.spaced ? ' ' : '',
          ),
          eol: r.eol,
        })),
      },
      { weight: 1, arbitrary: fc.string().map((s) => ({ text: s.replace(/[\r\n]/g, ''), eol: '\n' })) },
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (ls) => {
        const text = ls.map((l) => l.text + l.eol).join('');
        const out = rescoreText(dataset, 'r.jsonl', text, opts).text;
        const inLines = text.split('\n');
        const outLines = out.split('\n');
        assert.equal(outLines.length, inLines.length);
        outLines.forEach((o, i) => {
          const orig = inLines[i];
          if (o === orig) return;
          // Only scored lines change: the owned fields are inserted just before the closing brace.
          const v = JSON.parse(o);
          assert.deepEqual(Object.keys(v).slice(-3), ['parsed', 'score', 'score_detail']);
          const at = Math.max(o.lastIndexOf(',"parsed":'), o.lastIndexOf(', "parsed": '));
          const tail = /\s*\}\r?$/.exec(orig)![0];
          assert.equal(o.slice(0, at) + o.slice(o.length - tail.length), orig, 'bytes outside the owned fields are unchanged');
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('rescore property: owned fields already present', () => {
  /** The text with every top-level owned value replaced by '@': what must survive a rescore. */
  const skeleton = (t: string) => {
    let out = t;
    for (const p of topLevelProperties(t)
      .filter((p) => OWNED_FIELDS.includes(p.key as never))
      .reverse())
      out = out.slice(0, p.valueStart) + '@' + out.slice(p.valueEnd);
    return out;
  };
  it('replaces only their values, wherever they stand', () => {
    const owned = fc.record({
      parsed: fc.jsonValue({ maxDepth: 1 }),
      score: fc.jsonValue({ maxDepth: 1 }),
      score_detail: fc.jsonValue({ maxDepth: 1 }),
    });
    const userKey = fc
      .string({ minLength: 1, maxLength: 6 })
      .filter((k) => !['parsed', 'score', 'score_detail', 'uid', 'prediction', '__proto__'].includes(k));
    fc.assert(
      fc.property(
        fc.constantFrom('q_angle', 'q_dist', 'q_point', 'q_choice'),
        fc.string(),
        owned,
        fc.dictionary(userKey, fc.jsonValue({ maxDepth: 2 })),
        fc.boolean(),
        (uid, prediction, ownedValues, extra, spaced) => {
          const entries: Array<[string, unknown]> = Object.entries({ uid, ...extra, prediction });
          // Interleave the owned keys among the user's.
          Object.entries(ownedValues).forEach(([k, v], i) => entries.splice(Math.min(entries.length, i * 2 + 1), 0, [k, v]));
          const text =
            '{' + entries.map(([k, v]) => JSON.stringify(k) + (spaced ? ': ' : ':') + JSON.stringify(v)).join(spaced ? ', ' : ',') + '}';
          const out = rescoreText(dataset, 'r.jsonl', text, opts).text;
          assert.equal(skeleton(out), skeleton(text));
          const v = JSON.parse(out);
          assert.ok(typeof v.score === 'number' && v.score >= 0 && v.score <= 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rescoreFile writes atomically', () => {
  it('writes the same text as rescoreText, via a temp file, leaving no temp behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-rescore-'));
    const file = path.join(dir, 'r.jsonl');
    const text = '{"uid":"q_choice","prediction":"B"}\r\n\r\nnot json\n{"uid":"q_dist","prediction":"1.3"}';
    writeFileSync(file, text);
    const { report } = await rescoreFile(dataset, file, opts);
    assert.equal(readFileSync(file, 'utf8'), rescoreText(dataset, file, text, opts).text);
    assert.deepEqual(readdirSync(dir), ['r.jsonl']);
    assert.equal(report.skipped, 1);
  });
  it('dry run and cancellation write nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-rescore-'));
    const file = path.join(dir, 'r.jsonl');
    const text = '{"uid":"q_choice","prediction":"B"}\n{"uid":"q_dist","prediction":"1.3"}\n';
    writeFileSync(file, text);
    const seen: number[] = [];
    await rescoreFile(dataset, file, { ...opts, dryRun: true, onProgress: (f, n) => seen.push(f, n) });
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.deepEqual(seen, [1, 2], 'progress reports the fraction and lines done');
    let n = 0;
    await assert.rejects(rescoreFile(dataset, file, { ...opts, isCancelled: () => ++n > 1 }), RescoreCancelled);
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.deepEqual(readdirSync(dir), ['r.jsonl']);
  });
  it('a temporary file that cannot be created fails cleanly and leaves the file untouched', async () => {
    // A name so long that the temporary name beside it exceeds the file-system limit: fails even as root.
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-rescore-'));
    const file = path.join(dir, `${'r'.repeat(240)}.jsonl`);
    const text = '{"uid":"q_choice","prediction":"B"}\n';
    writeFileSync(file, text);
    await assert.rejects(rescoreFile(dataset, file, opts), /ENAMETOOLONG/);
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.deepEqual(readdirSync(dir), [path.basename(file)]);
  });
  it('follows a symlink: the link stays a link and its target is rescored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-rescore-'));
    const real = path.join(dir, 'real.jsonl');
    const link = path.join(dir, 'link.jsonl');
    writeFileSync(real, '{"uid":"q_choice","prediction":"C"}\n');
    symlinkSync(real, link);
    await rescoreFile(dataset, link, opts);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.match(readFileSync(real, 'utf8'), /"score":1/);
  });
  it('refuses a file that is not valid UTF-8 rather than change its bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-rescore-'));
    const file = path.join(dir, 'r.jsonl');
    const bytes = Buffer.concat([Buffer.from('{"uid":"q_choice","prediction":"C"}\nnot json \xff\xfe here\n', 'latin1')]);
    writeFileSync(file, bytes);
    await assert.rejects(rescoreFile(dataset, file, opts), (e: unknown) => e instanceof InvalidUtf8Error && e.line === 2);
    assert.ok(readFileSync(file).equals(bytes));
    assert.deepEqual(readdirSync(dir), ['r.jsonl']);
  });
  it(
    'an unwritable folder leaves the file untouched',
    { skip: process.getuid?.() === 0 ? 'root ignores folder permissions' : false },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gst-rescore-'));
      const file = path.join(dir, 'r.jsonl');
      writeFileSync(file, '{"uid":"q_choice","prediction":"B"}\n');
      chmodSync(dir, 0o500);
      try {
        await assert.rejects(rescoreFile(dataset, file, opts));
        assert.equal(readFileSync(file, 'utf8'), '{"uid":"q_choice","prediction":"B"}\n');
      } finally {
        chmodSync(dir, 0o700);
      }
    },
  );
});

describe('rescoreFile copies the bytes it does not change', () => {
  const tempFile = (bytes: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-rescore-')), 'r.jsonl');
    writeFileSync(file, bytes);
    return file;
  };
  it('property: the file holds exactly what rescoreText makes of its text, ASCII or not', async () => {
    const owned = fc.record(
      { parsed: fc.jsonValue({ maxDepth: 1 }), score: fc.jsonValue({ maxDepth: 1 }), score_detail: fc.jsonValue({ maxDepth: 1 }) },
      { requiredKeys: [] },
    );
    const line = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .record({
            uid: fc.constantFrom('q_angle', 'q_dist', 'q_point', 'q_choice', 'nope'),
            prediction: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('45° right', '(1, 2)', 'C')),
            owned,
            spaced: fc.boolean(),
            eol: fc.constantFrom('\n', '\r\n'),
          })
          .map(
            (r) =>
              JSON.stringify({ uid: r.uid, prediction: r.prediction, ...r.owned }, null, r.spaced ? 1 : 0).replace(/\n\s*/g, ' ') + r.eol,
          ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[\r\n]/g, '') + '\n') },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 8 }), fc.boolean(), fc.boolean(), async (ls, endsWithNewline, bom) => {
        const joined = (bom ? '\ufeff' : '') + ls.join('');
        const text = endsWithNewline ? joined : joined.replace(/\r?\n$/, '');
        const file = tempFile(text);
        const before = statSync(file);
        const { rewritten } = await rescoreFile(dataset, file, opts);
        const out = rescoreText(dataset, file, text, opts).text;
        assert.equal(readFileSync(file, 'utf8'), out);
        // Replaced exactly when some byte changes; otherwise the very same file, not a copy of it.
        assert.equal(rewritten, out !== text);
        if (!rewritten) assert.deepEqual(identity(statSync(file)), identity(before));
        // Again: a repeat, whatever the file's BOM, line endings, last newline or skipped lines, is left as it is.
        const written = statSync(file);
        assert.equal((await rescoreFile(dataset, file, opts)).rewritten, false);
        assert.equal(readFileSync(file, 'utf8'), out);
        assert.deepEqual(identity(statSync(file)), identity(written));
        assert.deepEqual(readdirSync(path.dirname(file)), ['r.jsonl']);
      }),
      { numRuns: 150 },
    );
  });
  it('over several read chunks, some with non-ASCII lines, first rescore and repeat', async () => {
    const lines: string[] = [];
    for (let i = 0, size = 0, nonAscii = false; size < 3.5 * 2 ** 20; i++) {
      const uid = ['q_angle', 'q_dist', 'q_point', 'q_choice'][i % 4];
      const prediction = ['45 degrees left', '1.3 m', '(391, 698)', 'C'][i % 4] + ' '.repeat(i % 7) + 'x'.repeat(i % 300);
      // One non-ASCII line in the second chunk only; a line that already holds a stale score; a duplicated owned key.
      const inSecondChunk: boolean = !nonAscii && size > 1.25 * 2 ** 20;
      nonAscii ||= inSecondChunk;
      const trailer = inSecondChunk
        ? ', "note": "café"'
        : i % 97 === 0
          ? ', "score": 0.25'
          : i % 89 === 0
            ? ', "score": 1, "score": 0'
            : '';
      lines.push(`{"uid": "${uid}", "prediction": "${prediction}"${trailer}}${i % 5 === 0 ? '\r\n' : '\n'}`);
      size += lines[i].length;
    }
    const text = lines.join('');
    assert.ok(Buffer.byteLength(text) > 3 * 2 ** 20 && isAscii(Buffer.from(text.slice(0, 2 ** 20))) && /é/.test(text));
    const file = tempFile(text);
    await rescoreFile(dataset, file, opts);
    const first = rescoreText(dataset, file, text, opts).text;
    assert.ok(readFileSync(file).equals(Buffer.from(first)));
    const rescored = statSync(file);
    let written = 0;
    const countingWrite: WriteChunk = async (fh, bytes, offset, length) => {
      const n = (await fh.write(bytes, offset, length)).bytesWritten;
      written += n;
      return n;
    };
    const repeat = await rescoreFile(dataset, file, { ...opts, writeChunk: countingWrite });
    assert.ok(readFileSync(file).equals(Buffer.from(first)), 'a repeat rescore leaves every byte as it was');
    assert.equal(repeat.rewritten, false);
    assert.deepEqual(identity(statSync(file)), identity(rescored), 'and the file itself: not replaced by a copy');
    assert.equal(written, 0, 'nor copied: no temp file was written');
    // The CLI keeps only scores: the same bytes and the same report.
    const scoresOnly = await rescoreFile(dataset, file, { ...opts, outcomes: 'scores' });
    assert.ok(readFileSync(file).equals(Buffer.from(first)));
    assert.deepEqual(scoresOnly.report, repeat.report);
    assert.equal(scoresOnly.evaluation.byUid.size, 0);
    // One stale score in the last chunk: the chunks before it, the non-ASCII one among them, are copied from the
    // file as they are, and every byte of the new file is written once.
    const staleAt = first.lastIndexOf('"score": ');
    const stale = first.slice(0, staleAt) + first.slice(staleAt).replace(/"score": [0-9.]+/, '"score": 0.5');
    assert.ok(Buffer.byteLength(first.slice(0, staleAt)) > 3 * 2 ** 20 && stale !== first);
    writeFileSync(file, stale);
    written = 0;
    const mended = await rescoreFile(dataset, file, { ...opts, writeChunk: countingWrite });
    assert.equal(mended.rewritten, true);
    assert.equal(mended.report.changed, 1);
    assert.ok(readFileSync(file).equals(Buffer.from(rescoreText(dataset, file, stale, opts).text)));
    assert.ok(readFileSync(file).equals(Buffer.from(first)));
    assert.equal(written, Buffer.byteLength(first));
    assert.deepEqual(readdirSync(path.dirname(file)), ['r.jsonl']);
  });
});

describe('numberJson', () => {
  it('writes what JSON.stringify writes for every number, also once its remembered fractions are dropped', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 1 / 3, 2 / 3, 0.1, 0.30000000000000004)), { maxLength: 50 }),
        (values) => {
          for (const v of values) assert.equal(numberJson(v), JSON.stringify(v));
        },
      ),
      { numRuns: 2000 },
    );
    // More distinct fractions than it keeps, then the first ones again.
    const fractions = Array.from({ length: 10_000 }, (_, i) => (i + 0.5) / 7);
    for (const v of [...fractions, ...fractions.slice(0, 100)]) assert.equal(numberJson(v), JSON.stringify(v));
  });
});

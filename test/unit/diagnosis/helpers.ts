import { parseGroundTruth, parsePrediction, subtaskInfo, type DiagnosisAnswer, type SubtaskKey } from '../../../src/core';

let serial = 0;

/** A scored answer built from the truth as question.json writes it and the model's raw text, through the real parsers. */
export function answer(subtask: SubtaskKey, truth: string | number, raw: string, extra: Partial<DiagnosisAnswer> = {}): DiagnosisAnswer {
  const kind = subtaskInfo(subtask)!.kind;
  const t = parseGroundTruth(kind, truth);
  if (!t) throw new Error(`bad truth ${truth}`);
  return { uid: extra.uid ?? `${subtask}_${serial++}`, subtask, truth: t, parsed: parsePrediction(kind, raw).parsed, raw, ...extra };
}

/** A small deterministic generator (mulberry32) for the chance tests. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import { seededRandom } from '../../../src/shared/diagnosis/random';
import {
  anyFrameVisible,
  parseGroundTruth,
  parsePrediction,
  subtaskInfo,
  type DiagnosisAnswer,
  type SubtaskKey,
  type TargetVisibility,
} from '../../../src/core';

let serial = 0;

/** A scored answer built from the truth as question.json writes it and the model's raw text, through the real parsers. */
export function answer(subtask: SubtaskKey, truth: string | number, raw: string, extra: Partial<DiagnosisAnswer> = {}): DiagnosisAnswer {
  const kind = subtaskInfo(subtask)!.kind;
  const t = parseGroundTruth(kind, truth);
  if (!t) throw new Error(`bad truth ${truth}`);
  return { uid: extra.uid ?? `${subtask}_${serial++}`, subtask, truth: t, parsed: parsePrediction(kind, raw).parsed, raw, ...extra };
}

/** A deterministic generator for the chance tests. */
export function seeded(seed: number): () => number {
  return seededRandom(`test/${seed}`);
}

/** Frame by frame, detected visible frames against the true ones. */
export function frameConfusion(found: TargetVisibility, truth: TargetVisibility): { tp: number; fp: number; fn: number } {
  const c = { tp: 0, fp: 0, fn: 0 };
  for (let i = 0; i < found.frames; i++) {
    const t = anyFrameVisible([i], truth);
    const f = anyFrameVisible([i], found);
    if (t && f) c.tp++;
    else if (f) c.fp++;
    else if (t) c.fn++;
  }
  return c;
}

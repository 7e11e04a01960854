// The blind human baseline's sample: `perSubtask` questions of each subtask, drawn with a fixed seed.
// Each subtask draws from its own stream (sfc32 seeded by the label gst-bench/blind/<seed>/<subtask>) over
// its uids in code-unit order, so the sample depends on neither the dataset's layout nor the other subtasks.
import { Rng } from '../random/sfc32';
import { compareText } from '../audit/format';
import { SUBTASKS, type SubtaskKey, type SubtaskOrOther } from '../subtasks';
import { BLIND_DEFAULT_SEED, BLIND_SAMPLE_PER_SUBTASK } from './constants';

export interface BlindCandidate {
  uid: string;
  subtask: SubtaskOrOther;
  /** False for a question whose truth cannot be parsed: a human answer to it could not be scored. */
  scorable: boolean;
}

export interface BlindSample {
  seed: string;
  perSubtask: number;
  /** The uids in the order they are asked: the drawn questions, shuffled across subtasks. */
  uids: string[];
  /** How many were drawn from each subtask (fewer than asked when the subtask has fewer). */
  drawn: Record<SubtaskKey, number>;
}

export function sampleBlind(questions: readonly BlindCandidate[], options: { perSubtask?: number; seed?: string } = {}): BlindSample {
  const perSubtask = options.perSubtask ?? BLIND_SAMPLE_PER_SUBTASK;
  const seed = options.seed ?? BLIND_DEFAULT_SEED;
  if (!Number.isInteger(perSubtask) || perSubtask < 1)
    throw new RangeError(`questions per subtask must be a whole number >= 1, not ${perSubtask}`);
  const drawn = {} as Record<SubtaskKey, number>;
  const picked: string[] = [];
  for (const s of SUBTASKS) {
    const pool = [...new Set(questions.filter((q) => q.subtask === s.key && q.scorable).map((q) => q.uid))].sort(compareText);
    const chosen = new Rng(`gst-bench/blind/${seed}/${s.key}`).shuffle(pool).slice(0, perSubtask);
    drawn[s.key] = chosen.length;
    picked.push(...chosen);
  }
  // Mixed across subtasks, so that no subtask is always answered fresh or always tired.
  const uids = new Rng(`gst-bench/blind/${seed}/order`).shuffle(picked);
  return { seed, perSubtask, uids, drawn };
}

import { SUBTASK_KEYS, type SubtaskKey } from '../subtasks';

export interface SubtaskAggregate {
  /** 100 x the mean per-question score over questions with a prediction (unparsed count as 0). */
  score: number;
  /** Questions with a prediction. */
  n: number;
  /** Of those, how many could not be parsed. */
  unparsed: number;
}

/** Accumulates per-question scores into the paper's subtask and overall scores. */
export class ScoreAccumulator {
  private readonly sums = new Map<SubtaskKey, { sum: number; n: number; unparsed: number }>();

  add(subtask: SubtaskKey, score: number, unparsed: boolean): void {
    const s = this.sums.get(subtask) ?? { sum: 0, n: 0, unparsed: 0 };
    s.sum += score;
    s.n += 1;
    if (unparsed) s.unparsed += 1;
    this.sums.set(subtask, s);
  }

  subtasks(): Partial<Record<SubtaskKey, SubtaskAggregate>> {
    const out: Partial<Record<SubtaskKey, SubtaskAggregate>> = {};
    for (const key of SUBTASK_KEYS) {
      const s = this.sums.get(key);
      if (s && s.n > 0) out[key] = { score: (100 * s.sum) / s.n, n: s.n, unparsed: s.unparsed };
    }
    return out;
  }

  overall(): number | null {
    return overallScore(Object.values(this.subtasks()).map((s) => s!.score));
  }
}

/** The paper's "Avg.": the arithmetic mean of the subtask scores present, not weighted by question count. */
export function overallScore(subtaskScores: readonly number[]): number | null {
  if (subtaskScores.length === 0) return null;
  return subtaskScores.reduce((a, b) => a + b, 0) / subtaskScores.length;
}

// The human score of a blind session, by the same parser and scorer as any model, against the paper's human row.
import { parsePrediction } from '../parsing/answerParser';
import type { ParsedValue } from '../parsing/parsedValue';
import { ScoreAccumulator, type SubtaskAggregate } from '../scoring/aggregate';
import type { ScoringProfile } from '../scoring/profiles';
import { scoreParsed } from '../scoring/scorer';
import { SUBTASK_KEYS, type AnswerKind, type SubtaskKey, type SubtaskOrOther } from '../subtasks';
import { formatScore } from '../format';
import { Z95 } from '../report/normalInterval';
import { PAPER_HUMAN_OVERALL } from './constants';
import type { BlindSession } from './session';

export interface ScorableQuestion {
  subtask: SubtaskOrOther;
  kind: AnswerKind | null;
  truth: ParsedValue | null;
}

export interface HumanScore {
  subtasks: Partial<Record<SubtaskKey, SubtaskAggregate>>;
  /** The mean of the subtask scores present, as for a model. */
  overall: number | null;
  answered: number;
  sampled: number;
  /** Every subtask has an answer: only then is the overall comparable with the paper's. */
  complete: boolean;
  paperHuman: number;
  /** overall - paperHuman. */
  difference: number | null;
  /**
   * Standard error of the overall from the sampling of questions: sqrt(sum_k s_k^2 / n_k) / K over the K
   * subtasks, s_k the sample standard deviation of the per-question scores (x100). Null while any subtask has
   * fewer than two answers. The paper's own sampling error is unknown and not included.
   */
  standardError: number | null;
  /** difference ± 1.96 standard errors. */
  interval95: [number, number] | null;
}

export function scoreBlindSession(
  session: BlindSession,
  questions: ReadonlyMap<string, ScorableQuestion>,
  profile: ScoringProfile,
): HumanScore {
  const acc = new ScoreAccumulator();
  const perSubtask = new Map<SubtaskKey, number[]>();
  for (const a of session.answers) {
    const q = questions.get(a.uid);
    if (!q || !q.kind || !q.truth || q.subtask === 'other') continue;
    const parsed = parsePrediction(q.kind, a.prediction).parsed;
    const { score } = scoreParsed(q.truth, parsed, profile);
    acc.add(q.subtask, score, parsed === null);
    const list = perSubtask.get(q.subtask) ?? [];
    list.push(100 * score);
    perSubtask.set(q.subtask, list);
  }
  const subtasks = acc.subtasks();
  const overall = acc.overall();
  const complete = SUBTASK_KEYS.every((k) => subtasks[k]);
  const standardError = overallStandardError([...perSubtask.values()]);
  const difference = overall === null ? null : overall - PAPER_HUMAN_OVERALL;
  return {
    subtasks,
    overall,
    answered: session.answers.length,
    sampled: session.sample.length,
    complete,
    paperHuman: PAPER_HUMAN_OVERALL,
    difference,
    standardError,
    interval95: difference === null || standardError === null ? null : [difference - Z95 * standardError, difference + Z95 * standardError],
  };
}

function overallStandardError(groups: number[][]): number | null {
  if (groups.length === 0 || groups.some((g) => g.length < 2)) return null;
  let sum = 0;
  for (const g of groups) {
    const mean = g.reduce((a, b) => a + b, 0) / g.length;
    const variance = g.reduce((a, b) => a + (b - mean) ** 2, 0) / (g.length - 1);
    sum += variance / g.length;
  }
  return Math.sqrt(sum) / groups.length;
}

/** One line for the participant: the score, the paper's human level, and the difference with its interval. */
export function describeHumanScore(s: HumanScore): string {
  const signed = (v: number) => `${v >= 0 ? '+' : ''}${formatScore(v)}`;
  const parts = [`${formatScore(s.overall)} over ${Object.keys(s.subtasks).length} subtasks (${s.answered} of ${s.sampled} answered)`];
  parts.push(`the paper's humans ${formatScore(s.paperHuman)}`);
  if (s.difference !== null)
    parts.push(
      `difference ${signed(s.difference)}${s.interval95 ? `, 95% interval [${signed(s.interval95[0])}, ${signed(s.interval95[1])}]` : ''}`,
    );
  if (!s.complete) parts.push('not comparable yet: some subtasks have no answer');
  return parts.join('; ');
}

// How much of a dataset a result file covers. The paper's Avg. is the mean of the subtask scores present,
// so a file that answers 2 of 12 subtasks gets an Avg. that reads like a full run's: every place that shows
// a score shows its coverage with it, and marks a partial Avg. as partial.
import { formatScore } from './format';
import { isSubtaskKey, SUBTASK_KEYS, type SubtaskKey } from './subtasks';

export interface SubtaskCoverage {
  /** Questions of the subtask that the result file predicts. */
  covered: number;
  /** Questions of the subtask in the dataset. */
  total: number;
}

export interface Coverage {
  /** Subtasks of the dataset with at least one prediction. */
  subtasks: number;
  /** Subtasks the dataset has (12 for the full benchmark). */
  subtasksTotal: number;
  /** Questions of the dataset's subtasks with a prediction. */
  questions: number;
  questionsTotal: number;
  bySubtask: Partial<Record<SubtaskKey, SubtaskCoverage>>;
}

/** Questions per subtask, from the subtask of every dataset question (unknown tasks are not scored, so left out). */
export function questionsPerSubtask(subtasks: Iterable<string>): Partial<Record<SubtaskKey, number>> {
  const counts: Partial<Record<SubtaskKey, number>> = {};
  for (const s of subtasks) if (isSubtaskKey(s)) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/**
 * Coverage of a result file: `predicted` is its per-subtask count of predicted questions (the aggregates'
 * `n`), `dataset` the dataset's questions per subtask. Predictions for subtasks the dataset lacks are ignored.
 */
export function coverageOf(predicted: Partial<Record<SubtaskKey, { n: number }>>, dataset: Partial<Record<SubtaskKey, number>>): Coverage {
  const c: Coverage = { subtasks: 0, subtasksTotal: 0, questions: 0, questionsTotal: 0, bySubtask: {} };
  for (const key of SUBTASK_KEYS) {
    const total = dataset[key] ?? 0;
    if (total === 0) continue;
    const covered = Math.min(predicted[key]?.n ?? 0, total);
    c.bySubtask[key] = { covered, total };
    c.subtasksTotal++;
    c.questionsTotal += total;
    c.questions += covered;
    if (covered > 0) c.subtasks++;
  }
  return c;
}

/** Partial when a subtask or a question of the dataset has no prediction. */
export function isPartial(c: Coverage): boolean {
  return c.subtasks < c.subtasksTotal || c.questions < c.questionsTotal;
}

/** "2/12 subtasks, 4/36 questions". */
export function coverageText(c: Coverage): string {
  return `${c.subtasks}/${c.subtasksTotal} subtasks, ${c.questions}/${c.questionsTotal} questions`;
}

/** The mark after a partial Avg. */
const PARTIAL_MARK = 'partial';

/**
 * An overall score with its coverage in the short form for narrow places: "88.80" for a full run,
 * "16.67 partial" when some of the dataset has no prediction. `format` is the caller's number format.
 */
export function overallShort(overall: number | null, c: Coverage, format: (score: number | null) => string = formatScore): string {
  return isPartial(c) ? `${format(overall)} ${PARTIAL_MARK}` : format(overall);
}

/** The long form for tooltips and headers: "Avg. 16.67 (partial: 2/12 subtasks, 4/36 questions)". */
export function overallLong(overall: number | null, c: Coverage, format: (score: number | null) => string = formatScore): string {
  return `Avg. ${format(overall)} (${isPartial(c) ? `${PARTIAL_MARK}: ` : ''}${coverageText(c)})`;
}

/** A subtask's score with its coverage when some of its questions have no prediction: "41.7 (2/3)". */
export function subtaskScoreShort(
  score: number | null,
  c: SubtaskCoverage | undefined,
  format: (score: number | null) => string = formatScore,
): string {
  return c && c.covered < c.total && c.covered > 0 ? `${format(score)} (${c.covered}/${c.total})` : format(score);
}

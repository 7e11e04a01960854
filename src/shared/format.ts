// The one way a number reads in the tree, the viewer, the CLI and every coming panel.

/** Shown where there is no score (no prediction, no subtask present). */
export const NO_SCORE = '—';

/** A subtask or overall score (0-100) with two decimals, as the paper prints; "—" when there is none. */
export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined ? NO_SCORE : score.toFixed(2);
}

/** A question's score (0-1) with two decimals, so 1 reads "1.00" beside "0.67". */
export function formatQuestionScore(score: number): string {
  return score.toFixed(2);
}

/** A measured value (an error, a distance): an integer as it is, otherwise `digits` decimals. */
export function formatNumber(n: number, digits = 1): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(digits);
}

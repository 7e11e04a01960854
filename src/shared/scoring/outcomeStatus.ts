/** How one prediction fared: the icon and colour it gets in every view. */
export type OutcomeStatus = 'correct' | 'partial' | 'wrong' | 'unparsed';

export function statusOf(score: number, parsed: boolean): OutcomeStatus {
  if (!parsed) return 'unparsed';
  return score >= 1 ? 'correct' : score > 0 ? 'partial' : 'wrong';
}

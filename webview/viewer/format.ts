// Small display helpers shared by the components.
import { formatQuestionScore } from '../../src/shared/format';
import type { ResultView } from '../../src/shared/protocol';

/** "0.67 (2/3)" or "1.00 (1/1)". */
export function scoreText(r: ResultView): string {
  const o = r.outcome;
  if (!o) return '';
  return o.passed !== null && o.of !== null ? `${formatQuestionScore(o.score)} (${o.passed}/${o.of})` : formatQuestionScore(o.score);
}

export function statusLabel(r: ResultView): string {
  return r.outcome ? r.outcome.status : 'no prediction';
}

export { formatNumber } from '../../src/shared/format';

// Small display helpers shared by the components.
import type { ResultView } from '../../src/shared/protocol';

export function formatScore(score: number): string {
  return (Math.round(score * 100) / 100).toString();
}

/** "0.67 (2/3)" or "1 (1/1)". */
export function scoreText(r: ResultView): string {
  const o = r.outcome;
  if (!o) return '';
  return o.passed !== null && o.of !== null ? `${formatScore(o.score)} (${o.passed}/${o.of})` : formatScore(o.score);
}

export function statusLabel(r: ResultView): string {
  return r.outcome ? r.outcome.status : 'no prediction';
}

export function formatNumber(n: number, digits = 1): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(digits);
}

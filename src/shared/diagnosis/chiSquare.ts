import { jStat } from 'jstat';

export interface ChiSquareResult {
  statistic: number;
  df: number;
  /** P(X >= statistic) under the null; 1 when there is nothing to test (df = 0). */
  p: number;
}

/**
 * Pearson's chi-square test of homogeneity on a 2 x k table of counts (two rows of the same categories).
 * Columns whose total is zero are dropped; df = (columns kept) - 1.
 */
export function chiSquareHomogeneity(a: readonly number[], b: readonly number[]): ChiSquareResult {
  const na = a.reduce((s, v) => s + v, 0);
  const nb = b.reduce((s, v) => s + v, 0);
  const n = na + nb;
  let statistic = 0;
  let columns = 0;
  for (let i = 0; i < a.length; i++) {
    const col = a[i] + b[i];
    if (col === 0) continue;
    columns++;
    const ea = (na * col) / n;
    const eb = (nb * col) / n;
    if (ea > 0) statistic += (a[i] - ea) ** 2 / ea;
    if (eb > 0) statistic += (b[i] - eb) ** 2 / eb;
  }
  const df = Math.max(0, columns - 1);
  if (df === 0 || na === 0 || nb === 0) return { statistic: 0, df, p: 1 };
  return { statistic, df, p: 1 - jStat.chisquare.cdf(statistic, df) };
}

// Resampling statistics: the percentile bootstrap and the sign-flip permutation test.
// The method, with every definition, is written out in docs/STATISTICS.md.
import { Xoshiro128 } from './prng';

/** Bootstrap resamples per interval (fixed, so two runs print the same numbers). */
export const BOOTSTRAP_RESAMPLES = 2000;
/** Random sign flips per permutation p-value; the smallest p it can give is 1 / (PERMUTATIONS + 1). */
export const PERMUTATIONS = 2000;
/** Two-sided confidence level of every interval. */
export const CONFIDENCE_LEVEL = 0.95;

export interface Interval {
  lo: number;
  hi: number;
}

/** The p-quantile of ascending values by linear interpolation between order statistics (Hyndman-Fan type 7, numpy's default). */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const i = Math.floor(h);
  if (i + 1 >= n) return sorted[n - 1];
  return sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]);
}

/** The percentile interval of bootstrap replicates: their (1-level)/2 and (1+level)/2 quantiles. */
export function percentileInterval(replicates: Float64Array, level = CONFIDENCE_LEVEL): Interval {
  const sorted = Float64Array.from(replicates).sort();
  return { lo: quantileSorted(sorted, (1 - level) / 2), hi: quantileSorted(sorted, (1 + level) / 2) };
}

/** An interval excludes 0 when both ends lie on the same side of it. */
export function excludesZero(ci: Interval): boolean {
  return ci.lo > 0 || ci.hi < 0;
}

/**
 * Bootstrap replicate means of several columns of equal length n: each replicate draws n positions uniformly
 * with replacement, the same positions for every column, and takes each column's mean over them.
 * Returns one Float64Array of `resamples` means per column.
 */
export function bootstrapMeans(columns: readonly ArrayLike<number>[], resamples: number, rng: Xoshiro128): Float64Array[] {
  const f = columns.length;
  const n = f === 0 ? 0 : columns[0].length;
  const out = columns.map(() => new Float64Array(resamples));
  if (n === 0) return out.map((o) => o.fill(NaN));
  // Position-major: the columns of one drawn position sit side by side in memory.
  const matrix = new Float64Array(n * f);
  columns.forEach((col, c) => {
    if (col.length !== n) throw new RangeError('bootstrapMeans: columns differ in length');
    for (let i = 0; i < n; i++) matrix[i * f + c] = col[i];
  });
  const sums = new Float64Array(f);
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    for (let j = 0; j < n; j++) {
      const base = rng.below(n) * f;
      for (let c = 0; c < f; c++) sums[c] += matrix[base + c];
    }
    for (let c = 0; c < f; c++) out[c][r] = sums[c] / n;
  }
  return out;
}

/**
 * Sums of randomly sign-flipped values: each replicate multiplies every value by an independent fair +1/-1
 * and adds them up. Zeros cannot change a sum, so they are left out before drawing.
 */
export function signFlipSums(values: ArrayLike<number>, permutations: number, rng: Xoshiro128): Float64Array {
  const nonzero: number[] = [];
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) nonzero.push(values[i]);
  const m = nonzero.length;
  const out = new Float64Array(permutations);
  for (let r = 0; r < permutations; r++) {
    let sum = 0;
    for (let j = 0; j < m; j += 32) {
      let bits = rng.nextUint32();
      const end = Math.min(m, j + 32);
      for (let k = j; k < end; k++, bits >>>= 1) sum += bits & 1 ? -nonzero[k] : nonzero[k];
    }
    out[r] = sum;
  }
  return out;
}

/**
 * Two-sided Monte Carlo permutation p-value with the +1 correction: (1 + #{|T_b| >= |T_obs|}) / (B + 1),
 * the observed statistic counted as one of the permutations, so p is never 0. Statistics within a relative
 * 1e-9 of |T_obs| count as ties (sums of thirds and tenths differ in the last bits by the order of addition).
 */
export function permutationPValue(observed: number, replicates: ArrayLike<number>): number {
  const t = Math.abs(observed);
  const tieTolerance = 1e-9 * Math.max(t, 1e-12);
  let extreme = 0;
  for (let i = 0; i < replicates.length; i++) if (Math.abs(replicates[i]) >= t - tieTolerance) extreme++;
  return (1 + extreme) / (replicates.length + 1);
}

/** The statistics' settings; the defaults are the documented ones, `seed` changes every stream. */
export interface ResamplingOptions {
  seed: number;
  resamples: number;
  permutations: number;
  level: number;
}

/** Names a random stream by its seed and purpose, e.g. `stream(o, 'bootstrap', 'ed_v', 231)`. */
export function stream(options: Pick<ResamplingOptions, 'seed'>, ...parts: (string | number)[]): Xoshiro128 {
  return new Xoshiro128([options.seed, ...parts].join('/'));
}

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

/** The percentile interval of bootstrap replicates: their (1-level)/2 and (1+level)/2 quantiles (type 7). */
export function percentileInterval(replicates: Float64Array, level = CONFIDENCE_LEVEL): Interval {
  // Selection reorders its input: it works on a copy, in a buffer kept between calls (there are thousands).
  if (scratch.length < replicates.length) scratch = new Float64Array(replicates.length);
  const work = scratch.subarray(0, replicates.length);
  work.set(replicates);
  return { lo: quantileBySelection(work, (1 - level) / 2), hi: quantileBySelection(work, (1 + level) / 2) };
}

let scratch = new Float64Array(0);

/** The same value as quantileSorted on the sorted values, by selection (linear on average) instead of sorting. */
function quantileBySelection(values: Float64Array, p: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const i = Math.floor(h);
  const x = selectInPlace(values, i);
  if (i + 1 >= n) return x;
  let next = Infinity; // after selection everything right of i is >= x: the next order statistic is their minimum
  for (let k = i + 1; k < n; k++) if (values[k] < next) next = values[k];
  return x + (h - i) * (next - x);
}

/** Rearranges `a` so a[k] is its k-th smallest value, smaller ones left, larger right (Hoare's quickselect). */
function selectInPlace(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot keeps sorted and constant runs linear.
    const pivot = Math.max(Math.min(a[lo], a[mid]), Math.min(Math.max(a[lo], a[mid]), a[hi]));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k];
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
  const n = columns.length === 0 ? 0 : columns[0].length;
  for (const col of columns) if (col.length !== n) throw new RangeError('bootstrapMeans: columns differ in length');
  if (n === 0) return columns.map(() => new Float64Array(resamples).fill(NaN));
  return packedBootstrapMeans(columns, n, resamples, rng) ?? plainBootstrapMeans(columns, n, resamples, rng);
}

/** The direct computation: per drawn position, add every column's value. */
export function plainBootstrapMeans(columns: readonly ArrayLike<number>[], n: number, resamples: number, rng: Xoshiro128): Float64Array[] {
  const f = columns.length;
  const out = columns.map(() => new Float64Array(resamples));
  // Position-major: the columns of one drawn position sit side by side in memory.
  const matrix = new Float64Array(n * f);
  columns.forEach((col, c) => {
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
 * Per-question scores are multiples of 1/L for a small L (choice 1, angle 3, point 5, distance 10), so each
 * column becomes small integers (value - column minimum) * L, and several columns are packed into one double's
 * 53-bit integer range, each in its own bit field wide enough for its largest possible sum: one addition per
 * drawn position then adds several columns exactly. Null when some value is not such a multiple.
 */
const SCORE_DENOMINATORS = [1, 2, 3, 5, 6, 10, 15, 30];

export function packedBootstrapMeans(
  columns: readonly ArrayLike<number>[],
  n: number,
  resamples: number,
  rng: Xoshiro128,
): Float64Array[] | null {
  const plans = columns.map((col) => integerPlan(col));
  if (plans.some((p) => p === null)) return null;
  const ok = plans as { scale: number; offset: number; ints: Int32Array; max: number }[];
  const bits = Math.max(1, ...ok.map((p) => Math.ceil(Math.log2(p.max * n + 1))));
  const perWord = Math.floor(53 / bits);
  if (perWord < 2) return null;
  const words = Math.ceil(columns.length / perWord);
  const field = 2 ** bits;
  // Word-major: a word's n packed values side by side, so one word's sum over the drawn positions stays in
  // registers. Every partial sum is an integer below 2^53, so adding in any order gives the same exact sum.
  const matrix = new Float64Array(words * n);
  ok.forEach((p, c) => {
    const base = Math.floor(c / perWord) * n;
    const shift = field ** (c % perWord);
    for (let i = 0; i < n; i++) matrix[base + i] += p.ints[i] * shift;
  });
  const out = columns.map(() => new Float64Array(resamples));
  // In typed arrays, not read from the plans: an offset that is an integer in one column and a fraction in the
  // next gives the plans different hidden classes, and the optimised loop would be thrown away for it.
  const divisors = Float64Array.from(ok, (p) => p.scale * n);
  const offsets = Float64Array.from(ok, (p) => p.offset);
  const drawn = new Int32Array(n);
  for (let r = 0; r < resamples; r++) {
    rng.fillBelow(drawn, n);
    for (let w = 0; w < words; w++) {
      const base = w * n;
      // Four sums in turn: each addition waits only on the one four positions before it.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j + 3 < n; j += 4) {
        s0 += matrix[base + drawn[j]];
        s1 += matrix[base + drawn[j + 1]];
        s2 += matrix[base + drawn[j + 2]];
        s3 += matrix[base + drawn[j + 3]];
      }
      for (; j < n; j++) s0 += matrix[base + drawn[j]];
      let rest = s0 + s1 + (s2 + s3);
      for (let k = 0; k < perWord && w * perWord + k < columns.length; k++) {
        const higher = Math.floor(rest / field);
        const c = w * perWord + k;
        out[c][r] = (rest - higher * field) / divisors[c] + offsets[c];
        rest = higher;
      }
    }
  }
  return out;
}

function integerPlan(col: ArrayLike<number>): { scale: number; offset: number; ints: Int32Array; max: number } | null {
  let offset = Infinity;
  for (let i = 0; i < col.length; i++) offset = Math.min(offset, col[i]);
  if (!Number.isFinite(offset)) return null;
  for (const scale of SCORE_DENOMINATORS) {
    const ints = new Int32Array(col.length);
    let max = 0;
    let exact = true;
    for (let i = 0; i < col.length && exact; i++) {
      const v = (col[i] - offset) * scale;
      ints[i] = Math.round(v);
      exact = Math.abs(v - ints[i]) <= 1e-9 && ints[i] >= 0;
      max = Math.max(max, ints[i]);
    }
    if (exact) return { scale, offset, ints, max };
  }
  return null;
}

/**
 * Sums of randomly sign-flipped values: each replicate multiplies every value by an independent fair +1/-1
 * and adds them up. Equal values are flipped as a group: of c copies of v, the number flipped to -v is the
 * number of set bits among c random bits (Binomial(c, 1/2)), which gives the same distribution as flipping
 * each copy. Zeros cannot change a sum and are left out.
 */
export function signFlipSums(values: ArrayLike<number>, permutations: number, rng: Xoshiro128): Float64Array {
  const counts = new Map<number, number>();
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) counts.set(values[i], (counts.get(values[i]) ?? 0) + 1);
  const distinct = [...counts].sort((a, b) => a[0] - b[0]);
  const value = Float64Array.from(distinct, (d) => d[0]);
  const count = Int32Array.from(distinct, (d) => d[1]);
  const nonzero = count.reduce((a, c) => a + c, 0);
  const out = new Float64Array(permutations);
  // One stream of bits, taken from each random word lowest bit first: replicate r takes bits
  // [r * nonzero, (r + 1) * nonzero), each distinct value the next `count` of them. The words are drawn in
  // blocks, so a replicate's bits are counted a word at a time (nonzero / 32 random words per replicate).
  let undrawn = Math.ceil((nonzero * permutations) / 32);
  const words = new Int32Array(Math.min(undrawn, Math.max(4096, 2 * (Math.ceil(nonzero / 32) + 1))));
  let filled = 0;
  let bit = 0; // the next bit to take, counted from words[0]
  for (let r = 0; r < permutations; r++) {
    if (Math.ceil((bit + nonzero) / 32) > filled) {
      const kept = bit >>> 5;
      words.copyWithin(0, kept, filled);
      filled -= kept;
      bit -= kept * 32;
      const drawn = Math.min(words.length - filled, undrawn);
      rng.fillUint32(words.subarray(filled, filled + drawn));
      filled += drawn;
      undrawn -= drawn;
    }
    let sum = 0;
    for (let d = 0; d < value.length; d++) {
      const c = count[d];
      const end = bit + c;
      const first = bit >>> 5;
      const last = end >>> 5;
      let minus: number;
      if (first === last) minus = popcount32((words[first] >>> (bit & 31)) & ((1 << c) - 1));
      else {
        minus = popcount32(words[first] >>> (bit & 31));
        for (let w = first + 1; w < last; w++) minus += popcount32(words[w]);
        if ((end & 31) !== 0) minus += popcount32(words[last] & ((1 << (end & 31)) - 1));
      }
      bit = end;
      sum += value[d] * (c - 2 * minus);
    }
    out[r] = sum;
  }
  return out;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
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

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  Xoshiro128,
  bootstrapMeans,
  percentileInterval,
  permutationPValue,
  packedBootstrapMeans,
  plainBootstrapMeans,
  quantileSorted,
  signFlipSums,
} from '../../../src/shared';

const mean = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0) / a.length;

/** Every sign pattern of a tiny sample, enumerated: the exact sign-flip distribution of its sum. */
function exactSignFlipSums(values: number[]): number[] {
  const sums: number[] = [];
  for (let mask = 0; mask < 1 << values.length; mask++) sums.push(values.reduce((a, v, i) => a + (mask & (1 << i) ? -v : v), 0));
  return sums;
}

describe('xoshiro128** streams', () => {
  it("reproduces the generator's published first outputs from state (1, 2, 3, 4)", () => {
    const g = Xoshiro128.fromState(1, 2, 3, 4);
    assert.deepEqual([g.nextUint32(), g.nextUint32(), g.nextUint32(), g.nextUint32()], [11520, 0, 5927040, 70819200]);
  });
  it('a label always gives the same stream; another label another one', () => {
    const draw = (label: string) =>
      Array.from(
        { length: 8 },
        (
          (g) => () =>
            g.nextUint32()
        )(new Xoshiro128(label)),
      );
    assert.deepEqual(draw('7/bootstrap/ed_v/231'), draw('7/bootstrap/ed_v/231'));
    assert.notDeepEqual(draw('7/bootstrap/ed_v/231'), draw('8/bootstrap/ed_v/231'));
  });
  it('fillBelow gives the values of as many below() calls, and leaves the stream where they would', () => {
    const one = new Xoshiro128('fill');
    const batch = new Xoshiro128('fill');
    const want = Array.from({ length: 231 }, () => one.below(231));
    const got = new Int32Array(231);
    batch.fillBelow(got, 231);
    assert.deepEqual([...got], want);
    assert.equal(batch.nextUint32(), one.nextUint32());
  });
  it('fillUint32 gives the values of as many nextUint32() calls, and leaves the stream where they would', () => {
    const one = new Xoshiro128('words');
    const batch = new Xoshiro128('words');
    const want = Array.from({ length: 100 }, () => one.nextUint32());
    const got = new Uint32Array(100);
    batch.fillUint32(got);
    assert.deepEqual([...got], want);
    assert.equal(batch.nextUint32(), one.nextUint32());
  });
  it('below(n) is uniform: each of 6 faces within 5 % of 1/6 over 60,000 draws', () => {
    const g = new Xoshiro128('dice');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[g.below(6)]++;
    for (const c of counts) assert.ok(Math.abs(c - 10000) < 500, `count ${c}`);
  });
});

describe('percentile intervals', () => {
  it('type-7 quantiles of a hand case', () => {
    assert.equal(quantileSorted([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantileSorted([1, 2, 3, 4], 0.025), 1.075);
    assert.equal(quantileSorted([1, 2, 3, 4], 1), 4);
    assert.ok(Number.isNaN(quantileSorted([], 0.5)));
  });
  it('selection gives exactly the sorted quantiles, ties and all', () => {
    const g = new Xoshiro128('quantiles');
    for (const n of [1, 2, 3, 40, 2000]) {
      const values = Float64Array.from({ length: n }, () => g.below(7) / 3); // many ties, as real replicates have
      const sorted = Float64Array.from(values).sort();
      assert.deepEqual(percentileInterval(values), { lo: quantileSorted(sorted, 0.025), hi: quantileSorted(sorted, 0.975) }, `n=${n}`);
    }
    // Other levels, and values without ties: each end is found from either side of its order statistics.
    for (const n of [2, 5, 41, 2000])
      for (const level of [0.1, 0.5, 0.8, 0.99]) {
        const values = Float64Array.from({ length: n }, () => g.next());
        const sorted = Float64Array.from(values).sort();
        const want = { lo: quantileSorted(sorted, (1 - level) / 2), hi: quantileSorted(sorted, (1 + level) / 2) };
        assert.deepEqual(percentileInterval(values, level), want, `n=${n}, level ${level}`);
      }
  });
});

describe('the bootstrap', () => {
  it('of a constant is that constant, exactly', () => {
    const [reps] = bootstrapMeans([new Float64Array(50).fill(2 / 3)], 2000, new Xoshiro128('const'));
    assert.deepEqual(percentileInterval(reps), { lo: 2 / 3, hi: 2 / 3 });
  });
  it('hand case: resampling [0, 1] gives means 0, 1/2, 1 with chances 1/4, 1/2, 1/4', () => {
    const [reps] = bootstrapMeans([Float64Array.of(0, 1)], 40000, new Xoshiro128('hand'));
    const freq = (v: number) => reps.filter((m) => m === v).length / reps.length;
    assert.ok(Math.abs(freq(0) - 0.25) < 0.01 && Math.abs(freq(0.5) - 0.5) < 0.01 && Math.abs(freq(1) - 0.25) < 0.01);
  });
  it('the replicate means converge to the sample mean (within 4 standard errors)', () => {
    const col = Float64Array.from({ length: 231 }, (_, i) => ((i * 37) % 11) / 10);
    const [reps] = bootstrapMeans([col], 2000, new Xoshiro128('converge'));
    const m = mean(col);
    const sd = Math.sqrt(mean(col.map((v) => (v - m) ** 2)));
    const se = sd / Math.sqrt(col.length) / Math.sqrt(reps.length);
    assert.ok(Math.abs(mean(reps) - m) < 4 * se, `${mean(reps)} vs ${m}`);
    // And the replicates' spread is the standard error of the mean, sd / sqrt(n), within 10 %.
    const repSd = Math.sqrt(mean(reps.map((v) => (v - mean(reps)) ** 2)));
    assert.ok(Math.abs(repSd / (sd / Math.sqrt(col.length)) - 1) < 0.1, `spread ${repSd}`);
  });
  it("the packed integer path gives the direct path's means on the same stream", () => {
    const cols = [0, 1, 2, 3, 4, 5, 6].map((c) =>
      Float64Array.from({ length: 231 }, (_, i) => ((i * (c + 3)) % (c + 2)) / (c + 1)).map((v) => Math.round(Math.min(v, 1) * 10) / 10),
    );
    cols.push(Float64Array.from({ length: 231 }, (_, i) => ((i % 3) - 1) / 3)); // negative: a column of differences
    const packed = packedBootstrapMeans(cols, 231, 300, new Xoshiro128('same'));
    assert.ok(packed, 'these columns are packed');
    assert.deepEqual(bootstrapMeans(cols, 300, new Xoshiro128('same')), packed);
    const plain = plainBootstrapMeans(cols, 231, 300, new Xoshiro128('same'));
    packed.forEach((p, c) => p.forEach((v, r) => assert.ok(Math.abs(v - plain[c][r]) < 1e-12, `column ${c} replicate ${r}`)));
  });
  it("the packed path gives the direct path's means at every length, however many positions a word is summed over", () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 20]) {
      // 25 columns of tenths: several packed words, as with 25 result files.
      const cols = Array.from({ length: 25 }, (_, c) => Float64Array.from({ length: n }, (_, i) => ((i * 7 + c * 3) % 11) / 10));
      const packed = packedBootstrapMeans(cols, n, 50, new Xoshiro128(`len-${n}`));
      assert.ok(packed, `columns of length ${n} are packed`);
      const plain = plainBootstrapMeans(cols, n, 50, new Xoshiro128(`len-${n}`));
      packed.forEach((p, c) =>
        p.forEach((v, r) => assert.ok(Math.abs(v - plain[c][r]) < 1e-12, `length ${n}, column ${c}, replicate ${r}`)),
      );
    }
  });
  it('values that are no small fraction take the direct path, with the same result', () => {
    const cols = [Float64Array.of(0.123, 0.5, 0.77)];
    assert.equal(packedBootstrapMeans(cols, 3, 100, new Xoshiro128('odd')), null);
    assert.deepEqual(bootstrapMeans(cols, 100, new Xoshiro128('odd')), plainBootstrapMeans(cols, 3, 100, new Xoshiro128('odd')));
  });
});

describe('the sign-flip permutation test', () => {
  it('matches the exact distribution of [1, 2, 3] enumerated by hand (8 patterns)', () => {
    const exact = exactSignFlipSums([1, 2, 3]).sort((a, b) => a - b);
    assert.deepEqual(exact, [-6, -4, -2, 0, 0, 2, 4, 6]);
    const flips = signFlipSums([1, 2, 3], 40000, new Xoshiro128('tiny'));
    for (const v of [-6, -4, -2, 0, 2, 4, 6]) {
      const want = exact.filter((s) => s === v).length / 8;
      const got = flips.filter((s) => s === v).length / flips.length;
      assert.ok(Math.abs(got - want) < 0.01, `P(sum=${v}) ${got} vs ${want}`);
    }
    // Exact two-sided p of the observed sum 6 is 2/8; the Monte Carlo p with +1 converges to it.
    assert.ok(Math.abs(permutationPValue(6, flips) - 0.25) < 0.01);
  });
  it('equal values flipped as a group keep the binomial distribution: four 1s sum to 4 with chance 1/16', () => {
    const flips = signFlipSums([1, 0, 1, 1, 0, 1], 64000, new Xoshiro128('group'));
    const p = (v: number) => flips.filter((s) => s === v).length / flips.length;
    for (const [v, want] of [
      [4, 1 / 16],
      [2, 4 / 16],
      [0, 6 / 16],
      [-2, 4 / 16],
      [-4, 1 / 16],
    ])
      assert.ok(Math.abs(p(v) - want) < 0.01, `P(${v})`);
    // 40 equal values use more than one random word per replicate.
    const many = signFlipSums(new Array(40).fill(1), 20000, new Xoshiro128('many'));
    assert.ok(Math.abs(mean(many)) < 0.2 && Math.abs(mean(many.map((s) => s * s)) - 40) < 2);
  });
  it('takes one stream of bits, lowest first, each replicate the distinct values in ascending order', () => {
    // The definition bit by bit: the numbers `compare` prints depend on this order, not only on the distribution.
    const byBits = (values: number[], permutations: number, rng: Xoshiro128) => {
      const counts = new Map<number, number>();
      for (const v of values) if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + 1);
      const distinct = [...counts].sort((a, b) => a[0] - b[0]);
      let word = 0;
      let left = 0;
      const nextBit = () => {
        if (left === 0) [word, left] = [rng.nextUint32(), 32];
        left--;
        const b = word & 1;
        word >>>= 1;
        return b;
      };
      return Array.from({ length: permutations }, () =>
        distinct.reduce((sum, [v, c]) => {
          let minus = 0;
          for (let k = 0; k < c; k++) minus += nextBit();
          return sum + v * (c - 2 * minus);
        }, 0),
      );
    };
    const rng = new Xoshiro128('cases');
    // Up to 3,000 values and 3,000 replicates: a replicate's bits cross words, and the drawn words run out and are drawn again.
    for (const [n, permutations] of [
      [1, 5],
      [3, 70],
      [31, 33],
      [33, 31],
      [231, 2000],
      [3000, 3000],
    ]) {
      const values = Array.from({ length: n }, () => (rng.below(21) - 10) / 10);
      const label = `flips-${n}-${permutations}`;
      assert.deepEqual(
        [...signFlipSums(values, permutations, new Xoshiro128(label))],
        byBits(values, permutations, new Xoshiro128(label)),
        label,
      );
    }
  });
  it('the p-value is (1 + #{|T_b| >= |T_obs|}) / (B + 1), never 0; no difference gives 1', () => {
    assert.equal(permutationPValue(3, [0, 1, -3, 4, 2]), (1 + 2) / 6);
    assert.equal(permutationPValue(10, [0, 1, 2]), 1 / 4);
    assert.equal(permutationPValue(0, signFlipSums([0, 0, 0], 99, new Xoshiro128('zero'))), 1);
  });
});

// Seeded pseudo-random numbers for the statistics: xoshiro128** (Blackman and Vigna, 2018), seeded through
// splitmix32 from a 32-bit FNV-1a hash of a text label. Each bootstrap or permutation run names its own
// stream (`seed/purpose/subtask/...`), so adding a file or a subtask never shifts another's numbers.

/** FNV-1a over the UTF-16 code units of a label: 32 bits, stable across platforms. */
function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32: spreads one 32-bit seed over the four state words (xoshiro's state must not be all zero). */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class Xoshiro128 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A stream named by a label; the same label always gives the same numbers. */
  constructor(label: string) {
    const st = { s: fnv1a32(label) };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
  }

  /** A stream from an explicit state, for checking the generator against its published outputs. */
  static fromState(a: number, b: number, c: number, d: number): Xoshiro128 {
    const g = new Xoshiro128('');
    g.a = a | 0;
    g.b = b | 0;
    g.c = c | 0;
    g.d = d | 0;
    return g;
  }

  /** The next 32 random bits, as an unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n) for n <= 2^32 (multiply-shift; the bias is below n / 2^32). */
  below(n: number): number {
    return Math.floor((this.nextUint32() / 4294967296) * n);
  }

  /**
   * Fills `out` with uniform integers in [0, n), the same values as `out.length` calls of below(n): the
   * bootstrap's inner loop draws millions.
   */
  fillBelow(out: Int32Array, n: number): void {
    this.fillUint32(out);
    for (let i = 0; i < out.length; i++) out[i] = Math.floor(((out[i] >>> 0) / 4294967296) * n);
  }

  /** Fills `out` with the next `out.length` values of nextUint32 (as 32-bit patterns), the state kept in locals. */
  fillUint32(out: Int32Array | Uint32Array): void {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = 0; i < out.length; i++) {
      out[i] = Math.imul(rotl(Math.imul(b, 5), 7), 9);
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + this.below(hi - lo + 1);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The default seed of every statistic: fixed, so two runs print the same numbers. */
export const DEFAULT_STATS_SEED = 20260801;

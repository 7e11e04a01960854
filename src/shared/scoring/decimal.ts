/**
 * Exact decimals: value = int / 10^scale. Used by the `paper` profile so that threshold
 * comparisons are decided by the numbers as written, not by binary rounding.
 */
export interface Decimal {
  readonly int: bigint;
  readonly scale: number;
}

/** Exact powers of ten as doubles: 1e22 is the largest. */
const EXACT_POWERS_OF_TEN = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
const MAX_EXACT_INT = BigInt(Number.MAX_SAFE_INTEGER);

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a plain or exponent decimal literal ("13.2", "-134", "1e-7"); undefined if it is not one. */
export function decimalFromString(text: string): Decimal | undefined {
  return plainDecimal(text) ?? decimalByRegex(text);
}

/** The general path, one regex and digits to BigInt; the fast path must agree with it (test/unit/core/fastPaths.test.ts). */
export function decimalByRegex(text: string): Decimal | undefined {
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return undefined;
  const [, sign, whole = '', frac = '', exp] = m;
  if (whole === '' && frac === '') return undefined;
  const e = exp ? Number(exp) : 0;
  // Far beyond any double: refuse rather than build a string of a billion zeros.
  if (Math.abs(e) > 400) return undefined;
  let scale = frac.length - e;
  let digits = (whole + frac).replace(/^0+(?=\d)/, '') || '0';
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const int = BigInt(digits);
  return { int: sign === '-' ? -int : int, scale };
}

/** Digits that a double holds exactly (< 2^53), so a plain literal of this many can be read without a regex or a string to BigInt. */
const EXACT_DIGITS = 15;

/** Fast path of `decimalFromString` for a plain literal ("-12.50"): the same result, or undefined to take the general path. */
function plainDecimal(text: string): Decimal | undefined {
  const n = text.length;
  let i = text.charCodeAt(0) === 0x2d /* - */ || text.charCodeAt(0) === 0x2b /* + */ ? 1 : 0;
  const neg = i === 1 && text.charCodeAt(0) === 0x2d;
  if (n - i > EXACT_DIGITS + 1) return undefined;
  let int = 0;
  let scale = -1; // -1 until the point
  let digits = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      int = int * 10 + (c - 0x30);
      digits++;
      if (scale >= 0) scale++;
    } else if (c === 0x2e /* . */ && scale < 0 && digits > 0) scale = 0;
    else return undefined;
  }
  if (digits === 0 || scale === 0 || digits > EXACT_DIGITS) return undefined; // "", "-", "1." and long literals: general path
  const big = BigInt(int);
  return { int: neg ? -big : big, scale: Math.max(scale, 0) };
}

/** The decimal that a JS number prints as (its shortest round-trip form, e.g. 13.2 -> "13.2"). */
export function decimalFromNumber(n: number): Decimal {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return decimalFromString(String(n))!;
}

function withScale(d: Decimal, scale: number): bigint {
  if (scale < d.scale) throw new RangeError('cannot reduce scale exactly');
  return d.int * 10n ** BigInt(scale - d.scale);
}

/** Both values as integers on a common scale. */
export function align(...ds: Decimal[]): { ints: bigint[]; scale: number } {
  const scale = Math.max(...ds.map((d) => d.scale));
  return { ints: ds.map((d) => withScale(d, scale)), scale };
}

/** True when a double computed from exact integers is itself exact: its magnitude is at most 2^53 - 1. */
export function isExactInDouble(v: number): boolean {
  return Math.abs(v) <= Number.MAX_SAFE_INTEGER;
}

/**
 * `align` in doubles, for arithmetic without BigInt: the integers on the common scale and 10^scale, or null
 * when any of them would not be held exactly (the caller then uses `align`).
 */
export function alignInDoubles(...ds: Decimal[]): { ints: number[]; unit: number } | null {
  let scale = 0;
  for (const d of ds) if (d.scale > scale) scale = d.scale;
  if (scale >= EXACT_POWERS_OF_TEN.length) return null;
  const ints: number[] = [];
  for (const d of ds) {
    if (d.scale < 0) return null;
    // No BigInt comparison: an integer beyond 2^53 - 1 converts to a double of at least 2^53, refused below.
    const v = Number(d.int) * EXACT_POWERS_OF_TEN[scale - d.scale];
    if (!isExactInDouble(v)) return null;
    ints.push(v);
  }
  return { ints, unit: EXACT_POWERS_OF_TEN[scale] };
}

export function decimalToNumber(d: Decimal): number {
  // Both operands exact as doubles: one IEEE division rounds the exact quotient correctly, as the string path does.
  if (d.scale >= 0 && d.scale < EXACT_POWERS_OF_TEN.length && d.int <= MAX_EXACT_INT && d.int >= -MAX_EXACT_INT)
    return Number(d.int) / EXACT_POWERS_OF_TEN[d.scale];
  // Goes through the string form so the nearest double is chosen (e.g. 35/10 -> 3.5).
  const neg = d.int < 0n;
  let digits = (neg ? -d.int : d.int).toString();
  if (d.scale > 0) {
    digits = digits.padStart(d.scale + 1, '0');
    digits = `${digits.slice(0, -d.scale)}.${digits.slice(-d.scale)}`;
  }
  return Number((neg ? '-' : '') + digits);
}

export function absBig(x: bigint): bigint {
  return x < 0n ? -x : x;
}

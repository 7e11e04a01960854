/**
 * Exact decimals: value = int / 10^scale. Used by the `paper` profile so that threshold
 * comparisons are decided by the numbers as written, not by binary rounding.
 */
export interface Decimal {
  readonly int: bigint;
  readonly scale: number;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a plain or exponent decimal literal ("13.2", "-134", "1e-7"); undefined if it is not one. */
export function decimalFromString(text: string): Decimal | undefined {
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

/** The decimal that a JS number prints as (its shortest round-trip form, e.g. 13.2 -> "13.2"). */
export function decimalFromNumber(n: number): Decimal {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return decimalFromString(String(n))!;
}

export function withScale(d: Decimal, scale: number): bigint {
  if (scale < d.scale) throw new RangeError('cannot reduce scale exactly');
  return d.int * 10n ** BigInt(scale - d.scale);
}

/** Both values as integers on a common scale. */
export function align(...ds: Decimal[]): { ints: bigint[]; scale: number } {
  const scale = Math.max(...ds.map((d) => d.scale));
  return { ints: ds.map((d) => withScale(d, scale)), scale };
}

/** Divides the decimal by 10^k exactly (unit conversion: cm -> m is k = 2). */
export function shiftDown(d: Decimal, k: number): Decimal {
  return { int: d.int, scale: d.scale + k };
}

export function decimalToNumber(d: Decimal): number {
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

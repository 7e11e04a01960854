// The corrections the what-if applies: exact on the decimals where the correction is exact (a sign, an offset, a
// power of ten, a swap), rounded to CORRECTED_DECIMALS where it cannot be (a rescale, a pixel conversion).
import { POINT_SCALE_MAX } from '../scoring/constants';
import { decimalToNumber, type Decimal } from '../scoring/decimal';
import type { ParsedValue } from '../parsing/parsedValue';
import { CORRECTED_DECIMALS } from './constants';

export type Angle = Extract<ParsedValue, { kind: 'angle' }>;
export type Distance = Extract<ParsedValue, { kind: 'distance' }>;
export type Point = Extract<ParsedValue, { kind: 'point' }>;

const pow10 = (k: number) => 10n ** BigInt(k);

function angle(exact: Decimal): Angle {
  return { kind: 'angle', value: decimalToNumber(exact), exact };
}
function distance(exact: Decimal): Distance {
  return { kind: 'distance', value: decimalToNumber(exact), exact };
}
function point(exactX: Decimal, exactY: Decimal): Point {
  return { kind: 'point', x: decimalToNumber(exactX), y: decimalToNumber(exactY), exactX, exactY };
}

/** `value` rounded to CORRECTED_DECIMALS, as an exact decimal. */
export function roundedDecimal(value: number): Decimal {
  return { int: BigInt(Math.round(value * 10 ** CORRECTED_DECIMALS)), scale: CORRECTED_DECIMALS };
}

/** Brings an angle into (-180, 180], the range the answers use; the score is the same either way. */
function wrapAngle(d: Decimal): Decimal {
  const half = 180n * pow10(d.scale);
  let int = d.int % (2n * half);
  if (int > half) int -= 2n * half;
  if (int <= -half) int += 2n * half;
  return { int, scale: d.scale };
}

export function negateAngle(p: Angle): Angle {
  return angle(wrapAngle({ int: -p.exact.int, scale: p.exact.scale }));
}

export function rotateAngle(p: Angle, degrees: number): Angle {
  return angle(wrapAngle({ int: p.exact.int + BigInt(degrees) * pow10(p.exact.scale), scale: p.exact.scale }));
}

/** Divides a distance by 10^k exactly (k may be negative). */
export function divideByPowerOfTen(p: Distance, k: number): Distance {
  const d = p.exact;
  if (k >= 0) return distance({ int: d.int, scale: d.scale + k });
  return distance(d.scale >= -k ? { int: d.int, scale: d.scale + k } : { int: d.int * pow10(-k - d.scale), scale: 0 });
}

export function rescaleDistance(p: Distance, divisor: number): Distance {
  return distance(roundedDecimal(p.value / divisor));
}

export function swapAxes(p: Point): Point {
  return point(p.exactY, p.exactX);
}

export function flipY(p: Point): Point {
  const y = p.exactY;
  return point(p.exactX, { int: BigInt(POINT_SCALE_MAX) * pow10(y.scale) - y.int, scale: y.scale });
}

/** [0, 1] coordinates to the [0, 999] map scale: exact, a multiplication by 999. */
export function fromNormalized(p: Point): Point {
  const m = BigInt(POINT_SCALE_MAX);
  return point({ int: p.exactX.int * m, scale: p.exactX.scale }, { int: p.exactY.int * m, scale: p.exactY.scale });
}

/** Pixel coordinates of a width x height image to the map scale: x = px / (width - 1) * 999 (pixel centres). */
export function fromPixels(p: Point, width: number, height: number): Point {
  return point(roundedDecimal((p.x / (width - 1)) * POINT_SCALE_MAX), roundedDecimal((p.y / (height - 1)) * POINT_SCALE_MAX));
}

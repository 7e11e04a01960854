// What a person does in the overlays (drag a dial, click the map, type meters, press a letter), turned into a
// typed answer. Screen coordinates: x right, y down; angles as in webview/overlays/geometry.ts (0 up, left positive).
import { pixelCentreToNormalized } from '../geometry';
import { CHOICE_LETTERS, POINT_SCALE_MAX } from '../scoring/constants';
import { decimalFromString } from '../scoring/decimal';
import type { TypedAnswer } from './typedAnswer';

/** Whole degrees in (-180, 180], never -0. */
export function wholeDegrees(deg: number): number {
  let r = Math.round(deg) % 360;
  if (r > 180) r -= 360;
  if (r <= -180) r += 360;
  return r === 0 ? 0 : r;
}

/**
 * The angle of a drag from the dial's centre to (dx, dy): 0 straight up (the current view on the direction dial,
 * the top of the map for a heading), +90 left, -90 right, 180 behind. Null at the centre itself.
 */
export function angleFromPointer(dx: number, dy: number): Extract<TypedAnswer, { kind: 'angle' }> | null {
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || (dx === 0 && dy === 0)) return null;
  return { kind: 'angle', value: wholeDegrees((Math.atan2(-dx, -dy) * 180) / Math.PI) };
}

const onMap = (n: number) => Math.min(POINT_SCALE_MAX, Math.max(0, Math.round(n)));

/**
 * The [0, 999] map point of a click at drawing coordinates (px, py) on a map of `width` x `height` pixels: the
 * inverse of the one mapping the overlays draw with (src/shared/geometry.ts), each axis on its own, clamped to
 * the map. Null for an image too small to map.
 */
export function pointFromClick(px: number, py: number, width: number, height: number): Extract<TypedAnswer, { kind: 'point' }> | null {
  if (!(width > 1 && height > 1) || !Number.isFinite(px) || !Number.isFinite(py)) return null;
  const n = pixelCentreToNormalized({ x: px - 0.5, y: py - 0.5 }, width, height); // drawing → pixel centre
  return { kind: 'point', x: onMap(n.x), y: onMap(n.y) };
}

/**
 * Meters typed by a person ("3.45", "3,5", " 12 "), rounded half away from zero to one decimal on the digits
 * as typed (so "1.45" gives 1.5, which binary rounding would make 1.4). An error message for anything else.
 */
export function distanceFromText(text: string): Extract<TypedAnswer, { kind: 'distance' }> | { error: string } {
  const d = decimalFromString(text.trim().replace(',', '.'));
  if (!d) return { error: 'type a distance in meters, e.g. 3.5' };
  if (d.int < 0n) return { error: 'a distance cannot be negative' };
  let tenths: bigint;
  if (d.scale <= 1) tenths = d.int * 10n ** BigInt(1 - d.scale);
  else {
    const unit = 10n ** BigInt(d.scale - 1);
    tenths = d.int / unit + (2n * (d.int % unit) >= unit ? 1n : 0n);
  }
  if (tenths > BigInt(Number.MAX_SAFE_INTEGER)) return { error: 'that distance is too large' };
  return { kind: 'distance', value: Number(tenths) / 10 };
}

/** A candidate letter from a key press or a click ("a" or "A"); null for any other key. */
export function choiceFromKey(key: string): Extract<TypedAnswer, { kind: 'choice' }> | null {
  const letter = key.length === 1 ? key.toUpperCase() : '';
  return CHOICE_LETTERS.includes(letter) ? { kind: 'choice', letter } : null;
}

// Pure overlay geometry (no DOM). Screen coordinates: x right, y down, as in SVG.
import { normalizedToDrawing, unitsToPixels, type Vec } from '../../../src/shared/geometry';
import { ANGLE_TOLERANCES_DEG, MRA_THRESHOLDS_HUNDREDTHS, POINT_THRESHOLDS } from '../../../src/shared/scoring/constants';

export type { Vec };

const RAD = Math.PI / 180;

/**
 * Unit vector on screen for an angle in GST-Bench's convention: 0 points up (the current viewing direction,
 * or the top of the map for headings) and positive angles turn LEFT (counter-clockwise), so +90 points left.
 */
export function directionVector(deg: number): Vec {
  const x = -Math.sin(deg * RAD);
  const y = -Math.cos(deg * RAD);
  // Round away float noise such as 6e-17, so +90 gives exactly (-1, 0).
  return { x: Math.abs(x) < 1e-12 ? 0 : x, y: Math.abs(y) < 1e-12 ? 0 : y };
}

/** The point at distance `length` from `from` in direction `deg`. */
export function pointAt(from: Vec, deg: number, length: number): Vec {
  const d = directionVector(deg);
  return { x: from.x + d.x * length, y: from.y + d.y * length };
}

/** Angles wrapped to (-180, 180]. */
export function wrapDegrees(deg: number): number {
  const r = ((((deg + 180) % 360) + 360) % 360) - 180;
  return r === -180 ? 180 : r;
}

/** Circular difference in [0, 180]. */
export function angularError(a: number, b: number): number {
  return Math.abs(wrapDegrees(a - b));
}

/**
 * SVG path of the sector of radius r around `centerDeg` spanning ±halfWidthDeg. The arc runs from the right
 * edge (centerDeg - half) to the left edge (centerDeg + half): counter-clockwise on screen, SVG sweep-flag 0.
 */
export function wedgePath(center: Vec, r: number, centerDeg: number, halfWidthDeg: number): string {
  const a = pointAt(center, centerDeg - halfWidthDeg, r);
  const b = pointAt(center, centerDeg + halfWidthDeg, r);
  const large = halfWidthDeg * 2 > 180 ? 1 : 0;
  const f = (n: number) => +n.toFixed(3);
  return `M ${f(center.x)} ${f(center.y)} L ${f(a.x)} ${f(a.y)} A ${f(r)} ${f(r)} 0 ${large} 0 ${f(b.x)} ${f(b.y)} Z`;
}

/** The wedges drawn around the truth, one per angle tolerance, widest first (so narrower ones paint on top). */
export function toleranceWedges(center: Vec, r: number, truthDeg: number): Array<{ tolerance: number; d: string }> {
  return [...ANGLE_TOLERANCES_DEG].sort((a, b) => b - a).map((t) => ({ tolerance: t, d: wedgePath(center, r, truthDeg, t) }));
}

/** A point on [0, 999] (x right, y down) in the drawing coordinates of an image of this size (the shared mapping). */
export const normalizedToPixels = normalizedToDrawing;

export interface Ellipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  threshold: number;
}

/**
 * The point-score rings around the truth. A threshold t is a distance in [0, 999] units, whose x and y are
 * normalised separately, so on a W x H image the ring is an ellipse with radii t/999*(W-1) and t/999*(H-1).
 */
export function thresholdRings(truth: Vec, width: number, height: number): Ellipse[] {
  const c = normalizedToPixels(truth, width, height);
  return POINT_THRESHOLDS.map((t) => {
    const r = unitsToPixels(t, width, height);
    return { cx: c.x, cy: c.y, rx: r.x, ry: r.y, threshold: t };
  });
}

/** Euclidean distance in [0, 999] units, the point score's measure. */
export function normalizedDistance(a: Vec, b: Vec): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export interface MraBand {
  /** theta, e.g. 0.5 */
  threshold: number;
  /** Predictions strictly between lo and hi pass this threshold (exact profile: |p - g| < (1 - theta) * g). */
  lo: number;
  hi: number;
}

/** The band of predictions that pass each of the 10 MRA thresholds, widest (theta = 0.50) first. */
export function mraBands(truth: number): MraBand[] {
  const scale = truth === 0 ? 1 : Math.abs(truth); // relative error falls back to absolute error when g = 0
  return MRA_THRESHOLDS_HUNDREDTHS.map((k) => {
    const half = ((100 - k) / 100) * scale;
    return { threshold: k / 100, lo: truth - half, hi: truth + half };
  });
}

/** How many bands contain the value (open intervals), for display next to a point on the ruler. */
export function bandsContaining(bands: readonly MraBand[], value: number): number {
  return bands.filter((b) => value > b.lo && value < b.hi).length;
}

/** A linear scale for the distance ruler: 0 to a little past the largest value, mapped onto [left, right] pixels. */
export function rulerScale(
  values: readonly number[],
  left: number,
  right: number,
): { max: number; toX: (v: number) => number; ticks: number[] } {
  const finite = values.filter((v) => Number.isFinite(v));
  const top = Math.max(1, ...finite.map((v) => Math.abs(v))) * 1.15;
  const step = niceStep(top / 6);
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) ticks.push(+v.toFixed(6));
  return { max, toX: (v) => left + (Math.min(Math.max(v, 0), max) / max) * (right - left), ticks };
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/**
 * Where a ray from `from` (pixels) in direction `deg` leaves a W x H image. Directions are in pixel space:
 * the map image keeps the scene's proportions, only the [0, 999] coordinates are normalised per axis.
 */
export function rayToEdge(from: Vec, deg: number, width: number, height: number): Vec {
  const d = directionVector(deg);
  const ts: number[] = [];
  if (d.x > 0) ts.push((width - from.x) / d.x);
  if (d.x < 0) ts.push(-from.x / d.x);
  if (d.y > 0) ts.push((height - from.y) / d.y);
  if (d.y < 0) ts.push(-from.y / d.y);
  const t = Math.max(0, Math.min(...ts));
  return { x: from.x + d.x * t, y: from.y + d.y * t };
}

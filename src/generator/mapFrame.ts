// Top-down image coordinates. The [0, 999] <-> pixel mapping itself is src/shared/geometry.ts, shared with the viewer.
//
// Convention (documented in the dataset README):
// - pixel coordinates p are pixel centres: p = 0 is the centre of the first pixel, p = size - 1 of the last;
// - normalised coordinates n are on [0, 999] per axis: n = p / (size - 1) * 999, x to the right, y down.
//   Each axis is normalised separately, so on a non-square image one unit is a different length on x and y;
// - world metres map to pixels at the same scale on both axes (square pixels), plan centred in the image.
// - headings: degrees in [-180, 180], 0 = facing the top of the image (-y), positive = counter-clockwise on
//   the image (a left turn), so 90 faces left (-x) and -90 faces right (+x).
import { normalizedToPixelCentre, pixelCentreToNormalized } from '../shared/geometry';
import { POINT_MAX, TOPDOWN_MARGIN_PX } from './constants';
import type { Point, Rect } from './scene';

export interface MapFrame {
  width: number;
  height: number;
  /** World coordinates of pixel centre (0, 0). */
  originX: number;
  originY: number;
  pxPerMeter: number;
}

export function mapFrameFor(bounds: Rect, width: number, height: number): MapFrame {
  const w = bounds.x1 - bounds.x0;
  const h = bounds.y1 - bounds.y0;
  const pxPerMeter = Math.min((width - 1 - 2 * TOPDOWN_MARGIN_PX) / w, (height - 1 - 2 * TOPDOWN_MARGIN_PX) / h);
  const cx = (bounds.x0 + bounds.x1) / 2;
  const cy = (bounds.y0 + bounds.y1) / 2;
  return { width, height, originX: cx - (width - 1) / 2 / pxPerMeter, originY: cy - (height - 1) / 2 / pxPerMeter, pxPerMeter };
}

export function worldToPixel(f: MapFrame, p: Point): Point {
  return { x: (p.x - f.originX) * f.pxPerMeter, y: (p.y - f.originY) * f.pxPerMeter };
}

export function pixelToWorld(f: MapFrame, p: Point): Point {
  return { x: f.originX + p.x / f.pxPerMeter, y: f.originY + p.y / f.pxPerMeter };
}

/** World metres to normalised [0, 999] coordinates (unrounded). */
export function worldToNormalized(f: MapFrame, p: Point): Point {
  return pixelCentreToNormalized(worldToPixel(f, p), f.width, f.height);
}

export function normalizedToWorld(f: MapFrame, n: Point): Point {
  return pixelToWorld(f, normalizedToPixelCentre(n, f.width, f.height));
}

/** Metres per normalised unit on each axis. */
export function metersPerUnit(f: MapFrame): { x: number; y: number } {
  return { x: (f.width - 1) / POINT_MAX / f.pxPerMeter, y: (f.height - 1) / POINT_MAX / f.pxPerMeter };
}

/** Unit vector of a heading in world/image coordinates (y down). */
export function headingVector(headingDeg: number): Point {
  const t = (headingDeg * Math.PI) / 180;
  return { x: -Math.sin(t), y: -Math.cos(t) };
}

/** Heading (degrees, the convention above) of a direction vector in image coordinates. */
export function headingOf(dx: number, dy: number): number {
  return (Math.atan2(-dx, -dy) * 180) / Math.PI;
}

/** Wraps degrees to (-180, 180]. */
export function wrapDegrees(d: number): number {
  let r = d % 360;
  if (r > 180) r -= 360;
  if (r <= -180) r += 360;
  return r;
}

/** The answers, computed from geometry in normalised units: the single definition the generator uses. */
export function directionAnswer(agent: { x: number; y: number; heading: number }, target: Point, mpu: { x: number; y: number }): number {
  const bearing = headingOf((target.x - agent.x) * mpu.x, (target.y - agent.y) * mpu.y);
  return Math.round(wrapDegrees(bearing - agent.heading));
}

/** Floor-plane distance from the agent to the target's centre, metres to one decimal. */
export function distanceAnswer(agent: Point, target: Point, mpu: { x: number; y: number }): number {
  return Math.round(Math.hypot((target.x - agent.x) * mpu.x, (target.y - agent.y) * mpu.y) * 10) / 10;
}

// Where a point on GST-Bench's [0, 999] map scale lies on a top-down image: the one mapping the generator
// (which draws the maps and computes the answers) and the viewer (which draws the overlays) share.
//
// Convention: each axis is normalised separately, x right, y down; 0 is the centre of the first pixel and 999
// the centre of the last, so a pixel-centre coordinate p = n / 999 * (size - 1). In drawing coordinates, where
// pixel i covers [i, i + 1] (an SVG viewBox of the image's size, a canvas), that centre is at p + 0.5.
import { POINT_SCALE_MAX } from './scoring/constants';

export interface Vec {
  x: number;
  y: number;
}

/** [0, 999] to pixel-centre coordinates of a width x height image. */
export function normalizedToPixelCentre(n: Vec, width: number, height: number): Vec {
  return { x: (n.x / POINT_SCALE_MAX) * (width - 1), y: (n.y / POINT_SCALE_MAX) * (height - 1) };
}

/** Pixel-centre coordinates to [0, 999] (unrounded). */
export function pixelCentreToNormalized(p: Vec, width: number, height: number): Vec {
  return { x: (p.x / (width - 1)) * POINT_SCALE_MAX, y: (p.y / (height - 1)) * POINT_SCALE_MAX };
}

/** [0, 999] to drawing coordinates over the image (pixel i covers [i, i + 1]). */
export function normalizedToDrawing(n: Vec, width: number, height: number): Vec {
  const c = normalizedToPixelCentre(n, width, height);
  return { x: c.x + 0.5, y: c.y + 0.5 };
}

/** A length of `units` on the [0, 999] scale, in pixels along each axis (the axes scale separately). */
export function unitsToPixels(units: number, width: number, height: number): Vec {
  return { x: (units / POINT_SCALE_MAX) * (width - 1), y: (units / POINT_SCALE_MAX) * (height - 1) };
}

// Layout of the marks and labels drawn over a top-down map: a margin that holds every mark whole, label
// positions that do not collide, and fanned-out directions for predictions that coincide. Pure and
// deterministic (same input, same layout), in the map image's pixel space: x right, y down.

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Margins {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const NO_MARGINS: Margins = { left: 0, top: 0, right: 0, bottom: 0 };

export function boxAround(x: number, y: number, halfWidth: number, halfHeight = halfWidth): Box {
  return { x0: x - halfWidth, y0: y - halfHeight, x1: x + halfWidth, y1: y + halfHeight };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export function inside(a: Box, bounds: Box): boolean {
  return a.x0 >= bounds.x0 && a.y0 >= bounds.y0 && a.x1 <= bounds.x1 && a.y1 <= bounds.y1;
}

/**
 * The margins around a W x H image that hold every box whole, each side's overhang plus `pad`, and no side
 * more than `maxFraction` of the image's larger side (a ring around a corner point stays whole, the map
 * does not shrink to nothing for a far-off prediction).
 */
export function marginsToContain(boxes: readonly Box[], width: number, height: number, pad: number, maxFraction = 0.4): Margins {
  const cap = Math.max(width, height) * maxFraction;
  const side = (overhang: number) => (overhang > 0 ? Math.min(overhang + pad, cap) : 0);
  let left = 0;
  let top = 0;
  let right = 0;
  let bottom = 0;
  for (const b of boxes) {
    left = Math.max(left, -b.x0);
    top = Math.max(top, -b.y0);
    right = Math.max(right, b.x1 - width);
    bottom = Math.max(bottom, b.y1 - height);
  }
  return { left: side(left), top: side(top), right: side(right), bottom: side(bottom) };
}

/** Average glyph advance of the UI font, as a fraction of the font size, to estimate a label's width. */
const GLYPH_WIDTH_EM = 0.6;

export interface LabelRequest {
  id: string;
  text: string;
  /** The point the label belongs to. */
  anchor: { x: number; y: number };
  fontSize: number;
  /** Keep this far from the anchor (the mark's radius). */
  gap: number;
}

export interface PlacedLabel {
  id: string;
  /** Centre of the label's box; draw with text-anchor middle and dominant-baseline middle. */
  x: number;
  y: number;
  box: Box;
  /** False when every candidate collided and the first one was taken anyway. */
  clear: boolean;
}

/** Candidate directions around an anchor, in order of preference: right, above-right, above, ... */
const CANDIDATES: ReadonlyArray<[number, number]> = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];
/** Distances tried, in multiples of the label's height beyond the gap. */
const RINGS = [0, 1, 2.5];

export function labelSize(text: string, fontSize: number): { w: number; h: number } {
  return { w: Math.max(1, text.length) * fontSize * GLYPH_WIDTH_EM, h: fontSize * 1.2 };
}

/**
 * Places labels one after another (in the order given: the first gets the best spot): for each, the first
 * candidate position around its anchor whose box lies inside `bounds` and overlaps no obstacle and no label
 * placed before it. Greedy and deterministic.
 */
export function placeLabels(requests: readonly LabelRequest[], obstacles: readonly Box[], bounds: Box): PlacedLabel[] {
  const taken: Box[] = [...obstacles];
  const placed: PlacedLabel[] = [];
  for (const r of requests) {
    const { w, h } = labelSize(r.text, r.fontSize);
    let first: PlacedLabel | undefined;
    let chosen: PlacedLabel | undefined;
    for (const ring of RINGS) {
      for (const [dx, dy] of CANDIDATES) {
        // The box's near edge sits `gap` (+ ring) from the anchor in the candidate's direction.
        const x = r.anchor.x + dx * (r.gap + w / 2 + ring * h);
        const y = r.anchor.y + dy * (r.gap + h / 2 + ring * h);
        const box = { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
        const candidate = { id: r.id, x, y, box, clear: true };
        first ??= { ...candidate, clear: false };
        if (inside(box, bounds) && !taken.some((t) => overlaps(t, box))) {
          chosen = candidate;
          break;
        }
      }
      if (chosen) break;
    }
    const result = chosen ?? first!;
    taken.push(result.box);
    placed.push(result);
  }
  return placed;
}

/** Small boxes along a segment, so a label can be kept off a ray or a line. */
export function segmentBoxes(a: { x: number; y: number }, b: { x: number; y: number }, halfThickness: number): Box[] {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const steps = Math.max(1, Math.ceil(length / (halfThickness * 2)));
  const out: Box[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    out.push(boxAround(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, halfThickness));
  }
  return out;
}

export interface FannedAngle {
  /** The value as predicted. */
  value: number;
  /** The direction to draw it in: spread from its group's mean so coinciding marks stay apart. */
  drawn: number;
  /** How many predictions share this direction (1 when alone). */
  together: number;
  /** Index of its group, in the order of the groups' first members. */
  group: number;
}

/**
 * Directions of predictions, with those closer than `minSeparation` degrees (circularly) grouped and drawn
 * `spread` degrees apart around the group's first member, so 0° and 1° show as two rays marked "×2".
 */
export function fanOutAngles(values: readonly number[], minSeparation: number, spread: number): FannedAngle[] {
  const { groups, groupOf } = groupClose(values.length, (i, j) => circularGap(values[i], values[j]) < minSeparation);
  return values.map((value, i) => {
    const members = groups[groupOf[i]];
    const k = members.indexOf(i);
    const base = values[members[0]];
    const offset = (k - (members.length - 1) / 2) * spread;
    return { value, drawn: members.length > 1 ? base + offset : value, together: members.length, group: groupOf[i] };
  });
}

/** Groups items 0..n-1: an item joins the first group holding an item close to it. Quadratic, for a few marks. */
function groupClose(n: number, close: (i: number, j: number) => boolean): { groups: number[][]; groupOf: number[] } {
  const groups: number[][] = [];
  const groupOf: number[] = [];
  for (let i = 0; i < n; i++) {
    const g = groups.findIndex((members) => members.some((j) => close(i, j)));
    groupOf[i] = g >= 0 ? g : groups.length;
    if (g >= 0) groups[g].push(i);
    else groups.push([i]);
  }
  return { groups, groupOf };
}

function circularGap(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}

export interface FannedPoint {
  /** Where the mark is drawn: on a small circle around its group's first member when points coincide. */
  drawn: { x: number; y: number };
  together: number;
  group: number;
}

/**
 * Points closer than `minDistance` are grouped, and the members of a group are drawn evenly around a circle
 * of radius `spread` centred on its first member, so two predictions of the same point both show. Closeness
 * is measured on `measured` (e.g. the [0, 999] values) when given, the drawing is in `points`' space.
 */
export function fanOutPoints(
  points: ReadonlyArray<{ x: number; y: number }>,
  minDistance: number,
  spread: number,
  measured = points,
): FannedPoint[] {
  const { groups, groupOf } = groupClose(
    points.length,
    (i, j) => Math.hypot(measured[i].x - measured[j].x, measured[i].y - measured[j].y) < minDistance,
  );
  return points.map((p, i) => {
    const members = groups[groupOf[i]];
    if (members.length === 1) return { drawn: { x: p.x, y: p.y }, together: 1, group: groupOf[i] };
    const centre = points[members[0]];
    // Start at the upper left and go round clockwise on screen.
    const a = Math.PI * 1.25 + (2 * Math.PI * members.indexOf(i)) / members.length;
    return {
      drawn: { x: centre.x + spread * Math.cos(a), y: centre.y + spread * Math.sin(a) },
      together: members.length,
      group: groupOf[i],
    };
  });
}

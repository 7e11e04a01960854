// First-person views by column raycasting: walls are full-height boxes, furniture boxes of their own height
// (front face plus top face when below eye level), floor cast per pixel with the room's floor. Pure TypeScript.
import {
  ANNOTATION_BOX_COLOR,
  ANNOTATION_BOX_THICKNESS,
  BASEBOARD_COLOR,
  CEILING_COLOR,
  EYE_HEIGHT,
  HORIZON_FRACTION,
  HORIZONTAL_FOV_DEG,
  VISIBLE_MIN_FRACTION,
  WALL_COLOR,
  WALL_HEIGHT,
  type Rgb,
} from './constants';
import { headingVector } from './mapFrame';
import { strokeRect, type RgbImage } from './image';
import type { Rect, Scene } from './scene';

export interface Pose {
  x: number;
  y: number;
  /** Degrees; see mapFrame.ts for the convention. */
  heading: number;
}

/** Pixel coverage of one furniture piece in a view. */
export interface ObjectStats {
  pixels: number;
  /** Inclusive bounding box of its visible pixels. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface ViewResult {
  /** Null when only visibility was asked for. */
  image: RgbImage | null;
  /** Indexed by furniture id (1-based); undefined when the piece is not in view. */
  objects: Array<ObjectStats | undefined>;
}

const FLOOR_TEXEL = 0.025; // metres per floor-texture cell

interface Prepared {
  floorTex: Uint8Array;
  texW: number;
  texH: number;
  texX0: number;
  texY0: number;
}

const prepared = new WeakMap<Scene, Prepared>();

/** Floor colours with a plank/tile pattern, baked once per scene. */
function prepare(scene: Scene): Prepared {
  const cached = prepared.get(scene);
  if (cached) return cached;
  const b = scene.bounds;
  const texW = Math.ceil((b.x1 - b.x0) / FLOOR_TEXEL);
  const texH = Math.ceil((b.y1 - b.y0) / FLOOR_TEXEL);
  const floorTex = new Uint8Array(texW * texH * 3);
  for (let j = 0; j < texH; j++) {
    const y = b.y0 + (j + 0.5) * FLOOR_TEXEL;
    for (let i = 0; i < texW; i++) {
      const x = b.x0 + (i + 0.5) * FLOOR_TEXEL;
      const room = scene.rooms.find((r) => x >= r.rect.x0 - 0.1 && x <= r.rect.x1 + 0.1 && y >= r.rect.y0 - 0.1 && y <= r.rect.y1 + 0.1);
      const base: Rgb = room ? room.floor : [150, 150, 150];
      // Planks 0.2 m wide along x with staggered joints, for rooms with an odd index tiles of 0.5 m.
      let k = 1;
      if (room && room.index % 2 === 0) {
        const plank = Math.floor(y / 0.2);
        const joint = (x + plank * 0.37) % 1.2;
        if (y % 0.2 < 0.012 || joint < 0.012) k = 0.8;
        else k = 0.95 + 0.05 * ((plank * 7) % 3);
      } else if (room) {
        if (x % 0.5 < 0.012 || y % 0.5 < 0.012) k = 0.82;
      }
      const o = (j * texW + i) * 3;
      floorTex[o] = Math.min(255, base[0] * k);
      floorTex[o + 1] = Math.min(255, base[1] * k);
      floorTex[o + 2] = Math.min(255, base[2] * k);
    }
  }
  const p = { floorTex, texW, texH, texX0: b.x0, texY0: b.y0 };
  prepared.set(scene, p);
  return p;
}

interface Hit {
  tEnter: number;
  tExit: number;
  /** True when the entered face is perpendicular to x. */
  xFace: boolean;
}

function intersect(px: number, py: number, dx: number, dy: number, r: Rect, out: Hit): boolean {
  let tminx: number, tmaxx: number, tminy: number, tmaxy: number;
  if (dx !== 0) {
    const a = (r.x0 - px) / dx;
    const b = (r.x1 - px) / dx;
    tminx = Math.min(a, b);
    tmaxx = Math.max(a, b);
  } else {
    if (px < r.x0 || px > r.x1) return false;
    tminx = -Infinity;
    tmaxx = Infinity;
  }
  if (dy !== 0) {
    const a = (r.y0 - py) / dy;
    const b = (r.y1 - py) / dy;
    tminy = Math.min(a, b);
    tmaxy = Math.max(a, b);
  } else {
    if (py < r.y0 || py > r.y1) return false;
    tminy = -Infinity;
    tmaxy = Infinity;
  }
  const tE = Math.max(tminx, tminy);
  const tX = Math.min(tmaxx, tmaxy);
  if (tE > tX || tX <= 0) return false;
  out.tEnter = tE;
  out.tExit = tX;
  out.xFace = tminx > tminy;
  return true;
}

function shade(c: Rgb, k: number, out: Uint8Array, o: number): void {
  out[o] = Math.min(255, c[0] * k);
  out[o + 1] = Math.min(255, c[1] * k);
  out[o + 2] = Math.min(255, c[2] * k);
}

/**
 * Renders the view from `pose`. With `color: false` only the object coverage is computed (the visibility test),
 * which is much cheaper. Both modes use the same geometry, so visibility always agrees with the pictures.
 */
export function renderView(scene: Scene, pose: Pose, width: number, height: number, color: boolean): ViewResult {
  const f = width / 2 / Math.tan((HORIZONTAL_FOV_DEG * Math.PI) / 360);
  const horizon = height * HORIZON_FRACTION;
  const fwd = headingVector(pose.heading);
  const right = { x: -fwd.y, y: fwd.x };
  const image = color ? { width, height, data: new Uint8Array(width * height * 3) } : null;
  const prep = color ? prepare(scene) : null;
  const objects: Array<ObjectStats | undefined> = [];
  const column = new Int16Array(height);
  const hit: Hit = { tEnter: 0, tExit: 0, xFace: false };
  const hits: Array<{ id: number; tEnter: number; tExit: number; xFace: boolean; h: number }> = [];
  const rowOf = (z: number, t: number) => horizon + (f * (EYE_HEIGHT - z)) / t;
  const clampRow = (r: number) => Math.max(0, Math.min(height, Math.round(r)));

  for (let c = 0; c < width; c++) {
    const k = (c + 0.5 - width / 2) / f;
    // Not normalised: forward component 1, so t along the ray is the perpendicular depth (no fisheye).
    const dx = fwd.x + right.x * k;
    const dy = fwd.y + right.y * k;
    let tWall = Infinity;
    let wallX = false;
    for (const w of scene.walls) {
      if (intersect(pose.x, pose.y, dx, dy, w, hit) && hit.tEnter > 0 && hit.tEnter < tWall) {
        tWall = hit.tEnter;
        wallX = hit.xFace;
      }
    }
    hits.length = 0;
    for (const fu of scene.furniture) {
      if (intersect(pose.x, pose.y, dx, dy, fu.rect, hit) && hit.tEnter > 0 && hit.tEnter < tWall) {
        hits.push({ id: fu.id, tEnter: hit.tEnter, tExit: hit.tExit, xFace: hit.xFace, h: fu.height });
      }
    }
    hits.sort((a, b) => b.tEnter - a.tEnter); // far to near: painter's order within the column

    const wallTop = clampRow(rowOf(WALL_HEIGHT, tWall));
    const wallBottom = clampRow(rowOf(0, tWall));
    column.fill(0);
    if (image && prep) {
      const data = image.data;
      const fog = 1 / (1 + 0.035 * tWall);
      for (let r = 0; r < wallTop; r++) shade(CEILING_COLOR, 0.9 + 0.1 * (r / height), data, (r * width + c) * 3);
      const baseRow = rowOf(0.09, tWall);
      for (let r = wallTop; r < wallBottom; r++)
        shade(r >= baseRow ? BASEBOARD_COLOR : WALL_COLOR, (wallX ? 0.8 : 1) * (0.55 + 0.45 * fog), data, (r * width + c) * 3);
      for (let r = Math.max(wallBottom, Math.ceil(horizon)); r < height; r++) {
        const t = (f * EYE_HEIGHT) / (r + 0.5 - horizon);
        const wx = pose.x + dx * t;
        const wy = pose.y + dy * t;
        const ti = Math.min(prep.texW - 1, Math.max(0, Math.floor((wx - prep.texX0) / FLOOR_TEXEL)));
        const tj = Math.min(prep.texH - 1, Math.max(0, Math.floor((wy - prep.texY0) / FLOOR_TEXEL)));
        const src = (tj * prep.texW + ti) * 3;
        const o = (r * width + c) * 3;
        const kf = 0.6 + 0.4 / (1 + 0.05 * t);
        data[o] = prep.floorTex[src] * kf;
        data[o + 1] = prep.floorTex[src + 1] * kf;
        data[o + 2] = prep.floorTex[src + 2] * kf;
      }
    }
    for (const h of hits) {
      const frontTop = clampRow(rowOf(h.h, h.tEnter));
      const frontBottom = clampRow(rowOf(0, h.tEnter));
      const topTop = h.h < EYE_HEIGHT ? clampRow(rowOf(h.h, h.tExit)) : frontTop;
      for (let r = topTop; r < frontBottom; r++) column[r] = h.id;
      if (image) {
        const cat = scene.furniture[h.id - 1].category.color;
        const data = image.data;
        const fog = 0.6 + 0.4 / (1 + 0.035 * h.tEnter);
        for (let r = topTop; r < frontTop; r++) shade(cat, 1.25 * fog, data, (r * width + c) * 3);
        for (let r = frontTop; r < frontBottom; r++) {
          const edge = r === frontTop || r === frontBottom - 1;
          shade(cat, (edge ? 0.55 : h.xFace ? 0.78 : 0.95) * fog, data, (r * width + c) * 3);
        }
      }
    }
    for (let r = 0; r < height; r++) {
      const id = column[r];
      if (id === 0) continue;
      const s = objects[id];
      if (!s) objects[id] = { pixels: 1, x0: c, y0: r, x1: c, y1: r };
      else {
        s.pixels++;
        if (c < s.x0) s.x0 = c;
        if (c > s.x1) s.x1 = c;
        if (r < s.y0) s.y0 = r;
        if (r > s.y1) s.y1 = r;
      }
    }
  }
  return { image, objects };
}

/** The renderer's visibility test: the piece covers at least VISIBLE_MIN_FRACTION of the frame. */
export function isVisible(stats: ObjectStats | undefined, width: number, height: number): boolean {
  return stats !== undefined && stats.pixels >= VISIBLE_MIN_FRACTION * width * height;
}

/** Draws the red annotation box around a visible target, as in the authors' object-annotation videos. */
export function drawAnnotationBox(img: RgbImage, s: ObjectStats): void {
  const pad = 2;
  strokeRect(
    img,
    Math.max(0, s.x0 - pad),
    Math.max(0, s.y0 - pad),
    Math.min(img.width - 1, s.x1 + pad),
    Math.min(img.height - 1, s.y1 + pad),
    ANNOTATION_BOX_THICKNESS,
    ANNOTATION_BOX_COLOR,
  );
}

// Procedural indoor scenes: a rectangular plan split into rooms (BSP), doors between them, furniture boxes.
// World frame: metres, x to the right and y DOWN, i.e. the same orientation as the top-down images.
import {
  CATEGORIES,
  DOOR_APPROACH,
  DOOR_WIDTH,
  FLOOR_COLORS,
  LOOK_POINT_CLEARANCE,
  MIN_ROOM_SIDE,
  PATH_CLEARANCE,
  PLAN_DEPTH_RANGE,
  PLAN_WIDTH_RANGE,
  ROOMS_PER_SCENE,
  WALL_THICKNESS,
  type CategorySpec,
  type Rgb,
} from './constants';
import { Rng } from './random';

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface Point {
  x: number;
  y: number;
}

interface Room {
  index: number;
  /** Free interior (inside the walls). */
  rect: Rect;
  floor: Rgb;
  /** Where the exploration stops to look around. */
  lookPoint: Point;
}

interface Door {
  /** Centre of the opening. */
  center: Point;
  /** True when the door is in a wall running along x (so you pass through it along y). */
  alongX: boolean;
  rooms: [number, number];
  /** Waypoints DOOR_APPROACH either side of the opening, in the order of `rooms`. */
  approach: [Point, Point];
}

export interface Furniture {
  /** 1-based; 0 in id buffers means "no furniture". */
  id: number;
  category: CategorySpec;
  /** Instance id in the authors' style, e.g. `armchair_ab12cd`. */
  instance: string;
  rect: Rect;
  height: number;
  room: number;
}

export interface Scene {
  index: number;
  /** `scene_3`, as in question.json. */
  name: string;
  /** Outer bounds including the outer walls. */
  bounds: Rect;
  walls: Rect[];
  rooms: Room[];
  doors: Door[];
  furniture: Furniture[];
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function rectContains(r: Rect, p: Point, margin = 0): boolean {
  return p.x >= r.x0 - margin && p.x <= r.x1 + margin && p.y >= r.y0 - margin && p.y <= r.y1 + margin;
}

function pointRectDistance(p: Point, r: Rect): number {
  const dx = Math.max(r.x0 - p.x, 0, p.x - r.x1);
  const dy = Math.max(r.y0 - p.y, 0, p.y - r.y1);
  return Math.hypot(dx, dy);
}

function rectsOverlap(a: Rect, b: Rect, gap = 0): boolean {
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;
}

/** Does segment a-b pass through the rect grown by `grow`? (Liang-Barsky clipping.) */
function segmentHitsRect(a: Point, b: Point, r: Rect, grow = 0): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const p = [-dx, dx, -dy, dy];
  const q = [a.x - (r.x0 - grow), r.x1 + grow - a.x, a.y - (r.y0 - grow), r.y1 + grow - a.y];
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] < 0) return false;
    } else {
      const t = q[i] / p[i];
      if (p[i] < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

interface Split {
  /** Vertical line x = at (rooms left/right) or horizontal line y = at (rooms above/below). */
  vertical: boolean;
  at: number;
  from: number;
  to: number;
}

/** Builds scene `index` of the dataset seeded by `seed`. Deterministic. */
export function buildScene(seed: string, index: number): Scene {
  const rng = new Rng(`gst-synth/${seed}/scene/${index}`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const scene = tryBuildScene(rng.fork(attempt), index);
    if (scene) return scene;
  }
  throw new Error(`could not build scene ${index} for seed ${seed}`);
}

function tryBuildScene(rng: Rng, index: number): Scene | null {
  const W = round1(rng.range(PLAN_WIDTH_RANGE[0], PLAN_WIDTH_RANGE[1]));
  const H = round1(rng.range(PLAN_DEPTH_RANGE[0], PLAN_DEPTH_RANGE[1]));
  const target = rng.int(ROOMS_PER_SCENE[0], ROOMS_PER_SCENE[1]);
  // Cells are wall centre-line rectangles.
  let cells: Rect[] = [{ x0: 0, y0: 0, x1: W, y1: H }];
  const splits: Split[] = [];
  while (cells.length < target) {
    const candidates = cells
      .map((c, i) => ({ c, i, w: c.x1 - c.x0, h: c.y1 - c.y0 }))
      .filter((e) => Math.max(e.w, e.h) >= 2 * MIN_ROOM_SIDE + 0.2)
      .sort((a, b) => b.w * b.h - a.w * a.h);
    if (candidates.length === 0) break;
    const { c, i, w, h } = candidates[rng.int(0, Math.min(1, candidates.length - 1))];
    const vertical =
      w >= h ? (h >= 2 * MIN_ROOM_SIDE + 0.2 ? rng.chance(0.7) : true) : w >= 2 * MIN_ROOM_SIDE + 0.2 ? rng.chance(0.3) : false;
    const len = vertical ? w : h;
    const start = vertical ? c.x0 : c.y0;
    const at = round1(start + Math.max(MIN_ROOM_SIDE, Math.min(len - MIN_ROOM_SIDE, len * rng.range(0.35, 0.65))));
    const [a, b]: [Rect, Rect] = vertical
      ? [
          { ...c, x1: at },
          { ...c, x0: at },
        ]
      : [
          { ...c, y1: at },
          { ...c, y0: at },
        ];
    splits.push({ vertical, at, from: vertical ? c.y0 : c.x0, to: vertical ? c.y1 : c.x1 });
    cells = [...cells.slice(0, i), a, b, ...cells.slice(i + 1)];
  }
  if (cells.length < ROOMS_PER_SCENE[0]) return null;

  const half = WALL_THICKNESS / 2;
  const floors = rng.shuffle(FLOOR_COLORS);
  const rooms: Room[] = cells.map((c, i) => {
    const rect = { x0: c.x0 + half, y0: c.y0 + half, x1: c.x1 - half, y1: c.y1 - half };
    const cx = (rect.x0 + rect.x1) / 2 + (rect.x1 - rect.x0) * rng.range(-0.12, 0.12);
    const cy = (rect.y0 + rect.y1) / 2 + (rect.y1 - rect.y0) * rng.range(-0.12, 0.12);
    return { index: i, rect, floor: floors[i % floors.length], lookPoint: { x: cx, y: cy } };
  });

  // One door per split joins its two sides; by induction over the BSP every room is reachable.
  const doors: Door[] = [];
  const margin = 0.3;
  for (const s of splits) {
    const pairs: Array<{ a: number; b: number; lo: number; hi: number }> = [];
    cells.forEach((ca, ia) => {
      cells.forEach((cb, ib) => {
        const touches = s.vertical ? ca.x1 === s.at && cb.x0 === s.at : ca.y1 === s.at && cb.y0 === s.at;
        if (!touches) return;
        const lo = Math.max(s.vertical ? ca.y0 : ca.x0, s.vertical ? cb.y0 : cb.x0, s.from);
        const hi = Math.min(s.vertical ? ca.y1 : ca.x1, s.vertical ? cb.y1 : cb.x1, s.to);
        if (hi - lo >= DOOR_WIDTH + 2 * margin + WALL_THICKNESS) pairs.push({ a: ia, b: ib, lo, hi });
      });
    });
    if (pairs.length === 0) return null;
    const p = rng.pick(pairs);
    const along = rng.range(p.lo + half + margin + DOOR_WIDTH / 2, p.hi - half - margin - DOOR_WIDTH / 2);
    const center = s.vertical ? { x: s.at, y: along } : { x: along, y: s.at };
    const approach: [Point, Point] = s.vertical
      ? [
          { x: s.at - DOOR_APPROACH, y: along },
          { x: s.at + DOOR_APPROACH, y: along },
        ]
      : [
          { x: along, y: s.at - DOOR_APPROACH },
          { x: along, y: s.at + DOOR_APPROACH },
        ];
    doors.push({ center, alongX: !s.vertical, rooms: [p.a, p.b], approach });
  }

  // Walls: the outer box and every split line, minus door openings.
  const walls: Rect[] = [
    { x0: -half, y0: -half, x1: W + half, y1: half },
    { x0: -half, y0: H - half, x1: W + half, y1: H + half },
    { x0: -half, y0: -half, x1: half, y1: H + half },
    { x0: W - half, y0: -half, x1: W + half, y1: H + half },
  ];
  for (const s of splits) {
    const gaps = doors
      .filter((d) => (s.vertical ? !d.alongX && d.center.x === s.at : d.alongX && d.center.y === s.at))
      .map((d) => (s.vertical ? d.center.y : d.center.x))
      .filter((g) => g > s.from && g < s.to)
      .sort((a, b) => a - b);
    let from = s.from;
    for (const g of [...gaps, Infinity]) {
      const to = g === Infinity ? s.to : g - DOOR_WIDTH / 2;
      if (to - from > 1e-6)
        walls.push(
          s.vertical ? { x0: s.at - half, y0: from, x1: s.at + half, y1: to } : { x0: from, y0: s.at - half, x1: to, y1: s.at + half },
        );
      if (g !== Infinity) from = g + DOOR_WIDTH / 2;
    }
  }

  const furniture = placeFurniture(rng.fork('furniture'), rooms, doors);
  if (furniture.length < rooms.length * 2) return null;
  return {
    index,
    name: `scene_${index}`,
    bounds: { x0: -half, y0: -half, x1: W + half, y1: H + half },
    walls,
    rooms,
    doors,
    furniture,
  };
}

function placeFurniture(rng: Rng, rooms: Room[], doors: Door[]): Furniture[] {
  const out: Furniture[] = [];
  const usedInstances = new Set<string>();
  for (const room of rooms) {
    const r = room.rect;
    const roomDoors = doors.filter((d) => d.rooms.includes(room.index));
    // Walking lines inside this room: look point to each door's approach point, and on through the door.
    const corridors: Array<[Point, Point]> = roomDoors.map((d) => {
      const near = d.approach[d.rooms[0] === room.index ? 0 : 1];
      return [room.lookPoint, near];
    });
    const doorZones = roomDoors.map((d) =>
      d.alongX
        ? { x0: d.center.x - DOOR_WIDTH / 2 - 0.3, y0: d.center.y - 1.1, x1: d.center.x + DOOR_WIDTH / 2 + 0.3, y1: d.center.y + 1.1 }
        : { x0: d.center.x - 1.1, y0: d.center.y - DOOR_WIDTH / 2 - 0.3, x1: d.center.x + 1.1, y1: d.center.y + DOOR_WIDTH / 2 + 0.3 },
    );
    const area = (r.x1 - r.x0) * (r.y1 - r.y0);
    const count = Math.min(6, 2 + Math.floor(area / 8) + rng.int(0, 1));
    const cats = rng.shuffle(CATEGORIES);
    let placed = 0;
    for (const cat of cats) {
      if (placed >= count) break;
      for (let attempt = 0; attempt < 30; attempt++) {
        const w = rng.range(cat.width[0], cat.width[1]);
        const dep = rng.range(cat.depth[0], cat.depth[1]);
        let rect: Rect;
        if (cat.freeStanding) {
          const vertical = rng.chance(0.5);
          const [sx, sy] = vertical ? [dep, w] : [w, dep];
          const x0 = rng.range(r.x0 + 0.6, r.x1 - 0.6 - sx);
          const y0 = rng.range(r.y0 + 0.6, r.y1 - 0.6 - sy);
          rect = { x0, y0, x1: x0 + sx, y1: y0 + sy };
        } else {
          const side = rng.int(0, 3); // 0 top, 1 bottom, 2 left, 3 right
          const gap = 0.02;
          if (side < 2) {
            const x0 = rng.range(r.x0 + gap, r.x1 - gap - w);
            const y0 = side === 0 ? r.y0 + gap : r.y1 - gap - dep;
            rect = { x0, y0, x1: x0 + w, y1: y0 + dep };
          } else {
            const y0 = rng.range(r.y0 + gap, r.y1 - gap - w);
            const x0 = side === 2 ? r.x0 + gap : r.x1 - gap - dep;
            rect = { x0, y0, x1: x0 + dep, y1: y0 + w };
          }
        }
        if (!(rect.x1 - rect.x0 > 0 && rect.y1 - rect.y0 > 0) || rect.x0 < r.x0 || rect.x1 > r.x1 || rect.y0 < r.y0 || rect.y1 > r.y1)
          continue;
        if (out.some((f) => rectsOverlap(f.rect, rect, 0.15))) continue;
        if (doorZones.some((z) => rectsOverlap(z, rect))) continue;
        if (pointRectDistance(room.lookPoint, rect) < LOOK_POINT_CLEARANCE) continue;
        if (corridors.some(([a, b]) => segmentHitsRect(a, b, rect, PATH_CLEARANCE))) continue;
        let instance = `${cat.name}_${rng.letters(6)}`;
        while (usedInstances.has(instance)) instance = `${cat.name}_${rng.letters(6)}`;
        usedInstances.add(instance);
        out.push({ id: out.length + 1, category: cat, instance, rect, height: rng.range(cat.height[0], cat.height[1]), room: room.index });
        placed++;
        break;
      }
    }
  }
  return out;
}

/** Smallest distance from p to any wall or furniture footprint. */
export function clearance(scene: Scene, p: Point): number {
  let d = Infinity;
  for (const w of scene.walls) d = Math.min(d, pointRectDistance(p, w));
  for (const f of scene.furniture) d = Math.min(d, pointRectDistance(p, f.rect));
  return d;
}

export function furnitureCenter(f: Furniture): Point {
  return { x: (f.rect.x0 + f.rect.x1) / 2, y: (f.rect.y0 + f.rect.y1) / 2 };
}

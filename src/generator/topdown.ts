// Top-down images at the paper's three levels, plus the trajectory candidate maps.
// easy: a photo-like render from above without ceiling; medium: occupancy (walls and furniture black on white);
// hard: walls only. Trajectory maps: medium-style occupancy with the path in red and a blue start dot.
import {
  MAP_EASY_BACKGROUND,
  MAP_EASY_WALL,
  MAP_FREE,
  MAP_OCCUPIED,
  TRAJECTORY_PATH_COLOR,
  TRAJECTORY_START_COLOR,
  type Rgb,
} from './constants';
import { createImage, fillDisc, strokePolyline, type RgbImage } from './image';
import { pixelToWorld, worldToPixel, type MapFrame } from './mapFrame';
import { rectContains, type Point, type Scene } from './scene';

export type TopdownLevel = 'easy' | 'medium' | 'hard';

function inFloor(scene: Scene, p: Point): boolean {
  if (scene.rooms.some((r) => rectContains(r.rect, p))) return true;
  // Door openings are floor too.
  return scene.doors.some(
    (d) => Math.abs(p.x - d.center.x) <= (d.alongX ? 0.47 : 0.1) && Math.abs(p.y - d.center.y) <= (d.alongX ? 0.1 : 0.47),
  );
}

export function renderTopdown(scene: Scene, frame: MapFrame, level: TopdownLevel): RgbImage {
  const img = createImage(frame.width, frame.height, level === 'easy' ? MAP_EASY_BACKGROUND : MAP_OCCUPIED);
  const shadowOffset = 0.07;
  for (let j = 0; j < frame.height; j++) {
    for (let i = 0; i < frame.width; i++) {
      const p = pixelToWorld(frame, { x: i, y: j });
      const o = (j * frame.width + i) * 3;
      const wall = scene.walls.some((w) => rectContains(w, p));
      const floor = !wall && inFloor(scene, p);
      let c: Rgb | null = null;
      let k = 1;
      if (level === 'easy') {
        if (wall) c = MAP_EASY_WALL;
        else if (floor) {
          const fu = scene.furniture.find((f) => rectContains(f.rect, p));
          if (fu) {
            c = fu.category.color;
            const edge = Math.min(p.x - fu.rect.x0, fu.rect.x1 - p.x, p.y - fu.rect.y0, fu.rect.y1 - p.y);
            k = edge < 0.04 ? 0.6 : 1.1;
          } else {
            const room = scene.rooms.find((r) => rectContains(r.rect, p, 0.1));
            c = room ? room.floor : [170, 170, 170];
            const q = { x: p.x - shadowOffset, y: p.y - shadowOffset };
            if (scene.walls.some((w) => rectContains(w, q)) || scene.furniture.some((f) => rectContains(f.rect, q))) k = 0.72;
          }
        }
      } else if (level === 'medium') {
        c = floor && !scene.furniture.some((f) => rectContains(f.rect, p)) ? MAP_FREE : null;
      } else {
        c = floor ? MAP_FREE : null;
      }
      if (c) {
        img.data[o] = Math.min(255, c[0] * k);
        img.data[o + 1] = Math.min(255, c[1] * k);
        img.data[o + 2] = Math.min(255, c[2] * k);
      }
    }
  }
  return img;
}

/** A trajectory candidate map: occupancy, the path in red, the start as a blue dot. */
export function renderTrajectoryMap(scene: Scene, frame: MapFrame, path: readonly Point[], occupancy?: RgbImage): RgbImage {
  const base = occupancy ?? renderTopdown(scene, frame, 'medium');
  const img: RgbImage = { width: base.width, height: base.height, data: base.data.slice() };
  const scale = frame.width / 480;
  const px = path.map((p) => worldToPixel(frame, p));
  strokePolyline(img, px, Math.max(3, 4 * scale), TRAJECTORY_PATH_COLOR);
  fillDisc(img, px[0].x, px[0].y, Math.max(4, 6 * scale), TRAJECTORY_START_COLOR);
  return img;
}

// The shape rule of red-box detection: a frame shows the annotation box when some connected patch of box-red
// pixels is a hollow rectangle outline. Red objects (buttons, knobs) are solid and lines are thin, so counting red
// pixels cannot tell them from the box. Pure code on RGB24 bytes: no Node API, so a webview could run it too.
import {
  RED_BOX_MAX_HUE_SPREAD,
  RED_BOX_MAX_INTERIOR_FILL,
  RED_BOX_MIN_LINE_SHARE,
  RED_BOX_MIN_MARGIN,
  RED_BOX_MIN_RED,
  RED_BOX_MIN_SIDE,
  RED_BOX_MIN_SIDE_COVER,
  RED_BOX_MIN_STRONG_SHARE,
  RED_BOX_SIDE_BAND,
  RED_BOX_STRONG_MARGIN,
  RED_BOX_STRONG_RED,
} from '../../shared/diagnosis/constants';

/** An outline found in a frame: its inclusive bounding box in decoded pixels. */
export interface BoxOutline {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

// Module-local copies: bundlers turn an imported binding into a property read, which costs more than the rest of the
// per-pixel test (5.5 s instead of 1.0 s, with the shape rule, for the 330 frames of a 640x512 video).
const MIN_RED = RED_BOX_MIN_RED;
const MIN_MARGIN = RED_BOX_MIN_MARGIN;
const MAX_HUE_SPREAD = RED_BOX_MAX_HUE_SPREAD;
const STRONG_RED = RED_BOX_STRONG_RED;
const STRONG_MARGIN = RED_BOX_STRONG_MARGIN;

/** True when the RGB pixel at byte `p` is box-red. */
export function isBoxRed(rgb: Uint8Array, p: number): boolean {
  const r = rgb[p];
  const g = rgb[p + 1];
  const b = rgb[p + 2];
  const margin = r - (g > b ? g : b);
  return r >= MIN_RED && margin >= MIN_MARGIN && (g > b ? g - b : b - g) <= MAX_HUE_SPREAD * margin;
}

/** True when the box-red pixel at byte `p` is as saturated as the middle of a drawn line. */
function isStrongRed(rgb: Uint8Array, p: number): boolean {
  const r = rgb[p];
  return r >= STRONG_RED && r - rgb[p + 1] >= STRONG_MARGIN && r - rgb[p + 2] >= STRONG_MARGIN;
}

/**
 * Finds box outlines in frames of one size. Its buffers are allocated once and reused for every frame, so a video
 * costs one pass over each frame's pixels plus one visit of each box-red pixel: linear in the video.
 */
export class RedBoxFinder {
  private readonly mask: Uint8Array;
  /** Breadth-first queue; after a component's search it holds exactly that component's pixels. */
  private readonly queue: Int32Array;
  /** Per side, which columns (top, bottom) or rows (left, right) of the bounding box have a pixel near that side. */
  private readonly top: Uint8Array;
  private readonly bottom: Uint8Array;
  private readonly left: Uint8Array;
  private readonly right: Uint8Array;
  /** The component's pixel count per column and per row of its bounding box. */
  private readonly columns: Int32Array;
  private readonly rows: Int32Array;
  /** Box-red pixels of the last frame searched. */
  redPixels = 0;
  /** Strong-red pixels of the last component collected. */
  private strong = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    if (!(width > 0 && height > 0)) throw new Error(`frame size ${width}x${height} is empty`);
    this.mask = new Uint8Array(width * height);
    this.queue = new Int32Array(width * height);
    this.top = new Uint8Array(width);
    this.bottom = new Uint8Array(width);
    this.left = new Uint8Array(height);
    this.right = new Uint8Array(height);
    this.columns = new Int32Array(width);
    this.rows = new Int32Array(height);
  }

  /** The largest outline in the RGB24 frame at `offset` of `rgb`, or undefined when it has none. */
  find(rgb: Uint8Array, offset = 0): BoxOutline | undefined {
    const { width, height, mask } = this;
    const pixels = width * height;
    if (rgb.length - offset < pixels * 3)
      throw new Error(`frame of ${rgb.length - offset} bytes, ${width}x${height} RGB needs ${pixels * 3}`);
    let red = 0;
    for (let i = 0, p = offset; i < pixels; i++, p += 3) {
      const m = isBoxRed(rgb, p) ? (isStrongRed(rgb, p) ? 2 : 1) : 0;
      mask[i] = m;
      red += m === 0 ? 0 : 1;
    }
    this.redPixels = red;
    let best: BoxOutline | undefined;
    let bestArea = 0;
    for (let i = 0; i < pixels && red > 0; i++) {
      if (mask[i] === 0) continue;
      const size = this.collect(i);
      red -= size;
      const box = this.outline(size);
      const area = box ? (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1) : 0;
      if (box && area > bestArea) {
        best = box;
        bestArea = area;
      }
    }
    return best;
  }

  /** Collects the 8-connected component of box-red pixels at `start` into `queue[0, size)`, clearing it from the mask. */
  private collect(start: number): number {
    const { width, height, mask, queue } = this;
    let strong = mask[start] === 2 ? 1 : 0;
    mask[start] = 0;
    queue[0] = start;
    let size = 1;
    for (let head = 0; head < size; head++) {
      const i = queue[head];
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (mask[j] === 0) continue;
          if (mask[j] === 2) strong++;
          mask[j] = 0;
          queue[size++] = j;
        }
      }
    }
    this.strong = strong;
    return size;
  }

  /**
   * The component in `queue[0, size)` as an outline, or undefined when it is not one (the constants' comment in
   * src/shared/diagnosis/constants.ts gives the measurements): at least RED_BOX_MIN_STRONG_SHARE of its pixels are
   * strong red; its frame, trimmed to the rows and columns that hold at least RED_BOX_MIN_LINE_SHARE of its width or
   * height, is at least RED_BOX_MIN_SIDE each way; each side off the frame's edge has pixels within RED_BOX_SIDE_BAND
   * along RED_BOX_MIN_SIDE_COVER of its length, and at least two sides do; the inset interior is nearly empty.
   */
  private outline(size: number): BoxOutline | undefined {
    const { width, height, queue, top, bottom, left, right } = this;
    if (size < 4 * RED_BOX_MIN_SIDE - 4) return undefined; // fewer pixels than the smallest outline's perimeter
    if (this.strong < RED_BOX_MIN_STRONG_SHARE * size) return undefined;
    let bx0 = width;
    let by0 = height;
    let bx1 = -1;
    let by1 = -1;
    for (let k = 0; k < size; k++) {
      const x = queue[k] % width;
      const y = (queue[k] - x) / width;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
    }
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    if (bw < RED_BOX_MIN_SIDE || bh < RED_BOX_MIN_SIDE) return undefined;
    // A connected component has a pixel in every column and row of its bounding box, so these passes are O(size).
    const columns = this.columns;
    const rows = this.rows;
    columns.fill(0, 0, bw);
    rows.fill(0, 0, bh);
    for (let k = 0; k < size; k++) {
      const x = queue[k] % width;
      columns[x - bx0]++;
      rows[(queue[k] - x) / width - by0]++;
    }
    let x0 = 0;
    let x1 = bw - 1;
    let y0 = 0;
    let y1 = bh - 1;
    const minColumn = RED_BOX_MIN_LINE_SHARE * bh;
    const minRow = RED_BOX_MIN_LINE_SHARE * bw;
    // A side on the frame's edge stays: a box cut there has no line to trim to.
    if (bx0 > 0) while (x0 < x1 && columns[x0] < minColumn) x0++;
    if (bx1 < width - 1) while (x1 > x0 && columns[x1] < minColumn) x1--;
    if (by0 > 0) while (y0 < y1 && rows[y0] < minRow) y0++;
    if (by1 < height - 1) while (y1 > y0 && rows[y1] < minRow) y1--;
    x0 += bx0;
    x1 += bx0;
    y0 += by0;
    y1 += by0;
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < RED_BOX_MIN_SIDE || h < RED_BOX_MIN_SIDE) return undefined;
    // A narrow box keeps an interior of at least 2 pixels each way.
    const bandX = Math.min(RED_BOX_SIDE_BAND, (w - 2) >> 1);
    const bandY = Math.min(RED_BOX_SIDE_BAND, (h - 2) >> 1);
    top.fill(0, 0, w);
    bottom.fill(0, 0, w);
    left.fill(0, 0, h);
    right.fill(0, 0, h);
    let interior = 0;
    for (let k = 0; k < size; k++) {
      const x = queue[k] % width;
      const y = (queue[k] - x) / width;
      if (x < x0 || x > x1 || y < y0 || y > y1) continue;
      const nearTop = y < y0 + bandY;
      const nearBottom = y > y1 - bandY;
      const nearLeft = x < x0 + bandX;
      const nearRight = x > x1 - bandX;
      if (nearTop) top[x - x0] = 1;
      if (nearBottom) bottom[x - x0] = 1;
      if (nearLeft) left[y - y0] = 1;
      if (nearRight) right[y - y0] = 1;
      if (!nearTop && !nearBottom && !nearLeft && !nearRight) interior++;
    }
    const sides: Array<[Uint8Array, number, boolean]> = [
      [top, w, y0 === 0],
      [bottom, w, y1 === height - 1],
      [left, h, x0 === 0],
      [right, h, x1 === width - 1],
    ];
    let covered = 0;
    for (const [marks, length, onFrameEdge] of sides) {
      let n = 0;
      for (let k = 0; k < length; k++) n += marks[k];
      if (n >= RED_BOX_MIN_SIDE_COVER * length) covered++;
      else if (!onFrameEdge) return undefined;
    }
    if (covered < 2) return undefined;
    if (interior > RED_BOX_MAX_INTERIOR_FILL * (w - 2 * bandX) * (h - 2 * bandY)) return undefined;
    return { x0, y0, x1, y1 };
  }
}

// RGB images in memory, drawing helpers and deterministic PNG encoding.
import { PNG } from 'pngjs';
import type { Rgb } from './constants';

export interface RgbImage {
  width: number;
  height: number;
  /** Row-major RGB, 3 bytes a pixel: the layout ffmpeg's rawvideo rgb24 reads. */
  data: Uint8Array;
}

export function createImage(width: number, height: number, fill: Rgb = [0, 0, 0]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = fill[0];
    data[i + 1] = fill[1];
    data[i + 2] = fill[2];
  }
  return { width, height, data };
}

function setPixel(img: RgbImage, x: number, y: number, c: Rgb): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const i = (y * img.width + x) * 3;
  img.data[i] = c[0];
  img.data[i + 1] = c[1];
  img.data[i + 2] = c[2];
}

/** Filled disc centred on pixel-centre coordinates (cx, cy). */
export function fillDisc(img: RgbImage, cx: number, cy: number, r: number, c: Rgb): void {
  for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
    for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) setPixel(img, x, y, c);
    }
  }
}

/** Thick polyline, stamped with discs every half pixel. */
export function strokePolyline(img: RgbImage, pts: ReadonlyArray<{ x: number; y: number }>, width: number, c: Rgb): void {
  const r = width / 2;
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i];
    const b = pts[i + 1];
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 2));
    for (let s = 0; s <= steps; s++) fillDisc(img, a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps, r, c);
  }
}

/** Rectangle outline, `thickness` pixels inwards from the given bounds (inclusive pixel indices). */
export function strokeRect(img: RgbImage, x0: number, y0: number, x1: number, y1: number, thickness: number, c: Rgb): void {
  for (let t = 0; t < thickness; t++) {
    for (let x = x0; x <= x1; x++) {
      setPixel(img, x, y0 + t, c);
      setPixel(img, x, y1 - t, c);
    }
    for (let y = y0; y <= y1; y++) {
      setPixel(img, x0 + t, y, c);
      setPixel(img, x1 - t, y, c);
    }
  }
}

/** PNG, 8-bit RGB. Byte-for-byte deterministic for the same pixels (fixed filter and deflate settings). */
export function encodePng(img: RgbImage): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 9, filterType: 4 });
}

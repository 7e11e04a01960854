// The red-box shape rule on constructed RGB frames: outlines are found, red objects and lines are not. No ffmpeg.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RedBoxFinder, isBoxRed, type BoxOutline } from '../../../src/core';

type Rgb = readonly [number, number, number];
const WALL: Rgb = [180, 170, 150];
const BOX_RED: Rgb = [255, 0, 0];
/** The outer and inner pixel of the demo's 2-pixel line as H.264 decodes it at 320x256 (measured). */
const DEMO_LINE_OUTER: Rgb = [147, 47, 58];
const DEMO_LINE_INNER: Rgb = [176, 35, 33];

class Frame {
  readonly rgb: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    this.fill(0, 0, width - 1, height - 1, WALL);
  }
  set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.rgb.set(c, (y * this.width + x) * 3);
  }
  fill(x0: number, y0: number, x1: number, y1: number, c: Rgb): this {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) this.set(x, y, c);
    return this;
  }
  /** An outline `thickness` pixels wide drawn inward from the inclusive rectangle; parts off the frame are lost. */
  outline(x0: number, y0: number, x1: number, y1: number, c: Rgb = BOX_RED, thickness = 2): this {
    this.fill(x0, y0, x1, y0 + thickness - 1, c);
    this.fill(x0, y1 - thickness + 1, x1, y1, c);
    this.fill(x0, y0, x0 + thickness - 1, y1, c);
    this.fill(x1 - thickness + 1, y0, x1, y1, c);
    return this;
  }
  disc(cx: number, cy: number, r: number, c: Rgb = BOX_RED, hollowRadius = -1): this {
    for (let y = cy - r; y <= cy + r; y++)
      for (let x = cx - r; x <= cx + r; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d <= r && d > hollowRadius) this.set(x, y, c);
      }
    return this;
  }
  find(): BoxOutline | undefined {
    return new RedBoxFinder(this.width, this.height).find(this.rgb);
  }
}

describe('red-box shape rule', () => {
  it('finds a 2-pixel outline and gives its exact bounding box', () => {
    assert.deepEqual(new Frame(160, 128).outline(40, 30, 69, 59).find(), { x0: 40, y0: 30, x1: 69, y1: 59 });
    // As dull as the demo's decoded line, and as narrow as the narrowest accepted box.
    const demoLike = new Frame(160, 128).outline(10, 10, 17, 40, DEMO_LINE_OUTER).outline(11, 11, 16, 39, DEMO_LINE_INNER, 1);
    assert.deepEqual(demoLike.find(), { x0: 10, y0: 10, x1: 17, y1: 40 });
    // Without the line's saturated middle it is not taken for the box.
    assert.equal(new Frame(160, 128).outline(10, 10, 17, 40, DEMO_LINE_OUTER).find(), undefined);
  });
  it('rejects solid red objects, lines and open shapes', () => {
    const cases: Array<[string, Frame]> = [
      ['filled square', new Frame(160, 128).fill(40, 30, 69, 59, BOX_RED)],
      ['disc', new Frame(160, 128).disc(80, 64, 12)],
      ['small button', new Frame(160, 128).disc(80, 64, 5)],
      ['ring', new Frame(160, 128).disc(80, 64, 15, BOX_RED, 13)],
      ['horizontal line', new Frame(160, 128).fill(20, 60, 119, 61, BOX_RED)],
      ['thick vertical bar', new Frame(160, 128).fill(60, 10, 65, 100, BOX_RED)],
      ['three sides', new Frame(160, 128).outline(40, 30, 69, 59).fill(40, 58, 69, 59, WALL)],
      ['too small', new Frame(160, 128).outline(40, 30, 46, 36)],
    ];
    const diagonal = new Frame(160, 128);
    for (let i = 0; i < 80; i++) diagonal.fill(20 + i, 20 + i, 21 + i, 21 + i, BOX_RED);
    cases.push(['diagonal line', diagonal]);
    for (const [name, frame] of cases) assert.equal(frame.find(), undefined, name);
  });
  it('rejects outlines in colours that are not the box red', () => {
    // A dark orange wooden door of the real exploration video, and a magenta piece of demo furniture.
    assert.equal(new Frame(160, 128).outline(40, 30, 69, 59, [124, 47, 10]).find(), undefined, 'orange wood');
    assert.equal(new Frame(160, 128).outline(40, 30, 69, 59, [240, 82, 150]).find(), undefined, 'magenta');
  });
  it('accepts an outline cut by the frame edge, with or without a line along the edge', () => {
    // Drawn from x = -10: no left side in the frame.
    assert.deepEqual(new Frame(160, 128).outline(-10, 30, 29, 59).find(), { x0: 0, y0: 30, x1: 29, y1: 59 });
    // Cut at the bottom-right corner: two sides missing.
    assert.deepEqual(new Frame(160, 128).outline(130, 100, 170, 140).find(), { x0: 130, y0: 100, x1: 159, y1: 127 });
    // Clipped to the frame, as the generator draws it.
    assert.deepEqual(new Frame(160, 128).outline(0, 0, 30, 40).find(), { x0: 0, y0: 0, x1: 30, y1: 40 });
  });
  it('finds the outline beside a solid blob, and one that a red patch touches from outside', () => {
    const beside = new Frame(160, 128).disc(20, 64, 10).fill(130, 10, 150, 30, BOX_RED).outline(60, 40, 99, 89);
    assert.deepEqual(beside.find(), { x0: 60, y0: 40, x1: 99, y1: 89 });
    const touched = new Frame(160, 128).outline(40, 30, 79, 79).fill(80, 50, 100, 54, BOX_RED);
    assert.deepEqual(touched.find(), { x0: 40, y0: 30, x1: 79, y1: 79 });
  });
  it('of two outlines reports the larger; a finder reused on the next frame forgets the last', () => {
    const finder = new RedBoxFinder(160, 128);
    const two = new Frame(160, 128).outline(10, 10, 29, 29).outline(60, 40, 119, 99);
    assert.deepEqual(finder.find(two.rgb), { x0: 60, y0: 40, x1: 119, y1: 99 });
    assert.equal(finder.find(new Frame(160, 128).disc(80, 64, 12).rgb), undefined);
    assert.ok(finder.redPixels > 400, `${finder.redPixels} box-red pixels counted`);
    assert.deepEqual(finder.find(new Frame(160, 128).outline(5, 5, 20, 20).rgb), { x0: 5, y0: 5, x1: 20, y1: 20 });
  });
  it('reads a frame at an offset and says what is wrong with a short buffer', () => {
    const frame = new Frame(40, 32).outline(5, 5, 25, 25);
    const two = new Uint8Array(frame.rgb.length * 2);
    two.set(frame.rgb, frame.rgb.length);
    assert.deepEqual(new RedBoxFinder(40, 32).find(two, frame.rgb.length), { x0: 5, y0: 5, x1: 25, y1: 25 });
    assert.throws(() => new RedBoxFinder(40, 32).find(frame.rgb.subarray(3)), /3837 bytes, 40x32 RGB needs 3840/);
    assert.throws(() => new RedBoxFinder(0, 32), /empty/);
  });
  it('box-red pixels: the measured line colours pass, wall, wood and magenta do not', () => {
    const px = (c: Rgb) => isBoxRed(Uint8Array.from(c), 0);
    for (const c of [
      [206, 6, 0],
      [233, 33, 26],
      [182, 66, 51],
      [176, 35, 33],
      [147, 47, 58],
    ] as Rgb[])
      assert.ok(px(c), String(c));
    for (const c of [WALL, [240, 82, 150], [161, 68, 107], [220, 120, 40], [110, 40, 40]] as Rgb[]) assert.ok(!px(c), String(c));
  });
});

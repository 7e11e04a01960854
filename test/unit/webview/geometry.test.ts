import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseGroundTruth, parsePrediction } from '../../../src/shared/parsing/answerParser';
import { ANGLE_TOLERANCES_DEG, MRA_THRESHOLDS_HUNDREDTHS, POINT_THRESHOLDS } from '../../../src/shared/scoring/constants';
import { scoreParsed } from '../../../src/shared/scoring/scorer';
import {
  angularError,
  bandsContaining,
  directionVector,
  mraBands,
  normalizedDistance,
  normalizedToPixels,
  pointAt,
  rayToEdge,
  rulerScale,
  thresholdRings,
  toleranceWedges,
  wedgePath,
  wrapDegrees,
} from '../../../webview/viewer/overlays/geometry';
import { mapFrameFor, worldToNormalized, worldToPixel } from '../../../src/generator/mapFrame';

const close = (a: number, b: number, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);

describe('angle to arrow vector (left positive, up = current view)', () => {
  test('0 points up, +90 LEFT, -90 right, 180 down (screen y grows downwards)', () => {
    assert.deepEqual(directionVector(0), { x: 0, y: -1 });
    assert.deepEqual(directionVector(90), { x: -1, y: 0 });
    assert.deepEqual(directionVector(-90), { x: 1, y: 0 });
    assert.deepEqual(directionVector(180), { x: 0, y: 1 });
  });

  test('+45 is up-left, -134 (a real answer) is behind on the right', () => {
    const v = directionVector(45);
    assert.ok(v.x < 0 && v.y < 0);
    const w = directionVector(-134);
    assert.ok(w.x > 0 && w.y > 0);
  });

  test('vectors have unit length for any angle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -720, max: 720, noNaN: true }),
        (deg) => Math.abs(Math.hypot(directionVector(deg).x, directionVector(deg).y) - 1) < 1e-9,
      ),
    );
  });

  test('wrap and circular error', () => {
    assert.equal(wrapDegrees(190), -170);
    assert.equal(wrapDegrees(-180), 180);
    assert.equal(angularError(170, -170), 20);
    assert.equal(angularError(-134, 46), 180);
  });
});

describe('tolerance wedges', () => {
  test('one wedge per core tolerance, widest first', () => {
    const w = toleranceWedges({ x: 0, y: 0 }, 100, 0);
    assert.deepEqual(
      w.map((x) => x.tolerance),
      [...ANGLE_TOLERANCES_DEG].sort((a, b) => b - a),
    );
  });

  test('a wedge around +90 lies on the LEFT and runs counter-clockwise (sweep flag 0)', () => {
    const d = wedgePath({ x: 100, y: 100 }, 50, 90, 15);
    const m = /^M 100 100 L (\S+) (\S+) A 50 50 0 0 0 (\S+) (\S+) Z$/.exec(d);
    assert.ok(m, d);
    const [ax, ay, bx, by] = m.slice(1).map(Number);
    assert.ok(ax < 100 && bx < 100, 'both edges left of the centre');
    // Start edge is truth - 15 = 75 (above the horizontal), end edge truth + 15 = 105 (below).
    assert.ok(ay < 100 && by > 100, `edges at y=${ay}, ${by}`);
  });

  test('wider than 180 degrees uses the large-arc flag', () => {
    assert.match(wedgePath({ x: 0, y: 0 }, 1, 0, 100), / A 1 1 0 1 0 /);
  });
});

describe('[0, 999] to pixels and the point rings', () => {
  test('corners map onto the centres of the corner pixels, the centre onto the centre; axes scale separately', () => {
    assert.deepEqual(normalizedToPixels({ x: 0, y: 0 }, 480, 360), { x: 0.5, y: 0.5 });
    assert.deepEqual(normalizedToPixels({ x: 999, y: 999 }, 480, 360), { x: 479.5, y: 359.5 });
    const c = normalizedToPixels({ x: 499.5, y: 499.5 }, 480, 360);
    close(c.x, 240);
    close(c.y, 180);
  });

  test('rings: one per core threshold; on a 480x360 image they are ellipses with rx/ry = 479/359', () => {
    const rings = thresholdRings({ x: 391, y: 698 }, 480, 360);
    assert.deepEqual(
      rings.map((r) => r.threshold),
      [...POINT_THRESHOLDS],
    );
    for (const r of rings) {
      close(r.rx / r.ry, 479 / 359);
      close(r.rx, (r.threshold / 999) * 479);
    }
    const square = thresholdRings({ x: 0, y: 0 }, 500, 500);
    assert.ok(square.every((r) => r.rx === r.ry));
  });

  test('a prediction drawn inside a ring is exactly one the core scorer passes at that threshold', () => {
    const truth = parseGroundTruth('point', '<point>391 698</point>')!;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 50, max: 2000 }),
        fc.integer({ min: 50, max: 2000 }),
        (x, y, w, h) => {
          const d = normalizedDistance({ x: 391, y: 698 }, { x, y });
          if (POINT_THRESHOLDS.some((t) => Math.abs(d - t) < 1e-6)) return true; // exactly on a ring: float noise decides
          const pred = parsePrediction('point', `<point>${x} ${y}</point>`).parsed;
          const passed = scoreParsed(truth, pred, 'paper').detail!.passed;
          const p = normalizedToPixels({ x, y }, w, h);
          const inside = thresholdRings({ x: 391, y: 698 }, w, h).filter(
            (r) => ((p.x - r.cx) / r.rx) ** 2 + ((p.y - r.cy) / r.ry) ** 2 <= 1,
          ).length;
          return inside === passed;
        },
      ),
    );
  });
});

describe('MRA pass bands', () => {
  test('ten bands from the core thresholds; theta 0.50 on 4.2 m spans (2.1, 6.3)', () => {
    const bands = mraBands(4.2);
    assert.deepEqual(
      bands.map((b) => Math.round(b.threshold * 100)),
      [...MRA_THRESHOLDS_HUNDREDTHS],
    );
    close(bands[0].lo, 2.1);
    close(bands[0].hi, 6.3);
    close(bands[9].lo, 3.99);
    close(bands[9].hi, 4.41);
  });

  test('truth 0 falls back to absolute error, as the scorer does', () => {
    const b = mraBands(0);
    close(b[0].lo, -0.5);
    close(b[0].hi, 0.5);
  });

  test('bands containing a prediction = the core scorer passes (paper profile), off the band edges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 1000 }), (g10, p10) => {
        // Exactly on an edge: 100 * |p - g| == (100 - k) * g; the exact scorer decides with integers, floats may not.
        if (MRA_THRESHOLDS_HUNDREDTHS.some((k) => 100 * Math.abs(p10 - g10) === (100 - k) * g10)) return true;
        const truth = parseGroundTruth('distance', (g10 / 10).toFixed(1))!;
        const pred = parsePrediction('distance', (p10 / 10).toFixed(1)).parsed;
        return bandsContaining(mraBands(g10 / 10), p10 / 10) === scoreParsed(truth, pred, 'paper').detail!.passed;
      }),
    );
  });
});

describe('rays and the ruler', () => {
  test('a ray from the centre leaves the image at the edge it points to', () => {
    const c = { x: 240, y: 180 };
    assert.deepEqual(rayToEdge(c, 0, 480, 360), { x: 240, y: 0 });
    assert.deepEqual(rayToEdge(c, 90, 480, 360), { x: 0, y: 180 });
    const e = rayToEdge(c, -45, 480, 360);
    close(e.y, 0);
    close(e.x, 420);
  });

  test('pointAt follows the convention', () => {
    const p = pointAt({ x: 10, y: 10 }, 90, 5);
    close(p.x, 5);
    close(p.y, 10);
  });

  test('ruler: starts at 0, covers every value, ticks are round', () => {
    const s = rulerScale([4.2 * 1.6, 3.6, 6], 30, 570);
    assert.ok(s.max >= 6.72);
    assert.equal(s.toX(0), 30);
    assert.equal(s.toX(s.max), 570);
    assert.deepEqual(s.ticks.slice(0, 3), [0, 2, 4]); // 7.7 / 6 rounds up to a step of 2
  });
});

describe('one [0, 999] mapping for the generator and the viewer', () => {
  test('a world point the generator normalises is drawn by the viewer on the pixel the generator painted it on', () => {
    const frame = mapFrameFor({ x0: 0, y0: 0, x1: 7.3, y1: 4.1 }, 480, 360);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 7.3, noNaN: true }), fc.double({ min: 0, max: 4.1, noNaN: true }), (x, y) => {
        const painted = worldToPixel(frame, { x, y }); // pixel-centre coordinates of the generator's raster
        const drawn = normalizedToPixels(worldToNormalized(frame, { x, y }), 480, 360); // SVG coordinates over the image
        return Math.abs(drawn.x - (painted.x + 0.5)) < 1e-9 && Math.abs(drawn.y - (painted.y + 0.5)) < 1e-9;
      }),
    );
  });
});

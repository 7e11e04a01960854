import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fanOutAngles, inside, marginsToContain, overlaps, placeLabels, type Box } from '../../../src/shared/overlayLayout';
import { COINCIDE_DEG, directionLayout, headingLayout, pointLayout } from '../../../webview/viewer/overlays/mapLayouts';

const W = 320;
const H = 256;
const UNIT = Math.max(W, H) / 100;
const drawable = (m: { left: number; top: number; right: number; bottom: number }): Box => ({
  x0: -m.left,
  y0: -m.top,
  x1: W + m.right,
  y1: H + m.bottom,
});
const EPS = 1e-9;
const within = (b: Box, area: Box) => b.x0 >= area.x0 - EPS && b.y0 >= area.y0 - EPS && b.x1 <= area.x1 + EPS && b.y1 <= area.y1 + EPS;

describe('point overlay layout', () => {
  test("a truth at the map's corner: every ring, ring label and mark fits in the margin", () => {
    const l = pointLayout({ x: 990, y: 5 }, [{ id: 'a', value: { x: 999, y: 0 }, distanceText: '9.5' }], W, H, UNIT);
    const area = drawable(l.margins);
    assert.ok(l.margins.right > 0 && l.margins.top > 0, `a corner truth needs margins: ${JSON.stringify(l.margins)}`);
    const outer = l.rings[l.rings.length - 1];
    assert.ok(
      within({ x0: outer.cx - outer.rx, y0: outer.cy - outer.ry, x1: outer.cx + outer.rx, y1: outer.cy + outer.ry }, area),
      'the 300-unit ring shows whole',
    );
    for (const r of l.ringLabels) assert.ok(within(r.box, area), `ring label ${r.threshold} shows whole`);
    const p = l.preds[0];
    assert.ok(
      within({ x0: p.at.x - UNIT * 2, y0: p.at.y - UNIT * 2, x1: p.at.x + UNIT * 2, y1: p.at.y + UNIT * 2 }, area),
      'the predicted point at (999, 0) shows whole, not cut in half',
    );
    assert.ok(p.distance && within(p.distance.box, area), 'its distance label shows whole');
  });

  test('a point in the middle needs no margin', () => {
    const l = pointLayout({ x: 500, y: 500 }, [{ id: 'a', value: { x: 520, y: 480 }, distanceText: '28.3' }], W, H, UNIT);
    assert.ok(l.margins.left === 0 && l.margins.right === 0, JSON.stringify(l.margins));
  });

  test('distance labels keep off the ring labels, the marks and each other', () => {
    // Predictions straight above the truth: the line's midpoint falls on the column of ring labels.
    const preds = [
      { id: 'a', value: { x: 500, y: 350 }, distanceText: '150.0' },
      { id: 'b', value: { x: 502, y: 352 }, distanceText: '148.0' },
      { id: 'c', value: { x: 500, y: 250 }, distanceText: '250.0' },
    ];
    const l = pointLayout({ x: 500, y: 500 }, preds, W, H, UNIT);
    const labels = l.preds.map((p) => p.distance!);
    for (const d of labels) {
      assert.equal(d.clear, true, `label ${d.id} found a free spot`);
      for (const r of l.ringLabels) assert.ok(!overlaps(d.box, r.box), `distance label ${d.id} sits on ring label ${r.threshold}`);
    }
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++)
        assert.ok(!overlaps(labels[i].box, labels[j].box), `labels ${labels[i].id} and ${labels[j].id} collide`);
  });

  test('placement is deterministic', () => {
    const a = pointLayout({ x: 10, y: 900 }, [{ id: 'a', value: { x: 60, y: 700 }, distanceText: '206.2' }], W, H, UNIT);
    const b = pointLayout({ x: 10, y: 900 }, [{ id: 'a', value: { x: 60, y: 700 }, distanceText: '206.2' }], W, H, UNIT);
    assert.deepEqual(a, b);
  });
});

describe('direction map layout', () => {
  const agent = { x: 40, y: 960, heading: 30 };
  test("rays end on the map's edge, never in the margin", () => {
    const l = directionLayout(
      agent,
      { x: 500, y: 500, label: 'sofa' },
      10,
      [
        { id: 'a', value: -170 },
        { id: 'b', value: 95 },
        { id: 'c', value: 45 },
      ],
      W,
      H,
      UNIT,
    );
    const map = { x0: 0, y0: 0, x1: W, y1: H };
    for (const r of l.rays)
      assert.ok(within({ x0: r.end.x, y0: r.end.y, x1: r.end.x, y1: r.end.y }, map), `ray ${r.id} ends at (${r.end.x}, ${r.end.y})`);
    assert.ok(l.truthEnd && within({ x0: l.truthEnd.x, y0: l.truthEnd.y, x1: l.truthEnd.x, y1: l.truthEnd.y }, map));
  });

  test('predictions of 0° and 1° are fanned out and marked ×2; a third far away stays alone', () => {
    const l = directionLayout(
      { x: 500, y: 500, heading: 0 },
      null,
      0,
      [
        { id: 'a', value: 0 },
        { id: 'b', value: 1 },
        { id: 'c', value: 90 },
      ],
      W,
      H,
      UNIT,
    );
    const [a, b, c] = l.rays;
    assert.equal(a.fan.together, 2);
    assert.equal(b.fan.together, 2);
    assert.ok(Math.abs(a.fan.drawn - b.fan.drawn) >= COINCIDE_DEG, `drawn ${a.fan.drawn}° and ${b.fan.drawn}° still overlap`);
    assert.ok(Math.hypot(a.end.x - b.end.x, a.end.y - b.end.y) > UNIT, 'their ends are apart on the map');
    assert.equal(c.fan.together, 1);
    assert.equal(c.fan.drawn, 90, 'a lone prediction is drawn where it points');
    assert.deepEqual(
      l.together.map((t) => t.count),
      [2],
    );
  });

  test('the target\'s label and "you" keep off the rays and the marks, inside the drawable area', () => {
    // The target sits on the truth ray: its label must move off it.
    const l = directionLayout(
      { x: 500, y: 800, heading: 0 },
      { x: 500, y: 300, label: 'bookcase' },
      0,
      [{ id: 'a', value: 20 }],
      W,
      H,
      UNIT,
    );
    const area = drawable(l.margins);
    for (const label of [l.target!.label!, l.you]) {
      assert.equal(label.clear, true, `${label.id} found a clear spot`);
      assert.ok(within(label.box, area), `${label.id} shows whole`);
      assert.ok(
        !overlaps(label.box, { x0: 500 * (W / 999) - 0.5, y0: 0, x1: 500 * (W / 999) + 0.5, y1: 800 * (H / 999) }),
        `${label.id} lies on the truth ray`,
      );
    }
    assert.ok(!overlaps(l.target!.label!.box, l.you.box));
  });

  test('an agent at the corner gets a margin for its marker and label', () => {
    const l = directionLayout({ x: 0, y: 0, heading: 135 }, null, null, [], W, H, UNIT);
    assert.ok(l.margins.left > 0 && l.margins.top > 0);
    assert.ok(within(l.you.box, drawable(l.margins)));
  });
});

describe('heading map layout', () => {
  test('the dial around an agent near the edge fits in the margin', () => {
    const l = headingLayout({ x: 980, y: 500 }, W, H, UNIT);
    assert.ok(l.at.x + l.radius <= W + l.margins.right);
  });
});

describe('layout primitives', () => {
  test("margins cover each side's overhang plus the pad, capped", () => {
    assert.deepEqual(marginsToContain([{ x0: -10, y0: 5, x1: 50, y1: 300 }], 100, 100, 2, 0.4), { left: 12, top: 0, right: 0, bottom: 40 });
  });
  test('a label with no free spot takes the first candidate and says so', () => {
    const [l] = placeLabels(
      [{ id: 'x', text: 'abc', anchor: { x: 50, y: 50 }, fontSize: 10, gap: 1 }],
      [{ x0: -1e6, y0: -1e6, x1: 1e6, y1: 1e6 }],
      { x0: 0, y0: 0, x1: 100, y1: 100 },
    );
    assert.equal(l.clear, false);
    assert.ok(inside(l.box, { x0: 0, y0: 0, x1: 100, y1: 100 }));
  });
  test('fan-out groups circularly: 359° and 1° coincide', () => {
    const f = fanOutAngles([359, 1, 180], 3, 4);
    assert.deepEqual(
      f.map((x) => x.together),
      [2, 2, 1],
    );
  });
});

describe('coinciding predicted points', () => {
  test('two predictions of the same point both show, apart, with one ×2 label', () => {
    const l = pointLayout(
      { x: 484, y: 912 },
      [
        { id: 'a', value: { x: 561, y: 880 }, distanceText: '83.4' },
        { id: 'b', value: { x: 561, y: 880 }, distanceText: '83.4' },
      ],
      W,
      H,
      UNIT,
    );
    const [a, b] = l.preds;
    assert.deepEqual([a.together, b.together], [2, 2]);
    assert.ok(Math.hypot(a.drawn.x - b.drawn.x, a.drawn.y - b.drawn.y) >= UNIT * 2, 'the two marks do not cover each other');
    assert.deepEqual(
      l.together.map((t) => t.count),
      [2],
    );
    assert.ok(within(l.together[0].label.box, drawable(l.margins)));
  });
});

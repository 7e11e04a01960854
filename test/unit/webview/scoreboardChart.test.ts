// The scoreboard chart's geometry: bars to scale, intervals clamped to the axis, every number after its bar
// and interval, inside the chart, and no two labels on top of each other nor crossed by a paper row's tick,
// for 1 to 7 series and many widths.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHART, CHART_COLUMNS, chartLayout, markClearance, textWidth, type ChartSeries } from '../../../webview/scoreboard/chartLayout';

/** Scores that stress the layout: 0, 100, an interval past both ends, a missing subtask. */
function series(n: number): ChartSeries[] {
  return Array.from({ length: n }, (_, k) => ({
    key: `s${k}`,
    label: `file ${k}`,
    values: Object.fromEntries(
      CHART_COLUMNS.map((c, i) => {
        if ((i + k) % 7 === 3) return [c.key, undefined];
        const score = [0, 100, 55.5, 99.99, 12.34][(i + k) % 5];
        return [c.key, { score, ci: { lo: score - 30, hi: score + 30 } }];
      }).filter(([, v]) => v !== undefined),
    ),
  }));
}

interface Box {
  what: string;
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}
const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/** Paper rows whose tick lands where it hurts: at the axis' ends, and through the middle of the number of the
 * first or the last series in every band (as laid out without a tick). */
function stressMarks(data: ChartSeries[], width: number): Array<{ name: string; mark?: ChartSeries }> {
  const plain = chartLayout(data, width);
  const { left, right } = plain.plot;
  const through = (seriesKey: string): ChartSeries => ({
    key: 'm',
    label: `through ${seriesKey}`,
    values: Object.fromEntries(
      plain.bars
        .filter((b) => b.series === seriesKey)
        .map((b) => [b.column, { score: ((b.textX + textWidth(b.text) / 2 - left) / (right - left)) * 100 }]),
    ),
  });
  const ends: ChartSeries = {
    key: 'm',
    label: 'ends',
    values: Object.fromEntries(CHART_COLUMNS.map((c, i) => [c.key, { score: i % 2 ? 100 : 0 }])),
  };
  return [
    { name: 'no paper row' },
    { name: 'a paper row at 0 and 100', mark: ends },
    { name: 'a paper row through the first numbers', mark: through(data[0].key) },
    { name: 'a paper row through the last numbers', mark: through(data[data.length - 1].key) },
  ];
}

describe('scoreboard chart layout', () => {
  test('bars are to scale on a 0-100 axis, and intervals are clamped to it', () => {
    const layout = chartLayout(series(2), 800);
    const { left, right } = layout.plot;
    for (const bar of layout.bars) {
      assert.ok(bar.width >= 0 && bar.x + bar.width <= right + 1e-9, `${bar.title} stays on the axis`);
      if (bar.error) assert.ok(bar.error.x1 >= left && bar.error.x2 <= right, `${bar.title}: interval clamped`);
    }
    const full = layout.bars.find((b) => b.text === '100.00')!;
    assert.equal(full.width, right - left);
    const half = chartLayout([{ key: 'a', label: 'a', values: { ed_v: { score: 50 } } }], 800).bars[0];
    assert.equal(half.width, (right - left) / 2);
    assert.deepEqual(
      layout.ticks.map((t) => t.label),
      ['0', '25', '50', '75', '100'],
    );
  });

  test('each number is written after its bar and its interval, and a missing score reads "—"', () => {
    const layout = chartLayout(series(3), 700);
    for (const bar of layout.bars) {
      const end = Math.max(bar.x + bar.width, bar.error?.x2 ?? 0);
      assert.ok(bar.textX > end, `${bar.title}: the number starts after the bar and the whisker`);
    }
    assert.ok(layout.bars.some((b) => b.text === '—' && b.width === 0));
  });

  for (const n of [1, 2, 4, 7])
    for (const width of [200, 360, 520, 900, 1400])
      test(`${n} series at ${width} px: every label inside the chart, none overlapping another or a paper row's tick`, () => {
        for (const { name, mark } of stressMarks(series(n), width)) labelsClear(n, width, name, mark);
      });

  function labelsClear(n: number, width: number, name: string, mark: ChartSeries | undefined) {
    const layout = chartLayout(series(n), width, mark);
    if (mark) assert.ok(layout.marks.length > 0, `${name}: ticks drawn`);
    assert.ok(layout.width >= CHART.minWidthPx && layout.width >= Math.min(width, layout.width));
    const boxes: Box[] = [
      ...layout.bars.map((b) => ({
        what: `value ${b.title}`,
        x1: b.textX,
        x2: b.textX + textWidth(b.text),
        y1: b.textY - CHART.fontPx,
        y2: b.textY,
      })),
      ...layout.bands.map((b) => ({
        what: `band ${b.label}`,
        x1: b.labelX - textWidth(b.label),
        x2: b.labelX,
        y1: b.labelY - CHART.fontPx,
        y2: b.labelY,
      })),
      ...layout.ticks.map((t) => ({
        what: `tick ${t.label}`,
        x1: t.x - textWidth(t.label) / 2,
        x2: t.x + textWidth(t.label) / 2,
        y1: layout.plot.top - 8 - CHART.fontPx,
        y2: layout.plot.top - 8,
      })),
      ...layout.marks.map((m) => ({
        what: `${name}: tick in ${m.column}`,
        ...markClearance(m.x),
        y1: m.y1,
        y2: m.y2,
      })),
    ];
    for (const b of boxes) assert.ok(b.x1 >= 0 && b.x2 <= layout.width && b.y1 >= 0 && b.y2 <= layout.height, `${name}: ${b.what} inside`);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        assert.ok(!overlaps(boxes[i], boxes[j]), `${name}: ${boxes[i].what} overlaps ${boxes[j].what}`);
    // Bars of one band never share a row; bands never overlap.
    for (const [i, a] of layout.bars.entries())
      for (const b of layout.bars.slice(i + 1)) assert.ok(a.y + a.height <= b.y || b.y + b.height <= a.y || a.column !== b.column);
    assert.equal(layout.bars.length, n * CHART_COLUMNS.length);
  }

  test('a chosen paper row is a tick across each band at its score', () => {
    const mark: ChartSeries = { key: 'm', label: 'Human', values: { ed_v: { score: 75 }, avg: { score: 79.08 } } };
    const layout = chartLayout(series(2), 800, mark);
    assert.equal(layout.marks.length, 2);
    const band = layout.bands.find((b) => b.column === 'ed_v')!;
    const m = layout.marks.find((x) => x.column === 'ed_v')!;
    assert.equal(m.x, layout.plot.left + 0.75 * (layout.plot.right - layout.plot.left));
    assert.ok(m.y1 < band.y && m.y2 > band.y + band.height);
  });
});

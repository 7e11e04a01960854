// Geometry of the scoreboard's bar chart, apart from React so it can be tested: one horizontal bar per
// series in each subtask's band (and the Avg.'s), its interval as an error bar, its number written after the
// bar's or the interval's end. Each bar has a row of its own, so no two labels share a line; a chosen paper
// row's tick crosses every row of a band, so a number it would cross moves past it.
import { formatScore } from '../../src/shared/format';
import { SUBTASKS, type SubtaskKey } from '../../src/shared/subtasks';

export type ChartColumn = SubtaskKey | 'avg';
export interface ChartValue {
  score: number;
  ci?: { lo: number; hi: number };
}

export interface ChartSeries {
  key: string;
  label: string;
  values: Partial<Record<ChartColumn, ChartValue>>;
}

export const CHART = {
  fontPx: 12,
  /** An upper bound of a character's width at fontPx in the UI fonts (digits and the abbreviations' letters). */
  charPx: 7.5,
  barPx: 15,
  barGapPx: 3,
  bandGapPx: 14,
  axisPx: 22,
  labelGapPx: 6,
  /** The paper row's tick: its stroke width and how far it reaches past its band. */
  markStrokePx: 2.5,
  markOverhangPx: 3,
  minWidthPx: 360,
} as const;

/** The column labels: the paper's abbreviations, then Avg. */
export const CHART_COLUMNS: ReadonlyArray<{ key: ChartColumn; label: string; name: string }> = [
  ...SUBTASKS.map((s) => ({ key: s.key as ChartColumn, label: s.abbreviation, name: s.name })),
  { key: 'avg', label: 'Avg.', name: 'Average of the subtasks present' },
];

export interface BarLayout {
  series: string;
  column: ChartColumn;
  /** The bar (width 0 when there is no score). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The interval's ends, clamped to the axis, when it has one. */
  error: { x1: number; x2: number; y: number } | null;
  text: string;
  textX: number;
  /** Baseline of the text. */
  textY: number;
  /** What a tooltip says: series, subtask, score and interval. */
  title: string;
}

export interface BandLayout {
  column: ChartColumn;
  label: string;
  name: string;
  y: number;
  height: number;
  labelX: number;
  labelY: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: Array<{ value: number; x: number; label: string }>;
  bands: BandLayout[];
  bars: BarLayout[];
  /** A reference row drawn as a tick across each band, when one is chosen. */
  marks: Array<{ column: ChartColumn; x: number; y1: number; y2: number; title: string }>;
}

export const textWidth = (text: string) => text.length * CHART.charPx;

/** The tick's horizontal extent with a label gap on each side: no number may start or end inside it. */
export function markClearance(markX: number): { x1: number; x2: number } {
  const reach = CHART.markStrokePx / 2 + CHART.labelGapPx / 2;
  return { x1: markX - reach, x2: markX + reach };
}

/** A number's start: where it is, unless the tick would cross it; then just past the tick. The plot's right
 * margin holds the widest number after a tick at 100, so the moved number stays inside the chart. */
function clearOfMark(textX: number, width: number, markX: number | undefined): number {
  if (markX === undefined) return textX;
  const clear = markClearance(markX);
  return textX < clear.x2 && clear.x1 < textX + width ? clear.x2 : textX;
}

export function chartLayout(series: readonly ChartSeries[], widthPx: number, mark?: ChartSeries): ChartLayout {
  const width = Math.max(CHART.minWidthPx, Math.floor(widthPx));
  const left = Math.max(...CHART_COLUMNS.map((c) => textWidth(c.label))) + 2 * CHART.labelGapPx;
  // Room for the widest number ("100.00") after a bar that reaches the end of the axis.
  const right = width - textWidth('100.00') - 2 * CHART.labelGapPx;
  const top = CHART.axisPx;
  const x = (v: number) => left + (Math.min(100, Math.max(0, v)) / 100) * (right - left);
  const rows = Math.max(1, series.length);
  const bandHeight = rows * CHART.barPx + (rows - 1) * CHART.barGapPx;
  const bands: BandLayout[] = [];
  const bars: BarLayout[] = [];
  const marks: ChartLayout['marks'] = [];
  CHART_COLUMNS.forEach((c, i) => {
    const y = top + i * (bandHeight + CHART.bandGapPx);
    bands.push({
      column: c.key,
      label: c.label,
      name: c.name,
      y,
      height: bandHeight,
      labelX: left - CHART.labelGapPx,
      labelY: y + bandHeight / 2 + CHART.fontPx / 2 - 2,
    });
    const m = mark?.values[c.key];
    const markX = m ? x(m.score) : undefined;
    series.forEach((s, k) => {
      const v = s.values[c.key];
      const by = y + k * (CHART.barPx + CHART.barGapPx);
      const error = v?.ci ? { x1: x(v.ci.lo), x2: x(v.ci.hi), y: by + CHART.barPx / 2 } : null;
      const end = v ? Math.max(x(v.score), error?.x2 ?? 0) : left;
      const text = formatScore(v?.score);
      const textX = clearOfMark(end + CHART.labelGapPx, textWidth(text), markX);
      const interval = v?.ci ? ` (95 % interval ${formatScore(v.ci.lo)} to ${formatScore(v.ci.hi)})` : '';
      bars.push({
        series: s.key,
        column: c.key,
        x: left,
        y: by,
        width: v ? x(v.score) - left : 0,
        height: CHART.barPx,
        error,
        text,
        textX,
        textY: by + CHART.barPx - 3,
        title: `${s.label} · ${c.name}: ${text}${interval}`,
      });
    });
    if (m && markX !== undefined)
      marks.push({
        column: c.key,
        x: markX,
        y1: y - CHART.markOverhangPx,
        y2: y + bandHeight + CHART.markOverhangPx,
        title: `${mark!.label} · ${c.name}: ${formatScore(m.score)}`,
      });
  });
  const bottom = top + CHART_COLUMNS.length * (bandHeight + CHART.bandGapPx) - CHART.bandGapPx;
  return {
    width,
    height: bottom + 4,
    plot: { left, right, top, bottom },
    ticks: [0, 25, 50, 75, 100].map((value) => ({ value, x: x(value), label: String(value) })),
    bands,
    bars,
    marks,
  };
}

import { SUBTASKS, type SubtaskKey } from '../subtasks';
import type { SubtaskAggregate } from '../scoring/aggregate';
import { formatScore } from '../format';

/** Renders rows as an aligned plain-text table; the first column is left-aligned, the rest right-aligned. */
export function alignedTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

export interface ScoreRow {
  label: string;
  subtasks: Partial<Record<SubtaskKey, SubtaskAggregate>>;
  overall: number | null;
}

/** One row per result file; the 12 subtasks (paper abbreviations) and the overall as columns. */
export function subtaskTable(rows: ScoreRow[]): string {
  const header = ['', ...SUBTASKS.map((s) => s.abbreviation), 'Avg.'];
  return alignedTable(
    header,
    rows.map((r) => [r.label, ...SUBTASKS.map((s) => formatScore(r.subtasks[s.key]?.score)), formatScore(r.overall)]),
  );
}

/** One row per subtask: its score, question count and unparsed count; for one result file. */
export function subtaskDetailTable(subtasks: Partial<Record<SubtaskKey, SubtaskAggregate>>, overall: number | null): string {
  const rows = SUBTASKS.map((s) => {
    const a = subtasks[s.key];
    return [`${s.abbreviation}  ${s.name}`, formatScore(a?.score), a ? String(a.n) : '0', a ? String(a.unparsed) : '0'];
  });
  rows.push(['Avg. (mean of subtasks)', formatScore(overall), '', '']);
  return alignedTable(['subtask', 'score', 'n', 'unparsed'], rows);
}

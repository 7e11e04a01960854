import { SUBTASKS } from '../subtasks';
import { alignedTable, type ScoreRow } from './table';

/** "12", or "12 (3)" when 3 of the 12 predictions were unparsed. */
function countCell(n: number, unparsed: number): string {
  return unparsed > 0 ? `${n} (${unparsed})` : String(n);
}

/**
 * The companion of `subtaskTable`, with the same rows and columns: per subtask, how many questions were scored,
 * and in brackets how many of them were unparsed; the last column totals them. Read beside the scores, it shows
 * which subtasks a partial file covers and where a low score comes from output the parser could not read.
 */
export function subtaskCountTable(rows: ScoreRow[]): string {
  const header = ['n (unparsed)', ...SUBTASKS.map((s) => s.abbreviation), 'all'];
  return alignedTable(
    header,
    rows.map((r) => {
      let n = 0;
      let unparsed = 0;
      const cells = SUBTASKS.map((s) => {
        const a = r.subtasks[s.key];
        n += a?.n ?? 0;
        unparsed += a?.unparsed ?? 0;
        return countCell(a?.n ?? 0, a?.unparsed ?? 0);
      });
      return [r.label, ...cells, countCell(n, unparsed)];
    }),
  );
}

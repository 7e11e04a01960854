// Tables as data, rendered as aligned text, Markdown, CSV or LaTeX (booktabs). Cells are formatted once,
// before rendering, so every format prints the same numbers.
import { SUBTASKS } from '../subtasks';
import { formatScore } from '../format';
import { alignedTable, type ScoreRow } from './table';

export type TableFormat = 'text' | 'markdown' | 'csv' | 'latex';
export const TABLE_FORMATS: ReadonlyArray<TableFormat> = ['text', 'markdown', 'csv', 'latex'];

export interface TableModel {
  header: string[];
  rows: string[][];
  /** Columns before this index are text (left-aligned); the rest are numbers (right-aligned). Default 1. */
  textColumns?: number;
}

export function renderTable(table: TableModel, format: TableFormat): string {
  switch (format) {
    case 'text':
      return alignedTable(table.header, table.rows);
    case 'markdown':
      return markdownTable(table);
    case 'csv':
      return [table.header, ...table.rows].map((r) => r.map(csvCell).join(',')).join('\n');
    case 'latex':
      return latexTable(table);
  }
}

function markdownTable({ header, rows, textColumns = 1 }: TableModel): string {
  const cell = (c: string) => c.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `|${header.map((_, i) => (i < textColumns ? ':---' : '---:')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** RFC 4180: a cell with a comma, quote, line break or edge space is quoted, its quotes doubled. */
function csvCell(c: string): string {
  return /[",\r\n]|^\s|\s$/.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
}

const LATEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '—': '---',
};

export function latexEscape(text: string): string {
  let out = '';
  for (const ch of text) out += LATEX_SPECIALS[ch] ?? ch;
  return out;
}

function latexTable({ header, rows, textColumns = 1 }: TableModel): string {
  const line = (cells: string[]) => `${cells.map(latexEscape).join(' & ')} \\\\`;
  return [
    `\\begin{tabular}{${header.map((_, i) => (i < textColumns ? 'l' : 'r')).join('')}}`,
    '\\toprule',
    line(header),
    '\\midrule',
    ...rows.map(line),
    '\\bottomrule',
    '\\end{tabular}',
  ].join('\n');
}

/** One row per result file: the 12 subtasks (paper abbreviations) and Avg., as `summary` prints them. */
export function scoreTableModel(rows: readonly ScoreRow[]): TableModel {
  return {
    header: ['', ...SUBTASKS.map((s) => s.abbreviation), 'Avg.'],
    rows: rows.map((r) => [r.label, ...SUBTASKS.map((s) => formatScore(r.subtasks[s.key]?.score)), formatScore(r.overall)]),
  };
}

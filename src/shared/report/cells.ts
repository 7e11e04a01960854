// Text placed in Markdown tables and CSV files. Notes and uids are free text written by people: they must
// stay text (no HTML, no table breaks, no spreadsheet formulas).
import { escapeControlChars } from '../text/messageText';

/**
 * A Markdown table cell: pipes, backslashes, markup characters and HTML escaped, line breaks folded to spaces,
 * other control characters (a terminal escape, a bidi override) made visible.
 */
export function markdownCell(text: string): string {
  let out = '';
  for (const ch of escapeControlChars(text.replace(/[\r\n\t]/g, ' '))) {
    if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '&') out += '&amp;';
    else if ('\\|*_`[]#~'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Free text that a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe; numbers are not text.
 */
export function csvField(value: string | number | boolean | null, freeText = false): string {
  if (value === null) return '';
  let s = String(value);
  if (freeText && typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text with CRLF line ends, as RFC 4180 writes them. */
export function csvTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header.map((h) => csvField(h)), ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n';
}

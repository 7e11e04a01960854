import { escapeControlChars } from './text/messageText';

/** A problem found in input data. Always names the file, and the line where there is one. */
export interface Problem {
  file: string;
  /** 1-based line number, when the file is line-oriented (JSONL) or the position is known. */
  line?: number;
  message: string;
  severity: 'error' | 'warning';
  /** uid of the question or result line the problem belongs to, if any. */
  uid?: string;
}

/** `file:line: severity: message` on exactly one line: control characters in the path or message are escaped. */
export function formatProblem(p: Problem): string {
  return `${escapeControlChars(p.file)}${p.line !== undefined ? `:${p.line}` : ''}: ${p.severity}: ${escapeControlChars(p.message)}`;
}

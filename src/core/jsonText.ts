// Helpers that work on JSON *text*: error locations, record lines, and top-level property spans.
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** 1-based line and column of an offset in a text. */
export function lineAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastNl = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lastNl = i;
  }
  return { line, column: offset - lastNl };
}

/** JSON.parse with the error's line and column, for problem reports. */
export function parseJsonWithLocation(input: string): JsonParseResult {
  // A UTF-8 byte-order mark is not JSON, but editors write it; it is not an error in the data.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    // V8's message does not always give a position: ask a tolerant parser where the first error is.
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { allowTrailingComma: false, disallowComments: true });
    const first = errors[0];
    const offset = first ? first.offset : text.length;
    const { line, column } = lineAt(text, offset);
    const detail = first ? `${printParseErrorCode(first.error)} at line ${line}, column ${column}` : (e as Error).message;
    return { ok: false, message: detail, line, column };
  }
}

/** Skips a JSON string starting at the opening quote; returns the index after the closing quote. */
export function skipString(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j !== -1; j = text.indexOf('"', j + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
  return text.length;
}

/**
 * 1-based line numbers where each element of a top-level JSON array starts. `text` must be valid JSON (callers
 * parse it first), so a string holds no raw newline and whitespace is JSON's own: one pass over char codes.
 */
export function recordLineNumbers(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Whitespace first: in a pretty-printed file most characters outside strings are indentation.
    if (c <= 0x20) {
      if (c === 0x0a) line++;
      continue;
    }
    if (depth === 1 && expectValue && c !== 0x5d /* ] */) {
      lines.push(line);
      expectValue = false;
    }
    if (c === 0x22 /* " */) i = skipString(text, i) - 1;
    else if (c === 0x5b || c === 0x7b /* [ { */) {
      depth++;
      if (depth === 1 && c === 0x5b) expectValue = true;
    } else if (c === 0x5d || c === 0x7d /* ] } */) depth--;
    else if (c === 0x2c /* , */ && depth === 1) expectValue = true;
  }
  return lines;
}

export interface PropertySpan {
  key: string;
  /** Offset of the key's opening quote. */
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

/**
 * Spans of the top-level properties of a JSON object text (which must be valid JSON).
 * Lets a rescore replace a value's bytes while keeping every other byte.
 */
export function topLevelProperties(text: string): PropertySpan[] {
  const out: PropertySpan[] = [];
  let i = text.indexOf('{');
  if (i < 0) return out;
  i++;
  const n = text.length;
  const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  const ws = (k: number) => {
    while (k < n && isWs(text.charCodeAt(k))) k++;
    return k;
  };
  for (;;) {
    i = ws(i);
    if (i >= n || text.charCodeAt(i) === 0x7d /* } */) return out;
    if (text.charCodeAt(i) === 0x2c /* , */) {
      i++;
      continue;
    }
    const keyStart = i;
    const keyEnd = skipString(text, i);
    const rawKey = text.slice(keyStart + 1, keyEnd - 1);
    const key = rawKey.includes('\\') ? (JSON.parse(text.slice(keyStart, keyEnd)) as string) : rawKey;
    i = ws(ws(keyEnd) + 1); // past ':'
    const valueStart = i;
    let depth = 0;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22 /* " */) i = skipString(text, i) - 1;
      else if (c === 0x7b || c === 0x5b /* { [ */) depth++;
      else if (c === 0x7d || c === 0x5d /* } ] */) {
        if (depth === 0) break;
        depth--;
      } else if (c === 0x2c /* , */ && depth === 0) break;
    }
    let valueEnd = i;
    while (valueEnd > valueStart && isWs(text.charCodeAt(valueEnd - 1))) valueEnd--;
    out.push({ key, keyStart, valueStart, valueEnd });
  }
}

/**
 * True when a JSON object's text puts a space after its first member's colon (`{"uid": ...`), the style its
 * writer used (Python's `json.dumps` default), false when compact or without members. Only the first key is
 * read: a colon-and-space inside a later string value (a prediction that quotes JSON) says nothing of the style.
 */
export function spacedAfterColon(text: string): boolean {
  let i = text.indexOf('{');
  if (i === -1) return false;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) !== 0x22 /* " */) return false;
  i = skipSpace(text, skipString(text, i));
  return text.charCodeAt(i) === 0x3a /* : */ && text.charCodeAt(i + 1) === 0x20;
}

/** The index of the first character at or after `i` that is not JSON white space. */
function skipSpace(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(++i));
  return i;
}

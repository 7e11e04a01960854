// Helpers that work on JSON *text* (and a UTF-8 file's bytes): error locations, record lines, and top-level property spans.
import { isAscii, isUtf8 } from 'node:buffer';
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { utf8Text } from './io/utf8';

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

/**
 * A parsed UTF-8 JSON file, with `lineText`: a text of the file whose lines, and whose JSON structure outside
 * strings, are the file's (for `recordLineNumbers`), though a character of it may stand for a byte.
 */
export type JsonBytesParse = { ok: true; value: unknown; lineText: string } | Extract<JsonParseResult, { ok: false }>;

const LATIN1_HIGH = /[\x80-\xff]/;

/**
 * `parseJsonWithLocation` of UTF-8 bytes (a leading byte-order mark dropped; an invalid sequence read as U+FFFD).
 * Valid UTF-8 with raw non-ASCII characters is parsed as its latin1 text, one character a byte: JSON's syntax is
 * ASCII, and UTF-8 never uses an ASCII byte inside a sequence, so each string's characters are its bytes, which are
 * then decoded. That skips decoding the whole file, which costs more than the parse once a byte is over 0x7f, and
 * pays where the non-ASCII strings are short, as in a dataset's files (docs/PERFORMANCE.md, change 44). An escaped
 * non-ASCII character (`\u00e9`) would be read as a byte too, so a file with one is parsed as text.
 */
export function parseJsonBytes(bytes: Buffer): JsonBytesParse {
  if (isAscii(bytes)) return withLineText(bytes.toString('latin1'));
  if (!isUtf8(bytes)) return withLineText(utf8Text(bytes));
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const latin1 = (hasBom ? bytes.subarray(3) : bytes).toString('latin1');
  if (hasEscapedNonAscii(latin1)) return withLineText(utf8Text(bytes));
  let value: unknown;
  try {
    value = JSON.parse(latin1);
  } catch {
    // The error's line and column, counted in characters, come from the text.
    return withLineText(utf8Text(bytes));
  }
  return { ok: true, value: decodeByteStrings(value), lineText: latin1 };
}

function withLineText(text: string): JsonBytesParse {
  const parsed = parseJsonWithLocation(text);
  return parsed.ok ? { ok: true, value: parsed.value, lineText: text } : parsed;
}

/** Whether a text may hold a `\u` escape of a character over 0x7f: an escaped backslash before a `u` counts too. */
function hasEscapedNonAscii(text: string): boolean {
  // indexOf, not a regular expression: 0.1 against 1.4 ms over the 4.7 MB file.
  for (let i = text.indexOf('\\u'); i !== -1; i = text.indexOf('\\u', i + 2)) {
    const third = text.charCodeAt(i + 4);
    if (text.charCodeAt(i + 2) !== 0x30 || text.charCodeAt(i + 3) !== 0x30 || !(third >= 0x30 && third <= 0x37)) return true;
  }
  return false;
}

/** A string read as latin1 (a character a byte), decoded as the UTF-8 those bytes are. */
function fromLatin1Bytes(s: string): string {
  return Buffer.from(s, 'latin1').toString('utf8');
}

/**
 * The latin1-read strings and keys of a parsed value as UTF-8, in place. A stack, not recursion, so that a deeply
 * nested file cannot overflow it.
 */
function decodeByteStrings(root: unknown): unknown {
  if (typeof root === 'string') return LATIN1_HIGH.test(root) ? fromLatin1Bytes(root) : root;
  if (typeof root !== 'object' || root === null) return root;
  const stack: object[] = [root];
  for (let container = stack.pop(); container !== undefined; container = stack.pop()) {
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const value: unknown = container[i];
        if (typeof value === 'string') {
          if (LATIN1_HIGH.test(value)) container[i] = fromLatin1Bytes(value);
        } else if (typeof value === 'object' && value !== null) stack.push(value);
      }
      continue;
    }
    const object = container as Record<string, unknown>;
    let highKey = false;
    for (const key in object) {
      if (LATIN1_HIGH.test(key)) highKey = true;
      const value = object[key];
      if (typeof value === 'string') {
        if (LATIN1_HIGH.test(value)) object[key] = fromLatin1Bytes(value);
      } else if (typeof value === 'object' && value !== null) stack.push(value);
    }
    if (highKey) renameKeys(object);
  }
  return root;
}

/** Every key of an object decoded, in their order. Defined, not assigned: an own "__proto__" key stays a key. */
function renameKeys(object: Record<string, unknown>): void {
  const keys = Object.keys(object);
  const values = keys.map((key) => object[key]);
  for (const key of keys) delete object[key];
  keys.forEach((key, i) =>
    Object.defineProperty(object, LATIN1_HIGH.test(key) ? fromLatin1Bytes(key) : key, {
      value: values[i],
      enumerable: true,
      writable: true,
      configurable: true,
    }),
  );
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

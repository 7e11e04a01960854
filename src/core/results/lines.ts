import { createReadStream } from 'node:fs';

export interface Line {
  /** 1-based. */
  number: number;
  /** The line's text without its ending. */
  text: string;
  /** '\n', '\r\n', or '' for a last line without one. */
  eol: string;
}

/** Splits text into lines, keeping each line's ending so the text can be rebuilt byte for byte. */
export function* splitLines(text: string): Generator<Line> {
  let start = 0;
  let number = 1;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      yield { number, text: text.slice(start), eol: '' };
      return;
    }
    const cr = nl > start && text.charCodeAt(nl - 1) === 13;
    yield { number: number++, text: text.slice(start, cr ? nl - 1 : nl), eol: cr ? '\r\n' : '\n' };
    start = nl + 1;
  }
}

/**
 * Streams a UTF-8 file as batches of lines (one batch per 1 MiB chunk read), keeping endings.
 * Memory stays bounded by the chunk size and the longest line; batching keeps per-line overhead low.
 */
export async function* readLineBatches(path: string): AsyncGenerator<Line[]> {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  // Strict decoding: a lossy decoder would turn invalid bytes into U+FFFD and a rewrite would change them.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let carry = '';
  let number = 1;
  let offset = 0;
  for await (const bytes of stream as AsyncIterable<Buffer>) {
    let chunk: string;
    try {
      chunk = decoder.decode(bytes, { stream: true });
    } catch {
      const bad = firstInvalidByte(bytes);
      throw new InvalidUtf8Error(path, number + countByte(bytes.subarray(0, bad), 0x0a), offset + bad);
    }
    offset += bytes.length;
    const text = carry + chunk;
    const batch: Line[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const cr = nl > start && text.charCodeAt(nl - 1) === 13;
      batch.push({ number: number++, text: text.slice(start, cr ? nl - 1 : nl), eol: cr ? '\r\n' : '\n' });
      start = nl + 1;
    }
    carry = text.slice(start);
    if (batch.length > 0) yield batch;
  }
  try {
    carry += decoder.decode();
  } catch {
    throw new InvalidUtf8Error(path, number, offset); // the file ends inside a character
  }
  if (carry.length > 0) yield [{ number, text: carry, eol: '' }];
}

function countByte(bytes: Uint8Array, b: number): number {
  let n = 0;
  for (let i = bytes.indexOf(b); i !== -1; i = bytes.indexOf(b, i + 1)) n++;
  return n;
}

/** Offset of the first byte that makes the chunk invalid UTF-8 (binary search on the longest valid prefix). */
function firstInvalidByte(bytes: Uint8Array): number {
  const valid = (k: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, k), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (valid(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A file that is not valid UTF-8: refused whole, since rewriting it could not keep its bytes. */
export class InvalidUtf8Error extends Error {
  constructor(readonly file: string, readonly line: number, readonly nearByte: number) {
    super(`${file} is not valid UTF-8 (around line ${line}); it was left untouched`);
  }
}

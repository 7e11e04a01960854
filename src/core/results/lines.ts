import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

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

/** Bytes per read: large enough that per-read costs vanish, small enough to keep memory bounded. */
const READ_CHUNK_BYTES = 1 << 20;

/**
 * Streams a UTF-8 file as batches of lines (one batch per 1 MiB chunk read), keeping endings.
 * Memory stays bounded by the chunk size and the longest line; batching keeps per-line overhead low.
 * With `handle`, reads that open file (from its start, leaving it open), so the bytes are those of the inode
 * whose identity the caller took; `path` then only names it in errors.
 */
export async function* readLineBatches(path: string, handle?: FileHandle): AsyncGenerator<Line[]> {
  const stream = handle
    ? handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, start: 0, autoClose: false })
    : createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  // Bytes are decoded up to the last newline read: a newline byte never sits inside a UTF-8 character,
  // so each decoded part is whole characters, and the rest of the chunk waits for the next one.
  let carry: Buffer = Buffer.alloc(0);
  let number = 1;
  let offset = 0; // file offset of carry[0]
  for await (const bytes of stream as AsyncIterable<Buffer>) {
    const lastNl = bytes.lastIndexOf(0x0a);
    if (lastNl === -1) {
      carry = Buffer.concat([carry, bytes]);
      continue;
    }
    const part = carry.length > 0 ? Buffer.concat([carry, bytes.subarray(0, lastNl + 1)]) : bytes.subarray(0, lastNl + 1);
    const text = decodeStrict(path, part, number, offset);
    offset += part.length;
    carry = Buffer.from(bytes.subarray(lastNl + 1)); // a copy: the stream may reuse its buffers
    const batch: Line[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const cr = nl > start && text.charCodeAt(nl - 1) === 13;
      batch.push({ number: number++, text: text.slice(start, cr ? nl - 1 : nl), eol: cr ? '\r\n' : '\n' });
      start = nl + 1;
    }
    yield batch;
  }
  if (carry.length > 0) yield [{ number, text: decodeStrict(path, carry, number, offset), eol: '' }];
}

/**
 * Strict decoding: a lossy decoder would turn invalid bytes into U+FFFD and a rewrite would change them.
 * `isUtf8` validates (it refuses surrogates and overlong forms, as a fatal TextDecoder does) and then the
 * plain decoder is exact, and both are much faster than a streaming TextDecoder.
 */
function decodeStrict(path: string, bytes: Buffer, firstLine: number, offset: number): string {
  if (!isUtf8(bytes)) {
    const bad = firstInvalidByte(bytes);
    throw new InvalidUtf8Error(path, firstLine + countByte(bytes.subarray(0, bad), 0x0a), offset + bad);
  }
  return bytes.toString('utf8');
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

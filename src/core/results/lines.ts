import { isAscii, isUtf8 } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { WorkSlicer } from '../../shared/workSlices';
import { TimeSlicer } from '../io/timeSlices';

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
 * Bytes per read: a chunk's decoded text is at most this plus the line a read cut in two. V8 gives a string over
 * 128 KiB its own pages in the large-object space, fresh memory for every chunk; under it, the text is made in the
 * young generation, whose memory is reused. 1 MiB reads cost the summary of 25 files about 12 % more time and
 * 25 % more RSS (docs/PERFORMANCE.md, change 34).
 */
const READ_CHUNK_BYTES = 1 << 16;

export interface ReadLinesOptions {
  /** Read this open file instead of opening `path`: the bytes of the inode whose identity the caller took. */
  handle?: FileHandle;
  /**
   * `throw` (the default, for writers): invalid UTF-8 anywhere throws an InvalidUtf8Error naming its line, since
   * a rewrite could not keep those bytes. `mark` (for read-only use): a line whose bytes are not valid UTF-8 is
   * yielded with `invalidUtf8` set and the rest reads on. Its `text` is then a lossy decoding, so a writer must
   * never use `mark`.
   */
  invalidUtf8?: 'throw' | 'mark';
  /**
   * Read with blocking calls instead of a stream, letting the event loop turn (signals, timers) whenever `slicer`
   * is due: for a process with nothing else to do on its thread, the CLI. A stream's every read is a round trip to
   * the thread pool, which a busy second core answers late (docs/PERFORMANCE.md, change 52). The extension host
   * must never block, so it keeps the stream.
   */
  blocking?: boolean;
  /** When a blocking read lets the event loop turn; every BLOCKING_READ_SLICE_MS by default. */
  slicer?: WorkSlicer;
}

/** The longest a blocking read goes on before the event loop turns: a Ctrl-C is answered within it. */
export const BLOCKING_READ_SLICE_MS = 50;

/** A line whose bytes are not valid UTF-8 (only from `readLineBatches` with `invalidUtf8: 'mark'`). */
export interface InvalidUtf8Line extends Line {
  /** Offset, within the line's bytes, of the first byte that makes it invalid. */
  invalidUtf8: { byteInLine: number };
}

export function isInvalidUtf8Line(line: Line): line is InvalidUtf8Line {
  return (line as Partial<InvalidUtf8Line>).invalidUtf8 !== undefined;
}

/**
 * Streams a UTF-8 file as batches of lines (one batch per chunk read, READ_CHUNK_BYTES), keeping endings.
 * Memory stays bounded by the chunk size and the longest line; batching keeps per-line overhead low.
 * With `handle`, reads that open file from its start; `path` then only names it in errors. The handle stays open
 * when the file is read to its end; a loop that stops early destroys the stream, and Node closes the handle then.
 */
export async function* readLineBatches(path: string, options: ReadLinesOptions = {}): AsyncGenerator<Line[]> {
  for await (const chunk of readLineChunks(path, options)) yield chunk.lines;
}

/** A run of whole lines as read: their bytes, and the lines decoded from them. */
export interface LineChunk {
  lines: Line[];
  /** The lines' bytes, endings included, in file order. */
  bytes: Buffer;
  /** True when every byte is ASCII: then a line's character offsets are its byte offsets in `bytes`. */
  ascii: boolean;
}

/** `readLineBatches` with each batch's bytes, for a writer that copies the bytes it does not change. */
export async function* readLineChunks(path: string, options: ReadLinesOptions = {}): AsyncGenerator<LineChunk> {
  let reads: AsyncIterable<Buffer> | Iterable<Buffer>;
  let slicer: WorkSlicer | undefined;
  if (options.blocking) {
    reads = blockingReads(path, options.handle);
    slicer = options.slicer ?? new TimeSlicer(BLOCKING_READ_SLICE_MS);
  } else {
    reads = options.handle
      ? options.handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, start: 0, autoClose: false })
      : createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  }
  const mark = options.invalidUtf8 === 'mark';
  // Bytes are decoded up to the last newline read: a newline byte never sits inside a UTF-8 character,
  // so each decoded part is whole characters, and the rest of the chunk waits for the next one.
  // The rest is kept as a list of pieces, joined once: a long line over many chunks is copied once, not per chunk.
  let carry: Buffer[] = [];
  let number = 1;
  let offset = 0; // file offset of the first carried byte
  for await (const bytes of reads) {
    if (slicer?.due()) await slicer.pause();
    const lastNl = bytes.lastIndexOf(0x0a);
    if (lastNl === -1) {
      carry.push(Buffer.from(bytes)); // a copy: the stream may reuse its buffers
      continue;
    }
    const head = bytes.subarray(0, lastNl + 1);
    const part = carry.length > 0 ? Buffer.concat([...carry, head]) : head;
    carry = lastNl + 1 < bytes.length ? [Buffer.from(bytes.subarray(lastNl + 1))] : [];
    const decoded = decodeWholeLines(part, number, mark);
    if (!decoded) throw invalidUtf8Error(path, part, number, offset);
    number += decoded.lines.length;
    offset += part.length;
    yield { lines: decoded.lines, bytes: part, ascii: decoded.ascii };
  }
  if (carry.length > 0) {
    const rest = Buffer.concat(carry);
    const ascii = isAscii(rest);
    if (ascii || isUtf8(rest)) yield { lines: [{ number, text: rest.toString(ascii ? 'latin1' : 'utf8'), eol: '' }], bytes: rest, ascii };
    else if (mark) yield { lines: [markedLine(rest, number, '')], bytes: rest, ascii };
    else throw invalidUtf8Error(path, rest, number, offset);
  }
}

/**
 * The file's bytes from its start, READ_CHUNK_BYTES at a time, with blocking reads: each in fresh memory, as a
 * stream's, since a chunk's bytes may still be on their way to a write when the next is read.
 */
function* blockingReads(path: string, handle: FileHandle | undefined): Generator<Buffer> {
  const fd = handle ? handle.fd : openSync(path, 'r');
  try {
    for (let position = 0; ;) {
      const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
      const n = readSync(fd, buffer, 0, READ_CHUNK_BYTES, position);
      if (n === 0) return;
      position += n;
      yield n < READ_CHUNK_BYTES ? buffer.subarray(0, n) : buffer;
    }
  } finally {
    if (!handle) closeSync(fd);
  }
}

/**
 * The whole lines at the start of `bytes` (a file's first bytes), up to and with its last newline, as
 * `readLineBatches` with `invalidUtf8: 'mark'` reads them: the same texts, endings, numbers and marks, whatever
 * the read's size, since a newline byte never sits inside a UTF-8 character. Bytes after the last newline are
 * left out, as the line they start may go on past them.
 */
export function wholeLinesOf(bytes: Uint8Array): Line[] {
  return decodeWholeLines(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.lastIndexOf(0x0a) + 1), 1, true)!.lines;
}

/**
 * The lines of `part` (bytes that end with a newline, or none), numbered from `first`. Invalid UTF-8 is marked per
 * line with `mark`; without it such bytes give null, for the caller to refuse.
 */
function decodeWholeLines(part: Buffer, first: number, mark: boolean): { lines: Line[]; ascii: boolean } | null {
  const lines: Line[] = [];
  // ASCII is valid UTF-8, and latin1 decodes it about twice as fast as the UTF-8 decoder.
  const ascii = isAscii(part);
  if (ascii) splitDecoded(part.toString('latin1'), first, lines);
  else if (isUtf8(part)) splitDecoded(part.toString('utf8'), first, lines);
  else if (mark) splitMarkingInvalid(part, first, lines);
  else return null;
  return { lines, ascii };
}

/** Appends the lines of `text`, which ends with a newline, numbered from `first`. */
function splitDecoded(text: string, first: number, batch: Line[]): void {
  let number = first;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    const cr = nl > start && text.charCodeAt(nl - 1) === 13;
    batch.push({ number: number++, text: text.slice(start, cr ? nl - 1 : nl), eol: cr ? '\r\n' : '\n' });
    start = nl + 1;
  }
}

/** `splitDecoded` for bytes that hold invalid UTF-8: each line is checked on its own, the invalid ones marked. */
function splitMarkingInvalid(bytes: Buffer, first: number, batch: Line[]): void {
  let number = first;
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
    const cr = nl > start && bytes[nl - 1] === 13;
    const body = bytes.subarray(start, cr ? nl - 1 : nl);
    const eol = cr ? '\r\n' : '\n';
    batch.push(isUtf8(body) ? { number, text: body.toString('utf8'), eol } : markedLine(body, number, eol));
    number++;
    start = nl + 1;
  }
}

function markedLine(body: Buffer, number: number, eol: string): InvalidUtf8Line {
  return { number, text: body.toString('utf8'), eol, invalidUtf8: { byteInLine: invalidSequenceStart(body) } };
}

/**
 * Offset of the first byte of the first invalid sequence. `firstInvalidByte` gives the end of the longest
 * prefix a streaming decoder accepts, which may end inside a character that the next byte (or the end) breaks:
 * step back to that character's lead byte.
 */
function invalidSequenceStart(bytes: Uint8Array): number {
  const end = firstInvalidByte(bytes);
  let lead = end - 1;
  while (lead > 0 && lead > end - 4 && (bytes[lead] & 0xc0) === 0x80) lead--;
  const b = bytes[lead];
  const needs = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return lead >= 0 && needs > end - lead ? lead : end;
}

/**
 * Strict decoding: a lossy decoder would turn invalid bytes into U+FFFD and a rewrite would change them.
 * `isUtf8` validates (it refuses surrogates and overlong forms, as a fatal TextDecoder does) and then the
 * plain decoder is exact, and both are much faster than a streaming TextDecoder.
 * This builds the error for bytes that failed `isUtf8`, starting at line `firstLine` and file offset `offset`.
 */
function invalidUtf8Error(path: string, bytes: Buffer, firstLine: number, offset: number): InvalidUtf8Error {
  const start = invalidSequenceStart(bytes);
  const lineStart = start > 0 ? bytes.lastIndexOf(0x0a, start - 1) + 1 : 0;
  return new InvalidUtf8Error(
    path,
    firstLine + countByte(bytes.subarray(0, start), 0x0a),
    offset + firstInvalidByte(bytes),
    start - lineStart,
  );
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

/** A file that is not valid UTF-8, for a writer: refused whole, since rewriting it could not keep its bytes. */
export class InvalidUtf8Error extends Error {
  /** `nearByte`: a file offset at most 3 bytes past the bad sequence's start; `byteInLine`: that start, in its line. */
  constructor(
    readonly file: string,
    readonly line: number,
    readonly nearByte: number,
    readonly byteInLine: number,
  ) {
    // The file's name is left to the caller, which names it already; what happens to the file, too.
    super(`line ${line} is not valid UTF-8 (at byte offset ${byteInLine} of the line), and a rewrite could not keep its bytes`);
  }
}

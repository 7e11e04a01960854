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
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let carry = '';
  let number = 1;
  for await (const chunk of stream as AsyncIterable<string>) {
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
  if (carry.length > 0) yield [{ number, text: carry, eol: '' }];
}

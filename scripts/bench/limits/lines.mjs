// How every limit reads a result file's lines: 64 KiB reads into one buffer, decoded by a StringDecoder. Each
// decoded piece stays under 128 KiB, a size V8 makes in its young generation, whose memory is reused; a whole
// file's string, or a 1 MiB chunk's, goes to its large-object space, fresh memory every time. On the AMD EPYC
// machine that made reading and parsing the 25 bench files take twice as long (docs/PERFORMANCE.md, change 35).
import { closeSync, openSync, readSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

export const CHUNK_BYTES = 1 << 16;

export function forEachLines(file, onLines, onBytes) {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let carry = '';
    for (let n = readSync(fd, chunk, 0, CHUNK_BYTES, null); n > 0; n = readSync(fd, chunk, 0, CHUNK_BYTES, null)) {
      const lines = (carry + decoder.write(chunk.subarray(0, n))).split('\n');
      carry = lines.pop();
      onLines(lines);
      onBytes?.(chunk.subarray(0, n));
    }
    onLines([carry + decoder.end()]);
  } finally {
    closeSync(fd);
  }
}

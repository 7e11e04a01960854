// The limits' line reader (scripts/bench/limits/lines.mjs) must see every line of a file, or a limit would time
// less work than the command it is set against.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CHUNK_BYTES, forEachLines } from '../../../scripts/bench/limits/lines.mjs';

function linesOf(text: string): { lines: string[]; bytes: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-limit-lines-'));
  try {
    const file = path.join(dir, 'r.jsonl');
    writeFileSync(file, text);
    const lines: string[] = [];
    let bytes = 0;
    forEachLines(
      file,
      (batch) => lines.push(...batch),
      (b) => (bytes += b.length),
    );
    return { lines, bytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the limits line reader', () => {
  it('gives every line across reads, with characters cut by a read boundary whole, and the last line unended', () => {
    const pieces = ['{"a":"é€𝄞"}', '', 'x'.repeat(3 * CHUNK_BYTES), '日本語'];
    let text = '';
    for (let i = 0; text.length < 5 * CHUNK_BYTES; i++) text += pieces[i % pieces.length] + '\n';
    text += 'last €';
    const { lines, bytes } = linesOf(text);
    assert.deepEqual(lines, text.split('\n'));
    assert.equal(bytes, Buffer.byteLength(text));
  });
  it('gives one empty last line after a final newline, as split does', () => {
    assert.deepEqual(linesOf('a\nb\n').lines, ['a', 'b', '']);
    assert.deepEqual(linesOf('').lines, ['']);
  });
});

// Invalid UTF-8 in a result file: read-only commands score every valid line and report the bad ones at their
// lines; a rescore refuses the file (it could not keep the bytes) and says which line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { evaluateFile, InvalidUtf8Error, readDataset, readLineBatches, splitLines, wholeLinesOf, type Line } from '../../../src/core';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDirs';
import { writeTinyDataset } from '../helpers/tinyDataset';

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const utf8 = (s: string) => Buffer.from(s, 'utf8');

async function readAll(file: string, invalidUtf8: 'throw' | 'mark'): Promise<Line[]> {
  const out: Line[] = [];
  for await (const batch of readLineBatches(file, { invalidUtf8 })) out.push(...batch);
  return out;
}

/** A result file whose second line holds a Latin-1 "é" (byte 0xe9), which is not UTF-8. */
function resultsWithBadLine(): { file: string; bytes: Buffer } {
  const bytes = Buffer.concat([
    utf8('{"uid":"q_choice","prediction":"C"}\n'),
    latin1('{"uid":"q_angle","prediction":"-130 degr\xe9s"}\n'),
    utf8('{"uid":"q_point","prediction":"<point>391 698</point> – ok"}\r\n'),
  ]);
  const file = path.join(tempDir('gst-utf8-'), 'r.jsonl');
  writeFileSync(file, bytes);
  return { file, bytes };
}

describe('invalid UTF-8 in a result file', () => {
  it('evaluateFile scores the valid lines and reports the bad one at its line', async () => {
    const dataset = await readDataset(writeTinyDataset(tempDir('gst-tiny-')));
    const { file } = resultsWithBadLine();
    const ev = await evaluateFile(dataset, file, { profile: 'paper' });
    assert.deepEqual([ev.lines, ev.scored, ev.skipped], [3, 2, 1]);
    assert.deepEqual([...ev.byUid.keys()], ['q_choice', 'q_point']);
    assert.deepEqual(
      ev.problems.map((p) => [p.line, p.severity, p.message]),
      [[2, 'error', 'not valid UTF-8 (at byte offset 40 of the line); line skipped']],
    );
    assert.equal(ev.subtasks.trajectory?.score, 100);
  });

  it('marking reads the same lines as splitLines around bad lines, across chunks and in a last line without ending', async () => {
    const good = utf8('{"a":"é€𝄞"}\n'.repeat(120_000)); // 1.8 MB: lines on both sides of the first chunk boundary
    const long = utf8('x'.repeat(3_000_000)); // one line over many chunks
    const bytes = Buffer.concat([good, latin1('bad \xff\r\n'), long, utf8('\n'), good, latin1('tail \xc3')]);
    const file = path.join(tempDir('gst-utf8-'), 'r.jsonl');
    writeFileSync(file, bytes);
    const lines = await readAll(file, 'mark');
    const bad = lines
      .filter((l) => 'invalidUtf8' in l)
      .map((l) => [l.number, l.eol, (l as Line & { invalidUtf8: { byteInLine: number } }).invalidUtf8.byteInLine]);
    assert.deepEqual(bad, [
      [120_001, '\r\n', 4],
      [240_003, '', 5],
    ]);
    // The valid lines are exactly those of the lossless splitter, with the same numbers.
    const reference = [...splitLines(bytes.toString('utf8'))];
    assert.equal(lines.length, reference.length);
    lines.forEach((l, i) => {
      if (!('invalidUtf8' in l)) assert.deepEqual(l, reference[i], `line ${l.number}`);
    });
  });

  it("a file's first bytes give the same whole lines as the marking read, wherever the bytes are cut", async () => {
    const piece = fc.constantFrom(
      utf8('{"uid":"q","prediction":"C"}'),
      utf8('é€𝄞'),
      latin1('bad \xff'),
      latin1('\xc3'), // a lead byte: cut, or followed by a newline, it is not UTF-8
      utf8('\n'),
      utf8('\r\n'),
      utf8('\r'),
      utf8('\ufeff'),
      utf8('  '),
    );
    const dir = tempDir('gst-utf8-');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.nat(), async (pieces, cutSeed) => {
        const bytes = Buffer.concat(pieces);
        const cut = bytes.length === 0 ? 0 : cutSeed % (bytes.length + 1);
        const file = path.join(dir, 'r.jsonl');
        writeFileSync(file, bytes);
        const whole = (await readAll(file, 'mark')).slice(0, bytes.subarray(0, cut).filter((b) => b === 0x0a).length);
        assert.deepEqual(wholeLinesOf(bytes.subarray(0, cut)), whole);
      }),
      { numRuns: 300 },
    );
  });

  it('strict reading (for writers) still throws, naming the exact line', async () => {
    const { file } = resultsWithBadLine();
    await assert.rejects(
      readAll(file, 'throw'),
      (e: unknown) => e instanceof InvalidUtf8Error && e.line === 2 && /^line 2 is not valid UTF-8/.test(e.message),
    );
  });

  it('summary prints the scores of the valid lines and the bad line as file:line (exit 1)', () => {
    const { file } = resultsWithBadLine();
    const r = runCli(['summary', file, '--dataset', writeTinyDataset(tempDir('gst-tiny-'))]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /r\.jsonl:2: error: not valid UTF-8 \(at byte offset 40 of the line\); line skipped/);
    assert.match(r.stdout, /2\/3 lines scored with the lenient reader, 1 skipped/);
    const json = JSON.parse(runCli(['summary', file, '--dataset', writeTinyDataset(tempDir('gst-tiny-')), '--json']).stdout);
    assert.equal(json.subtasks.position.score, 100);
  });

  it('rescore refuses to write, says which line in one line of stderr, and keeps the bytes', () => {
    const { file, bytes } = resultsWithBadLine();
    const r = runCli(['rescore', file, '--dataset', writeTinyDataset(tempDir('gst-tiny-'))]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      `gst-bench: cannot rescore ${file}: line 2 is not valid UTF-8 (at byte offset 40 of the line), and a rewrite could not keep its bytes; the file was left untouched\n`,
    );
    assert.deepEqual(readFileSync(file), bytes);
  });
});

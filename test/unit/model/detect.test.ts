// Workspace auto-detection (src/store/detect.ts uses only node:fs, so it runs here without VS Code).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  DETECT_LIMITS,
  detectInFolders,
  detectionStoppedMessage,
  detectLimitsWith,
  looksLikeResultFile,
  readFirstLine,
} from '../../../src/store/detect';

const FIELDS = { uidField: 'uid', predictionField: 'prediction' };

describe('auto-detection', () => {
  let ws: string;
  const put = (rel: string, text = '{}') => {
    const p = path.join(ws, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
    return p;
  };
  before(() => {
    ws = mkdtempSync(path.join(tmpdir(), 'gst-detect-'));
    put('data/s1/question.json');
    put('data/s2/question.json');
    put('data/results/run.jsonl', '{"uid":"a","prediction":"10"}\n{"uid":"b","prediction":"20"}\n');
    put('data/results/notes.jsonl', '{"uid":"a","text":"no prediction"}\n');
    put('data/results/broken.jsonl', 'not json\n');
    put('data/results/empty.jsonl', '\n\n');
    put('summary-only/sample_summary.json', '[]');
    put('lmms/out.jsonl', '{"doc":{"uid":"a"},"filtered_resps":["10"]}\n');
    put('node_modules/pkg/ds/s/question.json');
    put('.hidden/ds/s/question.json');
    put('a/b/c/d/e/ds/s/question.json'); // deeper than the limit
    // A named pipe in a sample folder: opening it would block, so the test also proves media are never opened.
    try {
      execFileSync('mkfifo', [path.join(ws, 'data/s1/video.mp4')]);
    } catch {
      put('data/s1/video.mp4', ''); // no mkfifo here: the rest of the test still holds
    }
  });
  after(() => rmSync(ws, { recursive: true, force: true }));

  it('finds datasets and result files, within bounds, without opening media', async () => {
    const found = await detectInFolders([ws], FIELDS);
    assert.deepEqual(found.datasets.map((d) => path.relative(ws, d)).sort(), ['data', 'summary-only']);
    assert.deepEqual(
      found.results.map((d) => path.relative(ws, d)),
      ['data/results/run.jsonl'],
    );
    assert.equal(found.stoppedBy, null);
    assert.equal(detectionStoppedMessage(found), undefined);
  });

  it('honours the field mapping', async () => {
    const found = await detectInFolders([ws], { uidField: 'doc.uid', predictionField: 'filtered_resps.0' });
    assert.deepEqual(
      found.results.map((d) => path.relative(ws, d)),
      ['lmms/out.jsonl'],
    );
  });

  it('stops at the time limit and says so', async () => {
    const found = await detectInFolders([ws], FIELDS, { maxDepth: 4, maxMillis: -1, firstLineBytes: 1024, maxJsonlFiles: 10 });
    assert.equal(found.stoppedBy, 'time');
    assert.deepEqual(found.datasets, []);
    assert.match(detectionStoppedMessage(found, { ...DETECT_LIMITS, maxMillis: 2500 })!, /stopped after 2\.5 s/);
  });

  it('stops at the count of .jsonl files opened, says which limit, and a raised limit finds the rest', async () => {
    const many = mkdtempSync(path.join(tmpdir(), 'gst-detect-many-'));
    try {
      for (const name of ['a', 'b', 'c', 'd']) writeFileSync(path.join(many, `${name}.jsonl`), `{"uid":"${name}","prediction":"1"}\n`);
      const limits = detectLimitsWith(3);
      const found = await detectInFolders([many], FIELDS, limits);
      assert.deepEqual(
        found.results.map((f) => path.basename(f)),
        ['a.jsonl', 'b.jsonl', 'c.jsonl'],
      );
      assert.equal(found.stoppedBy, 'jsonlFiles');
      const message = detectionStoppedMessage(found, limits)!;
      assert.match(message, /opened 3 \.jsonl files \(setting gstBench\.detection\.maxJsonlFiles\)/);
      const all = await detectInFolders([many], FIELDS, detectLimitsWith(4));
      assert.equal(all.results.length, 4);
      assert.equal(all.stoppedBy, null, 'exactly at the limit with nothing left is not a stop');
    } finally {
      rmSync(many, { recursive: true, force: true });
    }
  });

  it('takes the setting only when it is a whole number in range', () => {
    assert.equal(detectLimitsWith(500).maxJsonlFiles, 500);
    for (const bad of [0, -1, 2.5, 10_001, '300', null, undefined, Number.NaN])
      assert.equal(detectLimitsWith(bad).maxJsonlFiles, DETECT_LIMITS.maxJsonlFiles, String(bad));
  });

  it('depth limit', async () => {
    const deep = await detectInFolders([ws], FIELDS, { maxDepth: 6, maxMillis: 2000, firstLineBytes: 1024, maxJsonlFiles: 10 });
    assert.ok(
      deep.datasets.some((d) => d.endsWith(path.join('e', 'ds'))),
      'found with a larger depth',
    );
  });

  it('first line longer than the budget is not a result file', async () => {
    const p = put('long.jsonl', `{"uid":"a","prediction":"${'x'.repeat(2000)}"}\n`);
    assert.equal(await looksLikeResultFile(p, FIELDS, 100), false);
    assert.equal(await looksLikeResultFile(p, FIELDS, 4096), true);
  });

  it('reads the first non-blank line, however the file starts and ends', async () => {
    const line = '{"uid":"a","prediction":"10"}';
    const cases: Array<[string, string | undefined]> = [
      [`${line}\n{"uid":"b"}\n`, line],
      [`\n  \r\n\n${line}\n`, line],
      [`\uFEFF${line}\r\n`, `${line}\r`],
      [line, line],
      ['', undefined],
      ['\n \n\t', undefined],
      [`${'x'.repeat(40_000)}\n${line}`, 'x'.repeat(40_000)],
      [`${'\n'.repeat(20_000)}${line}\nnext`, line],
      [`{"prediction":"${'é'.repeat(9000)}"}\n`, `{"prediction":"${'é'.repeat(9000)}"}`],
    ];
    for (const [i, [text, expected]] of cases.entries()) {
      const p = put(`first-line/${i}.jsonl`, text);
      assert.equal(await readFirstLine(p, 256 * 1024), expected, `case ${i}`);
    }
    const long = put('first-line/long.jsonl', `${'y'.repeat(70_000)}\n`);
    assert.equal(await readFirstLine(long, 65_536), undefined, 'a first line beyond the budget');
    assert.equal(await readFirstLine(long, 80_000), 'y'.repeat(70_000));
  });

  it('reads only the head of a large result file', async () => {
    const row = (i: number) => JSON.stringify({ uid: `u${i}`, prediction: String(i), reasoning: 'r'.repeat(400) });
    const p = put('large/run.jsonl', Array.from({ length: 3000 }, (_, i) => row(i)).join('\n') + '\n');
    const probe = await open(p, 'r');
    const proto = Object.getPrototypeOf(probe) as { read: (...args: unknown[]) => Promise<{ bytesRead: number }> };
    await probe.close();
    const read = proto.read;
    let bytes = 0;
    proto.read = async function (this: unknown, ...args: unknown[]) {
      const r = await read.apply(this, args);
      bytes += r.bytesRead;
      return r;
    };
    try {
      assert.equal(await looksLikeResultFile(p, FIELDS), true);
    } finally {
      proto.read = read;
    }
    assert.ok(bytes > 0 && bytes <= 16 * 1024, `read ${bytes} bytes of a 1.3 MB file to find its first line`);
  });
});

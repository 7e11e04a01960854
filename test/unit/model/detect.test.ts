// Workspace auto-detection (src/store/detect.ts uses only node:fs, so it runs here without VS Code).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { detectInFolders, looksLikeResultFile } from '../../../src/store/detect';

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
    assert.equal(found.truncated, false);
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
    assert.equal(found.truncated, true);
    assert.deepEqual(found.datasets, []);
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
});

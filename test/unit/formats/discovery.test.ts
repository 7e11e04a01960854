import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DEFAULT_FIELDS, detectFormat, evaluateResultFileWithSettings, readDataset } from '../../../src/core';
import { detectInFolders } from '../../../src/store/detect';
import { REPO_ROOT } from '../helpers/shared';

const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/formats');

describe('the extension seam: workspace discovery and loading with settings', () => {
  it("with default settings, other harnesses' JSON lines are found in the workspace", async () => {
    const ws = mkdtempSync(path.join(tmpdir(), 'gst-discover-'));
    for (const f of ['lmms-eval-list.jsonl', 'openai-batch-output.jsonl', 'gst-bench-results.jsonl', 'dataset.jsonl'])
      copyFileSync(path.join(FIXTURES, f), path.join(ws, f));
    const found = await detectInFolders([ws], DEFAULT_FIELDS);
    assert.deepEqual(found.results.map((f) => path.basename(f)).sort(), [
      'gst-bench-results.jsonl',
      'lmms-eval-list.jsonl',
      'openai-batch-output.jsonl',
    ]);
  });

  it('loads an lmms-eval log and an .xlsx with default settings; changed settings are a mapping', async () => {
    const dataset = await readDataset(path.join(FIXTURES, 'dataset.jsonl'));
    const lmms = await evaluateResultFileWithSettings(dataset, path.join(FIXTURES, 'lmms-eval-list.jsonl'), {
      profile: 'paper',
      fields: DEFAULT_FIELDS,
    });
    assert.equal(lmms.scored, 2);
    const xlsx = await evaluateResultFileWithSettings(dataset, path.join(FIXTURES, 'vlmevalkit-predictions.xlsx'), {
      profile: 'paper',
      fields: DEFAULT_FIELDS,
    });
    assert.equal(xlsx.scored, 3);
    const mapped = await evaluateResultFileWithSettings(dataset, path.join(FIXTURES, 'lmms-eval-copied-uid.jsonl'), {
      profile: 'paper',
      fields: { uidField: 'gst_bench_score.uid', predictionField: 'filtered_resps.0' },
    });
    assert.deepEqual([...mapped.byUid.keys()], ['fx_choice', 'fx_dist']);
  });

  it('a .jsonl whose first lines are broken is still read line by line, each bad line reported', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-broken-')), 'r.jsonl');
    writeFileSync(file, 'not json\n{"uid":"fx_choice","prediction":"C"}\n');
    assert.equal((await detectFormat(file)).adapter.name, 'canonical');
    const other = path.join(path.dirname(file), 'all-bad.jsonl');
    writeFileSync(other, 'not json\nnor this\n');
    const d = await detectFormat(other);
    assert.equal(d.adapter.name, 'canonical');
    assert.match(d.reason, /no readable record/);
  });
});

// The compare report computed on the worker thread is the report computed here, bit for bit; a failure in the
// worker rejects that request only; a stopped worker fails what it held and the next request starts a new one.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { after, before, describe, test } from 'node:test';
import { loadResultFile } from '../../../src/core/compare/load';
import { CompareReportWorker, packSets, unpackSets } from '../../../src/core/compare/reportWorker';
import { datasetSubtaskCounts } from '../../../src/core';
import { compareReport } from '../../../src/shared/stats/compareReport';
import type { ResultSet } from '../../../src/shared/stats/compare';
import { demoFixture, type DemoFixture, DEMO_NAMES } from './demoSession';
import { REPO_ROOT } from '../helpers/shared';

// The worker's entry bundled as scripts/build.mjs bundles it (a worker thread does not get tsx's loader).
let dir: string;
let ENTRY: string;

let fx: DemoFixture;
let sets: ResultSet[];
before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gst-worker-'));
  ENTRY = path.join(dir, 'compareWorker.js');
  await build({
    entryPoints: [path.join(REPO_ROOT, 'src', 'core', 'compare', 'reportWorkerMain.ts')],
    outfile: ENTRY,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
  });
  fx = await demoFixture();
  const loaded = await Promise.all(DEMO_NAMES.map((n) => loadResultFile(fx.dataset, fx.file(n), { profile: 'paper' })));
  sets = loaded.flatMap((l) => l.sets);
});
after(() => {
  fx.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe('compare report worker', () => {
  test('sets packed into columns come back the same, in the same order, without the answers the report does not read', () => {
    const { packed, transfer } = packSets(sets);
    assert.equal(packed.uids.length, new Set(sets.flatMap((s) => [...s.results.keys()])).size, 'each uid once');
    assert.equal(transfer.length, sets.length * 5);
    const back = unpackSets(structuredClone(packed));
    const withoutAnswers = sets.map((s) => ({
      ...s,
      results: new Map([...s.results].map(([uid, { answer: _answer, ...r }]) => [uid, r])),
    }));
    assert.deepStrictEqual(back, withoutAnswers);
    assert.deepEqual(
      back.map((s) => [...s.results.keys()]),
      sets.map((s) => [...s.results.keys()]),
    );
  });

  test('the worker computes exactly the report compareReport computes on this thread', async () => {
    const worker = new CompareReportWorker(ENTRY);
    try {
      for (const baseline of [0, 2]) {
        const options = { baseline, datasetCounts: datasetSubtaskCounts(fx.dataset) };
        const there = await worker.compute(sets, options);
        const here = compareReport(sets, options);
        assert.deepStrictEqual(there, here);
        assert.ok(there.comparison.deltas.length === sets.length - 1 && there.comparison.sets[0].overall !== null);
      }
    } finally {
      worker.dispose();
    }
  });

  test('an error in the worker rejects that request with its message; the worker keeps answering', async () => {
    const worker = new CompareReportWorker(ENTRY);
    try {
      // A baseline index past the sets: compareReport throws in the worker.
      await assert.rejects(worker.compute(sets, { baseline: sets.length + 5 }), /^Error: compare worker: .*Error/s);
      assert.throws(() => compareReport(sets, { baseline: sets.length + 5 }), 'the same input throws here too');
      const ok = await worker.compute(sets, { baseline: 0 });
      assert.deepStrictEqual(ok, compareReport(sets, { baseline: 0 }));
    } finally {
      worker.dispose();
    }
  });

  test('dispose fails the requests it held; a worker that exits fails its requests and the next one starts anew', async () => {
    const worker = new CompareReportWorker(ENTRY);
    const held = worker.compute(sets, { baseline: 0 });
    worker.dispose();
    await assert.rejects(held, /stopped/);
    const missing = new CompareReportWorker(path.join(dir, 'no-such-worker.js'));
    await assert.rejects(missing.compute(sets, { baseline: 0 }), /Cannot find module|exited/);
    missing.dispose();
    const again = new CompareReportWorker(ENTRY);
    try {
      assert.deepStrictEqual(await again.compute(sets, { baseline: 1 }), compareReport(sets, { baseline: 1 }));
    } finally {
      again.dispose();
    }
  });
});

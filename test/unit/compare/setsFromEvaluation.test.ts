// The Compare panel builds its result sets from the evaluation the store holds instead of reading each file
// again: they must be exactly the sets `gst-bench compare` reads from the file.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Dataset } from '../../../src/core';
import { loadResultFile } from '../../../src/core/compare/load';
import { resultFileFromEvaluation } from '../../../src/core/compare/evaluationSets';
import { readDataset } from '../../../src/core/dataset/reader';
import { evaluateFile } from '../../../src/core/results/evaluation';
import { DEMO, DEMO_NAMES } from './demoSession';

const OPTIONS = { profile: 'paper' as const };
let dataset: Dataset;
let dir: string;
before(async () => {
  dataset = await readDataset(DEMO, { sniffMedia: false });
  dir = mkdtempSync(path.join(tmpdir(), 'gst-sets-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const demoLines = (name: string) =>
  readFileSync(path.join(DEMO, 'results', `${name}.jsonl`), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function write(name: string, lines: Array<Record<string, unknown> | string>): string {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

/** The sets with their results as plain entries, in order, so deepEqual also checks the uid order. */
const plain = (sets: { results: ReadonlyMap<string, unknown> }[]) => sets.map((s) => ({ ...s, results: [...s.results] }));

async function bothWays(file: string) {
  const read = await loadResultFile(dataset, file, OPTIONS);
  const held = resultFileFromEvaluation(dataset, await evaluateFile(dataset, file, OPTIONS));
  return { read, held };
}

describe('result sets from the evaluation', () => {
  for (const name of DEMO_NAMES)
    test(`demo ${name}: the same sets, counts and uid order as the file loader`, async () => {
      const { read, held } = await bothWays(path.join(DEMO, 'results', `${name}.jsonl`));
      assert.ok(held, 'a file without setting is built from its evaluation');
      assert.ok(read.sets[0].results.size > 20, 'the demo file has real results');
      assert.deepEqual(plain(held.sets), plain(read.sets));
      assert.deepEqual([held.lines, held.scored, held.skipped], [read.lines, read.scored, read.skipped]);
    });

  test('repeated uids (the last counts, at the first position), bad lines, numeric run, model named late', async () => {
    const lines = demoLines('noisy-oracle').map(({ uid, prediction }) => ({ uid, prediction }));
    const file = write('mixed.jsonl', [
      { ...lines[0], run: 3 },
      '{"uid": broken',
      { uid: 'no-such-question', prediction: '1' },
      { ...lines[1], model: 'late-model', template: 't' },
      ...lines.slice(2, 40),
      { ...lines[0], prediction: 'something else entirely' },
      '',
    ]);
    const { read, held } = await bothWays(file);
    assert.ok(held);
    assert.equal(read.sets[0].run, '3');
    assert.equal(read.sets[0].model, undefined, 'the set is named by its first line, as the loader names it');
    assert.deepEqual(plain(held.sets), plain(read.sets));
    assert.deepEqual([held.lines, held.scored, held.skipped], [read.lines, read.scored, read.skipped]);
  });

  test('a file whose lines carry setting is left to the loader (one set per setting)', async () => {
    const lines = demoLines('noisy-oracle');
    const file = write('settings.jsonl', [...lines.map((l) => ({ ...l, setting: 'global' })), { ...lines[0], setting: 'local-video' }]);
    const { read, held } = await bothWays(file);
    assert.equal(held, undefined);
    assert.equal(read.sets.length, 2);
  });

  test('a file with no line of a benchmark question has no set either way', async () => {
    const { read, held } = await bothWays(write('none.jsonl', [{ uid: 'no-such-question', prediction: '1' }]));
    assert.deepEqual(held?.sets, []);
    assert.deepEqual(read.sets, []);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { evaluateResultFile, readDataset } from '../../../src/core';
import { loadResultFile } from '../../../src/core/compare/load';
import { parsePrediction } from '../../../src/shared/parsing/answerParser';
import { PredictionMemos } from '../../../src/shared/parsing/repeatedPredictions';
import { REPO_ROOT } from '../helpers/shared';

const DATASET = path.join(REPO_ROOT, 'test/fixtures/formats/dataset.jsonl');
// Read by a fallback rule of the lenient reader, so the format loss reads it with the strict reader as well.
const FALLBACK_ANSWER = 'I would say C';

function resultFiles(): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-memos-'));
  return ['run-1', 'run-2'].map((name) => {
    const file = path.join(dir, `${name}.jsonl`);
    writeFileSync(file, `{"uid":"fx_choice","prediction":"${FALLBACK_ANSWER}"}\n{"uid":"fx_angle","prediction":"-130"}\n`);
    return file;
  });
}

describe('PredictionMemos: the readers remember predictions across the files of one run', () => {
  it('one memory per reader', () => {
    const memos = new PredictionMemos();
    assert.equal(memos.for('lenient'), memos.for('lenient'));
    assert.notEqual(memos.for('lenient'), memos.for('strict'));
    assert.equal(memos.for('strict').reader, 'strict');
  });

  it('a prediction read for one file is not read again for the next, under either reader; the scores are the same', async () => {
    const dataset = await readDataset(DATASET);
    const [a, b] = resultFiles();
    assert.ok(parsePrediction('choice', FALLBACK_ANSWER, 'lenient').parsed, 'the lenient reader reads it');
    assert.equal(parsePrediction('choice', FALLBACK_ANSWER, 'strict').parsed, null, 'the strict reader does not');
    const memos = new PredictionMemos();
    const shared = { profile: 'paper' as const, formatLoss: true, predictionMemos: memos };
    const first = await evaluateResultFile(dataset, a, shared);
    const second = await evaluateResultFile(dataset, b, shared);
    assert.equal(second.evaluation.byUid.get('fx_choice')!.parse, first.evaluation.byUid.get('fx_choice')!.parse, 'one outcome');
    // The format loss's strict reading went through the shared memory too: asked again, it returns the remembered
    // outcome, which is frozen once returned twice.
    assert.ok(Object.isFrozen(memos.for('strict').read('choice', FALLBACK_ANSWER)));
    const alone = await evaluateResultFile(dataset, b, { profile: 'paper', formatLoss: true });
    assert.notEqual(alone.evaluation.byUid.get('fx_choice')!.parse, first.evaluation.byUid.get('fx_choice')!.parse);
    assert.deepEqual(second.evaluation.subtasks, alone.evaluation.subtasks);
    assert.deepEqual(second.evaluation.formatLoss, alone.evaluation.formatLoss);
  });

  it("compare's loads share it as well", async () => {
    const dataset = await readDataset(DATASET);
    const [a, b] = resultFiles();
    const memos = new PredictionMemos();
    const options = { profile: 'paper' as const, formatLoss: true, predictionMemos: memos };
    const parsed = async (file: string) => (await loadResultFile(dataset, file, options)).sets[0].results.get('fx_choice')!;
    const [first, second] = [await parsed(a), await parsed(b)];
    assert.deepEqual(second, first);
    assert.ok(Object.isFrozen(memos.for('lenient').read('choice', FALLBACK_ANSWER)), 'the lenient reading was remembered');
    assert.ok(Object.isFrozen(memos.for('strict').read('choice', FALLBACK_ANSWER)), 'and the strict one');
  });
});

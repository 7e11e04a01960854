// The real result files other people's harnesses wrote (../shared/result-formats). None is a GST-Bench run, so
// these test reading, detection and error reporting: every record is read, and every join failure is reported
// with the record's place. Skipped, with a message, when ../shared is absent.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  adapterByName,
  detectFormat,
  evaluateResultFile,
  NotAResultFileError,
  readDataset,
  type Dataset,
  type FieldMap,
  type FormatOptions,
  type RecordOrProblem,
} from '../../../src/core';
import { NEEDS_SHARED, REPO_ROOT, SHARED_DIR } from '../helpers/shared';

const REAL = path.join(SHARED_DIR, 'result-formats');
const real = (p: string) => path.join(REAL, p);

interface Case {
  file: string;
  format: string;
  records: number;
  fields?: FieldMap;
  join?: FormatOptions['join'];
  /** The first record's id and prediction, as read. */
  first: [string | number, string];
  /** The first problem's message when joined against the fixture dataset (none of these ids are its uids). */
  firstProblem: RegExp;
}

const CASES: Case[] = [
  {
    file: 'lmms-eval/20260218_234435_samples_scienceqa_img.jsonl',
    format: 'lmms-eval',
    records: 200,
    first: [0, 'B'],
    firstProblem: /^1: doc_id 0 is question fx_angle by position in the dataset, but the record's question text differs; not joined/,
  },
  {
    file: 'vlmevalkit/gpt-4.1-2025-04-14_CV-Bench-3D.xlsx',
    format: 'vlmevalkit',
    records: 1200,
    first: ['0', 'A table (highlighted by a red box) is closer to the camera taking this photo.'],
    firstProblem: /^2: Sheet1 row 2: index 0 is question fx_angle by position .* question text differs/,
  },
  {
    file: 'vlmevalkit/gpt-4.1-2025-04-14_tdbench_rot0_openai_result.xlsx',
    format: 'vlmevalkit',
    records: 1800,
    first: ['0', 'B. No bus are there.\n\nThere are only cars visible in the picture, no buses.'],
    firstProblem: /^2: Sheet1 row 2: index 0 is question fx_angle by position/,
  },
  {
    file: 'inspect/log_images.json',
    format: 'inspect-json',
    records: 1,
    first: [1, '[Abstract]'],
    firstProblem: /^-: samples\[0\] \(id 1, epoch 1\): id 1 is not a dataset uid/,
  },
  {
    file: 'inspect/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval',
    format: 'inspect-eval',
    records: 10,
    first: [9, 'Yes'],
    firstProblem: /^-: samples\/9_epoch_1\.json \(id 9, epoch 1\): id 9 is not a dataset uid/,
  },
  {
    file: 'inspect/mmlu-summary-choices.eval',
    format: 'inspect-eval',
    records: 1,
    first: [1, 'ANSWER: C'],
    firstProblem: /^-: samples\/1_epoch_1\.json \(id 1, epoch 1\): id 1 is not a dataset uid/,
  },
  {
    file: 'batch-api/TimeEscaper__genai_navirag/batch_output.jsonl',
    format: 'openai-batch',
    records: 65,
    first: ['request-0', ''],
    firstProblem: /^1: custom_id request-0 is not a dataset uid \(give --requests/,
  },
  {
    file: 'batch-api/kevin20012__gpt-4o-mini-with-RAG-using-KMMLU-TestSet/batch_output.jsonl',
    format: 'openai-batch',
    records: 200,
    join: { idPattern: /^task_(\d+)$/ },
    first: ['task_0', ''],
    firstProblem: /^1: custom_id task_0: --id-pattern gives 0, which is not a dataset uid/,
  },
  {
    file: 'generic/haotian-liu__LLaVA/llava-v1.5-13b.jsonl',
    format: 'generic-jsonl',
    records: 200,
    fields: { id: 'question_id', prediction: 'text' },
    first: ['201307251', 'No'],
    firstProblem: /^1: question_id 201307251 is not a dataset uid/,
  },
  {
    file: 'generic/Khagendra01__vlm-spatial-reasoning/zeroshot_7b_predictions.csv',
    format: 'generic-table',
    records: 200,
    fields: { id: 'id', prediction: 'raw_output', gold: 'answer' },
    first: ['image_test-00949', 'A'],
    firstProblem: /^2: id image_test-00949 is not a dataset uid/,
  },
  {
    file: 'generic/IamAdamm__VLM-Prompt-Sensitivity-on-Spatial-Reasoning-Eval/results.json',
    format: 'generic-table',
    records: 1254,
    fields: { id: 'image', prediction: 'answer', gold: 'ground_truth' },
    first: ['apple_left_of_armchair.jpeg', 'C'],
    firstProblem: /^2: element 0: image apple_left_of_armchair\.jpeg is not a dataset uid/,
  },
];

describe('real result files (../shared/result-formats)', { skip: NEEDS_SHARED }, () => {
  let dataset: Dataset;
  before(async () => {
    dataset = await readDataset(path.join(REPO_ROOT, 'test/fixtures/formats/dataset.jsonl'));
  });

  for (const c of CASES) {
    it(`${c.file}: detected as ${c.format}, every record read, every unjoined record reported with its place`, async () => {
      const detection = await detectFormat(real(c.file), { fields: c.fields });
      assert.equal(detection.adapter.name, c.format);
      const items: RecordOrProblem[] = [];
      for await (const item of adapterByName(c.format)!.read(real(c.file), { fields: c.fields })) items.push(item);
      assert.equal(items.length, c.records);
      assert.ok(
        items.every((i) => 'record' in i),
        'no unreadable records',
      );
      const first = (items[0] as { record: { id: unknown; prediction: string | null } }).record;
      assert.equal(first.id, c.first[0]);
      if (c.first[1] !== '') assert.equal(first.prediction, c.first[1]);
      else assert.ok(first.prediction && first.prediction.length > 0);
      const fe = await evaluateResultFile(dataset, real(c.file), { profile: 'paper', fields: c.fields, join: c.join });
      assert.equal(fe.evaluation.lines, c.records);
      assert.equal(fe.evaluation.scored, 0, 'none of these are GST-Bench runs: nothing may be joined by a guess');
      const errors = fe.evaluation.problems.filter((p) => p.severity === 'error');
      assert.equal(errors.length, c.records, 'one problem per record');
      const p0 = errors[0];
      assert.match(`${p0.line ?? '-'}: ${p0.message}`, c.firstProblem);
    });
  }

  it('lmms-eval: doc_hash is the same on every row (sha256 of "null"), so it is not used to join', async () => {
    const hashes = new Set<string>();
    const { readFileSync } = await import('node:fs');
    for (const line of readFileSync(real('lmms-eval/20260218_234435_samples_scienceqa_img.jsonl'), 'utf8').trim().split('\n'))
      hashes.add(JSON.parse(line).doc_hash);
    assert.deepEqual([...hashes], ['74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b']);
  });

  it('Inspect: targets with a leading space and letter scores are read as the file writes them', async () => {
    const items: RecordOrProblem[] = [];
    for await (const item of adapterByName('inspect-eval')!.read(
      real('inspect/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval'),
      {},
    ))
      items.push(item);
    const ids = items.map((i) => ('record' in i ? i.record.id : null));
    assert.deepEqual(ids, [9, 6, 10, 5, 8, 4, 7, 3, 1, 2], 'completion order, as in the archive');
    const golds = new Set(items.map((i) => ('record' in i ? i.record.gold : null)));
    assert.ok(
      [...golds].every((g) => g === 'Yes' || g === 'No'),
      [...golds].join(','),
    );
    const log = items.find((i) => 'record' in i)!;
    assert.equal('record' in log && log.record.model, 'gpt-4o-mini-2024-07-18');
  });

  it('aggregate and score files are recognised and refused with what to open instead', async () => {
    for (const f of ['lmms-eval/20260218_234435_results.json', 'lmms-eval/20260219_175810_results.json']) {
      await assert.rejects(
        detectFormat(real(f)),
        (e: Error) => e instanceof NotAResultFileError && /lmms-eval aggregate results file.*_samples_<task>\.jsonl/.test(e.message),
      );
    }
    for (const f of ['vlmevalkit/gpt-4.1-2025-04-14_CV-Bench-3D_acc.csv', 'vlmevalkit/gpt-4.1-2025-04-14_tdbench_rot0_acc.csv']) {
      await assert.rejects(
        detectFormat(real(f)),
        (e: Error) => e instanceof NotAResultFileError && /VLMEvalKit score file/.test(e.message),
      );
    }
  });
});

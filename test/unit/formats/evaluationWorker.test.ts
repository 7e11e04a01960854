// A result file scored on the worker thread is the evaluation scored here, field for field, in every format and
// join; its failures carry what the store shows (a system error's code, an unknown layout's mapping offer); a
// cancelled read rejects at once with the caller's reason; a worker that stops or cannot start fails nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { EvaluationWorker, evaluateHere, readDataset, type Dataset, type EvaluatorOptions } from '../../../src/core';
import { datasetFromRows, scoringRows } from '../../../src/core/formats/evaluationWorker';
import { readErrorText } from '../../../src/store/readResult';
import { MAX_REMEMBERED_PREDICTION_CHARS } from '../../../src/shared/parsing/repeatedPredictions';
import { REPO_ROOT } from '../helpers/shared';
import { bundleWorker } from '../helpers/workerBundle';

const DEMO = path.join(REPO_ROOT, 'examples', 'demo');
const FORMATS = path.join(REPO_ROOT, 'test', 'fixtures', 'formats');
const FORMATS_DEMO = path.join(REPO_ROOT, 'test', 'fixtures', 'formats-demo');

let dir: string;
let ENTRY: string;
let demo: Dataset;
let fixtures: Dataset;
let worker: EvaluationWorker;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gst-eval-worker-'));
  ENTRY = await bundleWorker('src/core/formats/evaluationWorkerMain.ts', path.join(dir, 'evaluationWorker.js'));
  demo = await readDataset(DEMO, { sniffMedia: false });
  fixtures = await readDataset(path.join(FORMATS, 'dataset.jsonl'));
  worker = new EvaluationWorker(ENTRY);
});
after(() => {
  worker.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const CASES: Array<{ name: string; dataset: () => Dataset; file: string; options?: Partial<EvaluatorOptions> }> = [
  ...['noisy-oracle', 'random', 'template-b'].map((n) => ({
    name: `demo ${n}`,
    dataset: () => demo,
    file: path.join(DEMO, 'results', `${n}.jsonl`),
  })),
  {
    name: 'lmms-eval, joined by position',
    dataset: () => demo,
    file: path.join(FORMATS_DEMO, 'lmms-demo-model', '20260801_samples_gst_bench.jsonl'),
  },
  { name: 'VLMEvalKit sheet', dataset: () => demo, file: path.join(FORMATS_DEMO, 'vlmevalkit-demo.xlsx') },
  {
    name: 'a CSV through a field mapping',
    dataset: () => demo,
    file: path.join(FORMATS_DEMO, 'generic-demo.csv'),
    options: { fields: { id: 'qid', idRole: 'uid', prediction: 'answer' }, mapping: { id: 'qid', idRole: 'uid', prediction: 'answer' } },
  },
  { name: 'Inspect log', dataset: () => fixtures, file: path.join(FORMATS, 'inspect-zstd.eval') },
  {
    name: 'lmms-eval within one subtask',
    dataset: () => fixtures,
    file: path.join(FORMATS, 'lmms-eval-list.jsonl'),
    options: { join: { indexSubtask: 'position' } },
  },
  {
    name: 'batch output through its request file',
    dataset: () => fixtures,
    file: path.join(FORMATS, 'openai-batch-custom-ids.jsonl'),
    options: { requestsFile: path.join(FORMATS, 'openai-batch-requests.jsonl') },
  },
  {
    name: 'an id pattern (a RegExp sent across)',
    dataset: () => fixtures,
    file: path.join(FORMATS, 'gemini-batch-output.jsonl'),
    options: { join: { idPattern: /^gst-(?<uid>.+)$/ } },
  },
  {
    name: 'JSON lines through a field mapping, strict reader',
    dataset: () => fixtures,
    file: path.join(FORMATS, 'generic-mixed-ids.jsonl'),
    options: { reader: 'strict', fields: { id: 'question_id', prediction: 'text' }, mapping: { id: 'question_id', prediction: 'text' } },
  },
];

describe('scoring on the worker thread', () => {
  for (const c of CASES) {
    test(`${c.name}: the same evaluation and format as scored here`, async () => {
      const options: EvaluatorOptions = { profile: 'paper', formatLoss: true, ...c.options };
      const here = await evaluateHere(c.dataset(), c.file, options).catch((e: Error) => e);
      const before = worker.stats();
      const there = await worker.evaluate(c.dataset(), c.file, options).catch((e: Error) => e);
      const { evaluated, scoredHere } = worker.stats();
      assert.deepEqual([evaluated, scoredHere], [before.evaluated + 1, 0], 'scored on the worker');
      if (here instanceof Error) throw here;
      assert.deepStrictEqual(there, here);
      assert.ok(here.evaluation.lines > 0, 'the case reads lines');
    });
  }

  test('the dataset is sent once per dataset object, and scoring reads only the rows sent', () => {
    const stats = worker.stats();
    assert.equal(stats.datasetsSent, 2, 'the demo and the fixtures');
    assert.equal(stats.scoredHere, 0);
    assert.equal(stats.evaluated, CASES.length);
    assert.equal(stats.workersStarted, 1);
    const { dataset: rebuilt, positions } = datasetFromRows({
      type: 'dataset',
      dataset: 1,
      root: demo.root,
      layout: demo.layout,
      rows: scoringRows(demo),
      byUid: [...demo.byUid.values()].map((q) => demo.questions.indexOf(q)),
    });
    assert.deepEqual(
      rebuilt.questions.map((q) => [q.uid, q.subtask, q.kind, q.truth, q.texts, q.index]),
      demo.questions.map((q) => [q.uid, q.subtask, q.kind, q.truth, q.texts, q.index]),
    );
    assert.deepEqual([...rebuilt.byUid.keys()], [...demo.byUid.keys()]);
    for (const [uid, k] of positions) assert.equal(demo.questions[k], demo.byUid.get(uid));
  });

  test("a repeated answer's outcome is held once across the files read back, as the readers' memory holds it here", async () => {
    const file = path.join(DEMO, 'results', 'noisy-oracle.jsonl');
    const first = await worker.evaluate(demo, file, { profile: 'paper' });
    const second = await worker.evaluate(demo, file, { profile: 'paper' });
    let shared = 0;
    for (const [uid, o] of first.evaluation.byUid) {
      const again = second.evaluation.byUid.get(uid)!;
      assert.equal(again.parse === o.parse, o.prediction.length <= MAX_REMEMBERED_PREDICTION_CHARS, uid);
      if (again.parse === o.parse) {
        shared++;
        assert.ok(Object.isFrozen(o.parse), 'a shared outcome is frozen');
      }
    }
    assert.ok(shared > 0);
    // Another reader's outcomes are not mixed in.
    const strict = await worker.evaluate(demo, file, { profile: 'paper', reader: 'strict' });
    for (const [uid, o] of strict.evaluation.byUid) assert.notEqual(o.parse, first.evaluation.byUid.get(uid)!.parse, uid);
  });

  test("the worker's heap, where this Node can say it", async () => {
    assert.equal(await new EvaluationWorker(ENTRY).heapUsed(), undefined, 'no worker started yet');
    const heap = await worker.heapUsed();
    if (typeof (Worker.prototype as { getHeapStatistics?: unknown }).getHeapStatistics === 'function') assert.ok(heap! > 0, String(heap));
    else assert.equal(heap, undefined);
  });

  test('failures carry the code and the mapping offer the Results row shows', async () => {
    const missing = await worker.evaluate(demo, path.join(dir, 'absent.jsonl'), { profile: 'paper' }).catch((e: Error) => e);
    assert.ok(missing instanceof Error);
    assert.equal(readErrorText(missing, false), 'cannot read: ENOENT');
    const unknown = path.join(dir, 'unknown.jsonl');
    writeFileSync(unknown, '{"qid":"a","out":"1"}\n{"qid":"b","out":"2"}\n');
    const here = await evaluateHere(demo, unknown, { profile: 'paper' }).catch((e: Error) => e);
    const there = await worker.evaluate(demo, unknown, { profile: 'paper' }).catch((e: Error) => e);
    assert.ok(here instanceof Error && there instanceof Error);
    assert.equal((there as { needsMapping?: boolean }).needsMapping, true);
    assert.equal(readErrorText(there, true), readErrorText(here, true));
  });

  test("a cancelled read rejects at once with the caller's reason; the worker goes on with the others", async () => {
    const big = path.join(dir, 'big.jsonl');
    const line = JSON.stringify({ uid: demo.questions[0].uid, prediction: 'x'.repeat(2000) }) + '\n';
    writeFileSync(big, line.repeat(20_000));
    const controller = new AbortController();
    const reason = new Error('stopped by the test');
    let progressed = 0;
    const cancelled = worker.evaluate(demo, big, { profile: 'paper', signal: controller.signal, onBytesRead: () => progressed++ });
    const other = worker.evaluate(demo, path.join(DEMO, 'results', 'random.jsonl'), { profile: 'paper' });
    setTimeout(() => controller.abort(reason), 20);
    await assert.rejects(cancelled, (e) => e === reason);
    assert.equal((await other).evaluation.file, path.join(DEMO, 'results', 'random.jsonl'));
    // Progress reaches the caller's callback.
    const done = await worker.evaluate(demo, big, { profile: 'paper', onBytesRead: () => progressed++ });
    assert.equal(done.evaluation.lines, 20_000);
    assert.ok(progressed > 0, 'progress was reported');
    const aborted = AbortSignal.abort(reason);
    await assert.rejects(worker.evaluate(demo, big, { profile: 'paper', signal: aborted }), (e) => e === reason);
  });

  test('a worker that cannot start, or stops, fails nothing: the file is scored here', async () => {
    const file = path.join(DEMO, 'results', 'noisy-oracle.jsonl');
    const here = await evaluateHere(demo, file, { profile: 'paper' });
    const stopped: string[] = [];
    const none = new EvaluationWorker(path.join(dir, 'no-such-worker.js'), (e) => stopped.push(e.message));
    assert.deepStrictEqual(await none.evaluate(demo, file, { profile: 'paper' }), here);
    assert.deepStrictEqual(await none.evaluate(demo, file, { profile: 'paper' }), here, 'and again, without a new start');
    assert.deepEqual(none.stats(), { evaluated: 0, scoredHere: 2, datasetsSent: 1, workersStarted: 1 });
    assert.equal(stopped.length, 1, 'said once');
    assert.match(stopped[0], /no-such-worker/);
    none.dispose();
    const dying = path.join(dir, 'dying.js');
    writeFileSync(
      dying,
      "require('node:worker_threads').parentPort.on('message', (m) => { if (m.type === 'evaluate') process.exit(3); });\n",
    );
    const stops = new EvaluationWorker(dying);
    stops.warm();
    stops.warm();
    assert.equal(stops.stats().workersStarted, 1, 'warmed once');
    assert.deepStrictEqual(await stops.evaluate(demo, file, { profile: 'paper' }), here);
    assert.deepEqual(stops.stats(), { evaluated: 0, scoredHere: 1, datasetsSent: 1, workersStarted: 1 });
    stops.dispose();
  });
});

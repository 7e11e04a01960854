import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { evaluateText, formatLossOf, readDataset, rescoreText, type Dataset, type Evaluation } from '../../../src/core';
import { QuestionSlots } from '../../../src/core/results/questionSlots';
import { generateDataset } from '../../../src/generator/generate';
import { Rng } from '../../../src/generator/random';
import { SUBTASK_KEYS, type SubtaskKey } from '../../../src/shared/subtasks';

describe('QuestionSlots: per-question values of one file in typed arrays', () => {
  let dataset: Dataset;
  let base: Dataset;
  let lines: string[];
  before(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-slots-'));
    await generateDataset({
      out: dir,
      seed: '5',
      scenes: 2,
      questionsPerSubtask: 20,
      width: 64,
      height: 64,
      video: false,
      stubViews: true,
      force: true,
    });
    dataset = base = await readDataset(dir, { sniffMedia: false, checkMedia: false });
    // The oracle with noise answers in varied forms: both readers' fallbacks, partial scores, unparsed lines.
    const oracle = readFileSync(path.join(dir, 'results', 'noisy-oracle.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const random = readFileSync(path.join(dir, 'results', 'random.jsonl'), 'utf8')
      .trim()
      .split('\n');
    // Shuffled, and repeated with other answers: a file of repeated runs, not in the dataset's order.
    const rng = new Rng('slots');
    lines = rng.shuffle([...oracle, ...random.filter(() => rng.next() < 0.5)]);
  });

  it('a question of the dataset takes its index; any other question a slot past them, the same one each time', () => {
    const slots = new QuestionSlots(dataset);
    const n = dataset.questions.length;
    assert.equal(slots.capacity, n + dataset.byUid.size);
    assert.equal(slots.take(dataset.questions[7]), 7);
    assert.equal(slots.take(dataset.questions[2]), 2);
    // A copy is not the dataset's question, though its index names that place.
    const copy = { ...dataset.questions[2] };
    assert.equal(slots.take(copy), n);
    assert.equal(slots.take({ ...dataset.questions[0], index: -1 }), n + 1);
    assert.equal(slots.take(copy), n);
    assert.equal(slots.take(dataset.questions[7]), 7);
    const order: Array<[number, string]> = [];
    slots.forEach((slot, q) => order.push([slot, q.uid]));
    // The order first taken, not the slots' order.
    assert.deepEqual(order, [
      [7, dataset.questions[7].uid],
      [2, dataset.questions[2].uid],
      [n, dataset.questions[2].uid],
      [n + 1, dataset.questions[0].uid],
    ]);
  });

  it('a question put in the array after the slots were made takes a slot past the questions held then', () => {
    const questions = dataset.questions.slice(0, 3);
    const byUid = new Map(questions.map((q) => [q.uid, q]));
    const small: Dataset = { ...dataset, questions, byUid };
    const slots = new QuestionSlots(small);
    assert.equal(slots.capacity, 6);
    const late = { ...dataset.questions[3], index: 3 };
    questions.push(late);
    assert.equal(slots.take(late), 3 + 0);
    assert.equal(slots.take(questions[1]), 1);
    assert.equal(slots.take({ ...late }), 4);
    assert.equal(slots.take({ ...late }), 5);
    assert.throws(() => slots.take({ ...late }), /internal error: .* is not in the dataset scored against/);
  });

  it('an evaluation keeping only scores, and its format loss, equal those keeping every outcome, bit for bit', () => {
    const text = lines.join('\n') + '\n';
    // As the extension merges datasets: questions in another order than their indices, so most take slots past them.
    const merged: Dataset = { ...dataset, questions: [...dataset.questions].reverse() };
    for (const [reader, dataset] of [
      ['lenient', base],
      ['strict', base],
      ['lenient', merged],
    ] as const) {
      const options = { profile: 'paper' as const, reader };
      const all = evaluateText(dataset, 'r.jsonl', text, options);
      const kept = evaluateText(dataset, 'r.jsonl', text, { ...options, outcomes: 'scores', formatLoss: true });
      assert.deepEqual({ ...kept, byUid: undefined, formatLoss: undefined }, { ...all, byUid: undefined, formatLoss: undefined });
      assert.deepEqual(kept.formatLoss, formatLossOf(dataset, all, options));
      assert.match(kept.problems.at(-1)!.message, /line\(s\) repeat a uid seen earlier/);
      // The file's order matters to the last bit here: summed in the dataset's order, some subtask's mean differs.
      assert.ok(
        SUBTASK_KEYS.some((k) => sumInDatasetOrder(all, k) !== sumInFileOrder(all, k)),
        'no subtask whose sum depends on the order',
      );
    }
  });

  it("a second rescore's score before is the first's score after, bit for bit, on a shuffled file", () => {
    const options = { profile: 'paper' as const };
    const first = rescoreText(dataset, 'r.jsonl', lines.join('\n') + '\n', options);
    assert.equal(first.report.overallBefore, null);
    const second = rescoreText(dataset, 'r.jsonl', first.text, options);
    assert.equal(second.report.overallBefore, first.report.overall);
    assert.equal(second.report.overall, first.report.overall);
    assert.equal(second.report.changed, 0);
    assert.equal(second.text, first.text);
  });

  /** The subtask's score sum over the outcomes in the order their questions were first named by the file. */
  function sumInFileOrder(e: Evaluation, key: SubtaskKey): number {
    let sum = 0;
    for (const o of e.byUid.values()) if (dataset.byUid.get(o.uid)!.subtask === key) sum += o.score;
    return sum;
  }
  function sumInDatasetOrder(e: Evaluation, key: SubtaskKey): number {
    let sum = 0;
    for (const q of dataset.questions) if (q.subtask === key && e.byUid.has(q.uid)) sum += e.byUid.get(q.uid)!.score;
    return sum;
  }
});

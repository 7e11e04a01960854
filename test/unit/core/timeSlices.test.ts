// Work on the extension host's thread runs in slices of time: each sliced path pauses (lets the event loop turn)
// whenever its slice is spent, and computes exactly what the unsliced path does.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import {
  CHANCE_SHUFFLES,
  diagnose,
  diagnoseInSlices,
  diagnosisAnswers,
  evaluateFile,
  formatLossInSlices,
  formatLossOf,
  readDataset,
  TimeSlicer,
  type Dataset,
  type Evaluation,
  type WorkSlicer,
} from '../../../src/core';
import { writeDiagnosisFixture } from '../helpers/diagnosisFixture';
import { answer } from '../diagnosis/helpers';
import { tempDir } from '../helpers/tempDirs';

const paper = { profile: 'paper' as const };

/** A slicer whose slice is always spent: it pauses between every two steps, and counts the pauses. */
function everyStep(): WorkSlicer & { pauses: number } {
  const s = {
    pauses: 0,
    due: () => true,
    pause: async () => {
      s.pauses++;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return s;
}

/** Counts the turns of the event loop (one immediate each) until stopped. */
function countTurns(): { stop(): number } {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      running = false;
      return turns;
    },
  };
}

const comparable = (e: Evaluation) => ({ ...e, byUid: [...e.byUid] });

describe('work in slices of time', () => {
  let dataset: Dataset;
  let file: string;
  before(async () => {
    const out = path.join(tempDir('gst-slices-'), 'ds');
    file = writeDiagnosisFixture(out, { questionsPerSubtask: 12 });
    dataset = await readDataset(out);
  });

  it('TimeSlicer is due once its slice is spent, and pausing lets queued work run first', async () => {
    assert.equal(new TimeSlicer(60_000).due(), false);
    const spent = new TimeSlicer(0);
    assert.equal(spent.due(), true);
    let ran = false;
    setImmediate(() => (ran = true));
    await spent.pause();
    assert.ok(ran, 'an immediate queued before the pause ran before it resolved');
  });

  it('evaluateFile with a slice pauses while it reads, and scores as it does without one', async () => {
    const turns = countTurns();
    const sliced = await evaluateFile(dataset, file, { ...paper, sliceMs: 0 });
    const during = turns.stop();
    assert.ok(sliced.lines > 100);
    // With a slice of 0 ms it pauses after every line; without, a file this small is scored in one batch, in one
    // turn (its reads take a few dozen turns here).
    assert.ok(during >= sliced.lines, `${during} turns of the event loop for ${sliced.lines} lines`);
    const plain = await evaluateFile(dataset, file, paper);
    assert.deepEqual(comparable(sliced), comparable(plain));
  });

  it('formatLossInSlices pauses between outcomes and equals formatLossOf', async () => {
    const evaluation = await evaluateFile(dataset, file, paper);
    const slicer = everyStep();
    const sliced = await formatLossInSlices(dataset, evaluation, paper, slicer);
    assert.ok(slicer.pauses >= evaluation.byUid.size - 1, `${slicer.pauses} pauses for ${evaluation.byUid.size} outcomes`);
    assert.deepEqual(sliced, formatLossOf(dataset, evaluation, paper));
  });

  it('the diagnosis pauses between answers and inside a subtask, and equals the unsliced one', async () => {
    const evaluation = await evaluateFile(dataset, file, paper);
    const collecting = everyStep();
    const { answers } = await diagnosisAnswers(dataset, evaluation, { slicer: collecting });
    assert.ok(collecting.pauses >= answers.length, `${collecting.pauses} pauses collecting ${answers.length} answers`);
    const slicer = everyStep();
    const sliced = await diagnoseInSlices(answers, paper, slicer);
    assert.ok(slicer.pauses > sliced.subtasks.length, `${slicer.pauses} pauses for ${sliced.subtasks.length} subtasks`);
    const whole = diagnose(answers, paper);
    assert.deepEqual({ ...sliced, byUid: [...sliced.byUid] }, { ...whole, byUid: [...whole.byUid] });
  });

  it('a rotation search and the chance shuffles pause inside their subtask', async () => {
    // Far misses only: no answer has a per-answer convention, so the one subtask's steps are its rotation search.
    const far = Array.from({ length: 8 }, (_, i) => answer('ed_s', String(10 * i), String(10 * i + 120)));
    const rotation = everyStep();
    await diagnoseInSlices(far, paper, rotation);
    assert.ok(rotation.pauses >= 10, `${rotation.pauses} pauses in one subtask's rotation search`);
    // Unit slips: the chance baseline of that class shuffles the answers CHANCE_SHUFFLES times.
    const slips = Array.from({ length: 8 }, (_, i) => answer('edist_s', String(i + 2), String(100 * (i + 2))));
    const chance = everyStep();
    const d = await diagnoseInSlices(slips, paper, chance);
    assert.ok(d.subtasks[0].classes.some((c) => c.cls === 'unit_slip' && c.byChance !== undefined));
    assert.ok(chance.pauses >= CHANCE_SHUFFLES, `${chance.pauses} pauses for ${CHANCE_SHUFFLES} shuffles`);
  });
});

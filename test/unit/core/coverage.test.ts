import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  coverageOf,
  coverageText,
  isPartial,
  overallLong,
  overallShort,
  questionsPerSubtask,
  SUBTASK_KEYS,
  subtaskScoreShort,
} from '../../../src/shared';

const DEMO_COUNTS = Object.fromEntries(SUBTASK_KEYS.map((k) => [k, 3]));

describe('coverage of a result file', () => {
  it('a 4-line file over 2 of 12 subtasks is partial, and says so', () => {
    const c = coverageOf({ ed_v: { n: 2 }, gp_v: { n: 2 } }, DEMO_COUNTS);
    assert.deepEqual([c.subtasks, c.subtasksTotal, c.questions, c.questionsTotal], [2, 12, 4, 36]);
    assert.equal(isPartial(c), true);
    assert.equal(coverageText(c), '2/12 subtasks, 4/36 questions');
    assert.equal(overallShort(16.666666, c), '16.67 partial');
    assert.equal(overallLong(16.666666, c), 'Avg. 16.67 (partial: 2/12 subtasks, 4/36 questions)');
    assert.deepEqual(c.bySubtask.ed_v, { covered: 2, total: 3 });
    assert.deepEqual(c.bySubtask.ed_s, { covered: 0, total: 3 });
  });

  it('a full run is not partial; every subtask covered but one question missing is', () => {
    const full = coverageOf(Object.fromEntries(SUBTASK_KEYS.map((k) => [k, { n: 3 }])), DEMO_COUNTS);
    assert.equal(isPartial(full), false);
    assert.equal(overallShort(88.8, full), '88.80');
    assert.equal(overallLong(88.8, full), 'Avg. 88.80 (12/12 subtasks, 36/36 questions)');
    const oneShort = coverageOf(Object.fromEntries(SUBTASK_KEYS.map((k) => [k, { n: k === 'trajectory' ? 2 : 3 }])), DEMO_COUNTS);
    assert.equal(isPartial(oneShort), true);
    assert.equal(coverageText(oneShort), '12/12 subtasks, 35/36 questions');
  });

  it('is measured against the dataset: its subtasks only, unknown tasks left out', () => {
    const counts = questionsPerSubtask(['ed_v', 'ed_v', 'other', 'gp_s']);
    assert.deepEqual(counts, { ed_v: 2, gp_s: 1 });
    const c = coverageOf({ ed_v: { n: 2 }, gp_s: { n: 1 }, trajectory: { n: 5 } }, counts);
    assert.equal(coverageText(c), '2/2 subtasks, 3/3 questions', 'predictions for subtasks the dataset lacks do not count');
    assert.equal(isPartial(c), false);
  });

  it('a subtask score says over how many questions when only some are predicted', () => {
    assert.equal(subtaskScoreShort(50, { covered: 2, total: 3 }), '50.00 (2/3)');
    assert.equal(subtaskScoreShort(50, { covered: 3, total: 3 }), '50.00');
    assert.equal(subtaskScoreShort(null, { covered: 0, total: 3 }), '—');
  });
});

// The Questions tree's diagnosis filter and the diagnosis line of a question's tooltip.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, type SubtaskKey } from '../../../src/core';
import { buildQuestionTree, DEFAULT_FILTER, describeFilter, isFilterActive, tooltipText, type FilterState } from '../../../src/model';
import { outcome, question, TASKS } from './fixtures';

const qs = [
  question(TASKS.edv, 'scene1_flip', '60'),
  question(TASKS.edv, 'scene1_far', '0'),
  question(TASKS.edv, 'scene1_right', '10'),
  question(TASKS.edv, 'scene1_flip2', '100'),
];
const raws = ['-60', '120', '10', '-100'];
const outcomes = qs.map((q, i) => outcome(q, raws[i]));
const byUid = new Map(outcomes.map((o) => [o.uid, o]));
const diagnosis = diagnose(
  qs.map((q, i) => ({ uid: q.uid, subtask: q.subtask as SubtaskKey, truth: q.truth!, parsed: outcomes[i].parse.parsed, raw: raws[i] })),
  { profile: 'paper' },
);
const active = { label: 'run.jsonl', evaluation: { byUid, subtasks: {}, formatLoss: undefined } };
const tree = (f: Partial<FilterState>, withDiagnosis = true) =>
  buildQuestionTree(
    qs,
    active,
    { ...DEFAULT_FILTER, ...f },
    undefined,
    withDiagnosis ? { filter: diagnosis.byUid, active: diagnosis } : undefined,
  );

describe('diagnosis filter', () => {
  it("shows exactly the class's questions, of one subtask when the filter names it", () => {
    const f = { diagnosis: { resultId: '/r/run.jsonl', cls: 'sign_flip' as const } };
    assert.deepEqual(tree(f).order, ['scene1_flip', 'scene1_flip2']);
    assert.deepEqual(tree({ diagnosis: { ...f.diagnosis, subtask: 'ed_v' } }).order, ['scene1_flip', 'scene1_flip2']);
    assert.deepEqual(tree({ diagnosis: { ...f.diagnosis, subtask: 'ed_s' } }).order, []);
    assert.deepEqual(tree({ diagnosis: { resultId: '/r/run.jsonl', cls: 'far' } }).order, ['scene1_far']);
    assert.deepEqual(tree(f, false).order, [], 'while the file is being diagnosed, nothing matches');
    assert.ok(isFilterActive({ ...DEFAULT_FILTER, ...f }));
  });

  it("describes itself in the view's title, naming a file that is not the active one", () => {
    assert.equal(
      describeFilter({ ...DEFAULT_FILTER, diagnosis: { resultId: 'x', cls: 'sign_flip', subtask: 'ed_v' } }),
      'sign flips in EDv',
    );
    assert.equal(
      describeFilter({ ...DEFAULT_FILTER, diagnosis: { resultId: 'x', cls: 'unit_slip', fileName: 'template-b' } }),
      'unit slips (template-b)',
    );
  });

  it("puts the question's class and its correction in the tooltip", () => {
    const t = tree({});
    const tip = (uid: string) => tooltipText(t.byId.get(`question:${uid}`)!.tooltip!);
    assert.match(tip('scene1_flip'), /Diagnosis: sign flip: flipping the sign gives 60°/);
    assert.match(tip('scene1_far'), /Diagnosis: far-off answer/);
    assert.doesNotMatch(tip('scene1_right'), /Diagnosis/);
    assert.doesNotMatch(tooltipText(tree({}, false).byId.get('question:scene1_flip')!.tooltip!), /Diagnosis/);
  });
});

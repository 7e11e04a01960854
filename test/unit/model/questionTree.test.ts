import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SUBTASKS, type Question, type QuestionOutcome } from '../../../src/core';
import {
  buildQuestionTree,
  DEFAULT_FILTER,
  nodeIds,
  OTHER_LABEL,
  parentOf,
  snapshot,
  STATUS_LOOK,
  type SubtaskNode,
} from '../../../src/model';
import { outcome, question, TASKS } from './fixtures';

function activeOf(outcomes: QuestionOutcome[], subtasks: Record<string, { score: number; n: number; unparsed: number }> = {}) {
  return { label: 'run.jsonl', evaluation: { byUid: new Map(outcomes.map((o) => [o.uid, o])), subtasks } };
}

describe('question tree', () => {
  const a = question(TASKS.edv, 'scene2_Object_Localization_Egocentric_Direction_visual_armchair_vzhxuf_0_pos_10_orient_4_video_3', '-134');
  const b = question(TASKS.edv, 'scene2_Object_Localization_Egocentric_Direction_visual_bookcase_owvfik_2_pos_0_orient_5_video_5', '90');
  const c = question(TASKS.pos, 'scene4_Egocentric_Localization_Global_Position_pos_25_orient_11_video_4', '<point>391 698</point>');
  const d = question(TASKS.tdsE, 'scene46_Topdown_Selection_Easy_video_0', 'C', {
    problems: [{ file: 'f', severity: 'warning', message: 'missing video: v.mp4' }],
  });
  const u = question('Some_New_Task', 'scene9_new', 'x');
  const qs: Question[] = [a, b, c, d, u];

  it('groups competencies → subtasks → questions in the paper order, unknown tasks under Other', () => {
    const t = buildQuestionTree(qs, undefined, DEFAULT_FILTER);
    assert.deepEqual(
      t.roots.map((r) => r.label),
      ['Object Localization', 'Self Localization', 'Scene Structure Understanding', OTHER_LABEL],
    );
    const ol = t.roots[0];
    assert.equal(ol.type, 'competency');
    const subs = ol.children as SubtaskNode[];
    assert.deepEqual(
      subs.map((s) => s.label),
      ['EDv'],
      'subtasks without questions are left out',
    );
    assert.equal(subs[0].description, '2 q · Egocentric Direction (visual)', 'no score without an active result');
    assert.deepEqual(
      subs[0].children.map((q) => q.description),
      ['scene2 · armchair_vzhxuf_0 · pos 10 / orient 4 · video 3', 'scene2 · bookcase_owvfik_2 · pos 0 / orient 5 · video 5'],
    );
    assert.deepEqual(
      subs[0].children.map((q) => q.label),
      ['-134°', '90°'],
      'the truth alone without an active result',
    );
    assert.equal(ol.description, '2 q');
    assert.deepEqual(t.order, [a.uid, b.uid, c.uid, d.uid, u.uid]);
    const other = t.roots[3] as SubtaskNode;
    assert.equal(other.type, 'subtask');
    assert.equal(other.children[0].uid, u.uid);
  });

  it('shows the 12 subtasks when every one has questions', () => {
    const all = SUBTASKS.map((s, i) =>
      question(s.task, `scene${i}_x`, s.kind === 'choice' ? 'A' : s.kind === 'point' ? '<point>1 2</point>' : '10'),
    );
    const t = buildQuestionTree(all, undefined, DEFAULT_FILTER);
    const subs = t.roots.flatMap((r) => (r.type === 'competency' ? r.children : [r]));
    assert.deepEqual(
      subs.map((s) => s.label),
      SUBTASKS.map((s) => s.abbreviation),
    );
  });

  it('scores, status icons and descriptions come from the active result', () => {
    const oa = outcome(a, '-120'); // correct
    const ob = outcome(b, 'what?'); // unparsed
    const t = buildQuestionTree(qs, activeOf([oa, ob], { ed_v: { score: 41.6667, n: 2, unparsed: 1 } }), DEFAULT_FILTER);
    const qa = t.byId.get(nodeIds.question(a.uid))!;
    const qb = t.byId.get(nodeIds.question(b.uid))!;
    const qc = t.byId.get(nodeIds.question(c.uid))!;
    assert.equal(qa.icon, STATUS_LOOK.correct.icon);
    assert.equal(qa.iconColor, 'testing.iconPassed');
    assert.equal(qb.icon, STATUS_LOOK.unparsed.icon);
    assert.equal(qc.icon, STATUS_LOOK.none.icon);
    assert.equal(t.byId.get(nodeIds.subtask('ed_v'))!.description, '41.67 · 2 q · Egocentric Direction (visual)');
    assert.equal(t.byId.get(nodeIds.subtask('position'))!.description, '— · 1 q · Self Position', 'active result without this subtask');
    assert.equal(qa.label, '1.00 · -134° vs -120°');
  });

  it('filter hides questions and the subtasks it empties; counts show shown/total; ids stay stable', () => {
    const oa = outcome(a, '-134');
    const ob = outcome(b, '-90');
    const t = buildQuestionTree(qs, activeOf([oa, ob]), { ...DEFAULT_FILTER, status: 'failed' });
    const ed = t.byId.get(nodeIds.subtask('ed_v')) as SubtaskNode;
    assert.deepEqual(
      ed.children.map((q) => q.uid),
      [b.uid],
    );
    assert.equal(ed.description, '— · 1/2 q · Egocentric Direction (visual)', 'the fixture result has no subtask scores');
    assert.deepEqual(t.order, [b.uid]);
    assert.equal(t.byId.get(nodeIds.subtask('position')), undefined, 'emptied by the filter');
    assert.deepEqual(
      t.roots.map((r) => r.id),
      [nodeIds.competency('object_localization')],
    );
    assert.equal(t.roots[0].description, '1/2 q');
    const sortedOnly = buildQuestionTree(qs, activeOf([oa, ob]), { ...DEFAULT_FILTER, sort: 'scoreAsc' });
    assert.equal(sortedOnly.roots.length, 4, 'a sort alone hides nothing');
    const t2 = buildQuestionTree(qs, activeOf([oa, ob]), DEFAULT_FILTER);
    assert.equal(t2.byId.get(nodeIds.question(b.uid))!.id, t.byId.get(nodeIds.question(b.uid))!.id);
  });

  it('questions with data problems carry a warning and a reason', () => {
    const t = buildQuestionTree(qs, undefined, DEFAULT_FILTER);
    const qd = t.byId.get(nodeIds.question(d.uid))!;
    assert.equal(qd.type === 'question' && qd.warning, 'missing video: v.mp4');
    assert.equal(qd.contextValue, 'question.problem');
  });

  it('parents for reveal, and the API snapshot', () => {
    const t = buildQuestionTree(qs, undefined, DEFAULT_FILTER);
    const qa = t.byId.get(nodeIds.question(a.uid))!;
    const sub = parentOf(t, qa)!;
    assert.equal(sub.id, nodeIds.subtask('ed_v'));
    assert.equal(parentOf(t, sub)!.id, nodeIds.competency('object_localization'));
    assert.equal(parentOf(t, parentOf(t, sub)!), undefined);
    const snap = snapshot(t.roots);
    assert.equal(snap[0].children![0].children![0].id, qa.id);
    assert.equal(snap[0].children![0].children![0].children, undefined);
    const levels = snapshot(t.roots, 2);
    assert.equal(levels[0].children![0].id, sub.id);
    assert.equal(levels[0].children![0].children, undefined, 'depth 2 stops at the subtasks');
    assert.equal(snapshot(t.roots, 1)[0].children, undefined);
    assert.deepEqual(t.scenes, ['scene_1']);
  });
});

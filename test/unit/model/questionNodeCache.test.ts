import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, type QuestionOutcome } from '../../../src/core';
import {
  buildQuestionTree,
  DEFAULT_FILTER,
  nodeIds,
  QuestionNodeCache,
  tooltipText,
  type QuestionNode,
  type SubtaskNode,
} from '../../../src/model';
import { outcome, question, TASKS } from './fixtures';

const questionNodes = (roots: ReturnType<typeof buildQuestionTree>['roots']): QuestionNode[] =>
  roots.flatMap((r) => (r.type === 'subtask' ? r.children : r.children.flatMap((s: SubtaskNode) => s.children)));

describe('question nodes kept across tree builds', () => {
  const a = question(TASKS.edv, 'scene1_edv_a', '-134');
  const b = question(TASKS.edv, 'scene1_edv_b', '90');
  const active = (outcomes: QuestionOutcome[]) => ({
    label: 'run.jsonl',
    evaluation: { byUid: new Map(outcomes.map((o) => [o.uid, o])), subtasks: {} },
  });

  it('a filter or sort change reuses the nodes it shows; a new outcome, question or active file rebuilds them', () => {
    const cache = new QuestionNodeCache();
    const run = active([outcome(a, '-134'), outcome(b, '90')]);
    const first = questionNodes(buildQuestionTree([a, b], run, DEFAULT_FILTER, undefined, undefined, cache).roots);
    const sorted = questionNodes(
      buildQuestionTree([a, b], run, { ...DEFAULT_FILTER, sort: 'scoreAsc', text: 'edv' }, undefined, undefined, cache).roots,
    );
    assert.equal(sorted.length, 2);
    for (const n of sorted) assert.ok(first.includes(n), `the filter rebuilt the node of ${n.uid}`);

    const rescored = questionNodes(
      buildQuestionTree([a, b], active([outcome(a, '45'), outcome(b, '90')]), DEFAULT_FILTER, undefined, undefined, cache).roots,
    );
    assert.ok(
      rescored.every((n) => !first.includes(n)),
      'a new evaluation kept the old nodes',
    );
    assert.notEqual(rescored[0].label, first[0].label, 'the rebuilt node does not show the new score');

    const renamed = questionNodes(
      buildQuestionTree([a, b], { ...run, label: 'other.jsonl' }, DEFAULT_FILTER, undefined, undefined, cache).roots,
    );
    assert.ok(
      renamed.every((n) => !first.includes(n)),
      'another active file kept the old nodes (their tooltips name it)',
    );

    const reloaded = questionNodes(buildQuestionTree([{ ...a }, { ...b }], run, DEFAULT_FILTER, undefined, undefined, cache).roots);
    assert.ok(
      reloaded.every((n) => !first.includes(n)),
      'a reloaded dataset kept the old nodes',
    );

    const diagnosis = diagnose([], { profile: 'paper' });
    const diagnosed = questionNodes(buildQuestionTree([a, b], run, DEFAULT_FILTER, undefined, { active: diagnosis }, cache).roots);
    assert.ok(
      diagnosed.every((n) => !first.includes(n)),
      'a new diagnosis kept the old nodes (their tooltips give the class)',
    );
  });

  it('a node rebuilt for a new outcome is the node a fresh build makes, its warning and short label included', () => {
    const c = { ...question(TASKS.edv, 'scene2_ego_dir_v_obj_7', '10'), scene: 'scene2' };
    c.problems = [{ file: 'question.json', message: 'the video is missing', severity: 'warning', uid: c.uid }];
    const cache = new QuestionNodeCache();
    const plain = (n: QuestionNode) => ({ ...n, tooltip: n.tooltip && tooltipText(n.tooltip) });
    const runs = [undefined, active([outcome(c, '-80')]), active([outcome(c, '10')])];
    for (const run of runs) {
      const kept = questionNodes(buildQuestionTree([c], run, DEFAULT_FILTER, undefined, undefined, cache).roots);
      const fresh = questionNodes(buildQuestionTree([c], run, DEFAULT_FILTER).roots);
      assert.deepEqual(kept.map(plain), fresh.map(plain));
      assert.equal(kept[0].warning, 'the video is missing');
      assert.notEqual(kept[0].description, c.uid, 'the short label is not the uid');
    }
  });

  it("builds a subtask's question rows only when they are read or one of them is looked up", () => {
    let built = 0;
    class CountingCache extends QuestionNodeCache {
      override node(...args: Parameters<QuestionNodeCache['node']>): QuestionNode {
        built++;
        return super.node(...args);
      }
    }
    const d = question(TASKS.pos, 'scene1_pos_d', '[10, 20]');
    const t = buildQuestionTree([a, b, d], active([outcome(a, '-134')]), DEFAULT_FILTER, undefined, undefined, new CountingCache());
    assert.equal(built, 0, 'the tree built question rows before any was asked for');
    assert.deepEqual(t.order, [a.uid, b.uid, d.uid]);
    const edv = t.byId.get(nodeIds.subtask('ed_v')) as SubtaskNode;
    assert.equal(edv.shown, 2);
    assert.equal(t.byId.get(nodeIds.question(b.uid))?.id, nodeIds.question(b.uid));
    assert.equal(built, 2, "looking up a row builds its subtask's rows only");
    assert.equal(t.byId.get(nodeIds.question(a.uid)), edv.children[0], 'the looked-up node is the one the subtask shows');
    assert.equal(built, 2, 'built once');
    assert.equal(t.byId.get(nodeIds.question('scene1_absent')), undefined);
    assert.equal(questionNodes(t.roots).length, 3);
    assert.equal(built, 3);
  });

  it('the tooltip is written when first read and is the same as a fresh build', () => {
    const run = active([outcome(a, '-134')]);
    const [node] = questionNodes(buildQuestionTree([a], run, DEFAULT_FILTER).roots);
    const tooltip = node.tooltip;
    assert.ok(tooltip && tooltipText(tooltip).includes('scene1_edv_a'), `the tooltip does not name the uid: ${JSON.stringify(tooltip)}`);
    assert.equal(node.tooltip, tooltip);
    assert.ok(Object.keys(node).includes('tooltip'), 'the tooltip is not an enumerable field (snapshots and copies lose it)');
    assert.equal({ ...node }.tooltip, tooltip);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_FILTER, describeFilter, isFilterActive, matchesFilter, sortQuestions, type FilterState } from '../../../src/model';
import { outcome, question, TASKS } from './fixtures';

const q1 = question(TASKS.edv, 'scene1_a', '10', { scene: 'scene_1', texts: ['Where is the armchair?'] });
const q2 = question(TASKS.edv, 'scene2_b', '10', { scene: 'scene_2', texts: ['Where is the Bookcase?'] });
const q3 = question(TASKS.edv, 'scene2_c', '10', { scene: 'scene_2' });
const q4 = question(TASKS.edv, 'scene2_d', '10', { scene: 'scene_2' });
const q5 = question(TASKS.edv, 'scene3_e', '10', { scene: 'scene_3' });
const outcomes = new Map([
  [q1.uid, outcome(q1, '10')], // correct, error 0
  [q2.uid, outcome(q2, '35')], // partial 2/3, error 25
  [q3.uid, outcome(q3, '170')], // wrong, error 160
  [q4.uid, outcome(q4, 'left')], // unparsed
  // q5: no prediction
]);
const all = [q1, q2, q3, q4, q5];
const pass = (f: Partial<FilterState>) =>
  all.filter((q) => matchesFilter(q, outcomes.get(q.uid), { ...DEFAULT_FILTER, ...f })).map((q) => q.uid);

describe('filter', () => {
  it('status filters', () => {
    assert.equal(outcomes.get(q2.uid)!.status, 'partial');
    assert.deepEqual(
      pass({ status: 'all' }),
      all.map((q) => q.uid),
    );
    assert.deepEqual(pass({ status: 'failed' }), ['scene2_b', 'scene2_c', 'scene2_d']);
    assert.deepEqual(pass({ status: 'wrong' }), ['scene2_c']);
    assert.deepEqual(pass({ status: 'unparsed' }), ['scene2_d']);
    assert.deepEqual(pass({ status: 'none' }), ['scene3_e']);
  });

  it('scene and text filters, combined', () => {
    assert.deepEqual(pass({ scene: 'scene_2' }), ['scene2_b', 'scene2_c', 'scene2_d']);
    assert.deepEqual(pass({ text: 'bookcase' }), ['scene2_b'], 'question text, case-insensitive');
    assert.deepEqual(pass({ text: 'SCENE3' }), ['scene3_e'], 'uid');
    assert.deepEqual(
      pass({ text: '   ' }),
      all.map((q) => q.uid),
      'blank text does not filter',
    );
    assert.deepEqual(pass({ scene: 'scene_2', status: 'failed', text: '_c' }), ['scene2_c']);
  });

  it('sort orders keep dataset order on ties', () => {
    const items = all.map((question, order) => ({ question, outcome: outcomes.get(question.uid), order }));
    const uids = (s: typeof items) => s.map((x) => x.question.uid);
    assert.deepEqual(
      uids(sortQuestions([...items].reverse(), 'dataset')),
      all.map((q) => q.uid),
    );
    // scores: a=1, b=2/3, c=0, d=0 (unparsed), e=none (last)
    assert.deepEqual(uids(sortQuestions(items, 'scoreAsc')), ['scene2_c', 'scene2_d', 'scene2_b', 'scene1_a', 'scene3_e']);
    // errors: c=160, b=25, a=0; d (unparsed) and e (none) have none and go last
    assert.deepEqual(uids(sortQuestions(items, 'errorDesc')), ['scene2_c', 'scene2_b', 'scene1_a', 'scene2_d', 'scene3_e']);
  });

  it('describes the active filter', () => {
    assert.equal(describeFilter(DEFAULT_FILTER), undefined);
    assert.equal(isFilterActive(DEFAULT_FILTER), false);
    const f: FilterState = { status: 'failed', scene: 'scene_2', text: 'armchair', sort: 'scoreAsc' };
    assert.equal(describeFilter(f), 'failed · scene_2 · “armchair” · score ↑');
    assert.equal(isFilterActive(f), true);
    assert.equal(describeFilter({ ...DEFAULT_FILTER, sort: 'errorDesc' }), 'error ↓');
    assert.equal(describeFilter({ ...DEFAULT_FILTER, status: 'none' }), 'no prediction');
  });
});

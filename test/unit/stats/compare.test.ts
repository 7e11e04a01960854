import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareSets,
  disagreements,
  pairedDeltas,
  runGroups,
  scoreSets,
  settingComparisons,
  spreadOf,
  subtaskByName,
  unpairedDelta,
  type QuestionResult,
  type ResultSet,
  type SubtaskKey,
} from '../../../src/shared';

/** A result set from [uid, subtask, score] triples; dataset order is the uid's number. */
function set(id: string, rows: [number, SubtaskKey, number][], meta: Partial<ResultSet> = {}): ResultSet {
  const results = new Map<string, QuestionResult>(
    rows.map(([q, subtask, score]) => [`q${q}`, { subtask, score, unparsed: false, index: q }]),
  );
  return { id, label: id, file: `${id}.jsonl`, results, ...meta };
}

/** n questions of one subtask with the given scores. */
const scores = (subtask: SubtaskKey, values: number[], from = 0): [number, SubtaskKey, number][] =>
  values.map((v, i) => [from + i, subtask, v]);

describe('joins', () => {
  it('different question sets: compared on the intersection, with the counts each side lacks', () => {
    const a = set('A', [...scores('ed_v', [1, 0, 1, 1]), ...scores('tds_easy', [1, 1], 10)]); // q0-q3, q10-q11
    const b = set('B', [...scores('ed_v', [0, 0, 1, 1, 1], 1)]); // q1-q5
    const c = compareSets([a, b], { datasetCounts: { ed_v: 6, tds_easy: 2 } });
    const [sa, sb] = c.sets;
    assert.equal(sa.answered, 6);
    assert.equal(sb.answered, 5);
    assert.equal(sa.missingFromDataset, 2); // q4, q5
    assert.equal(sb.missingFromDataset, 3); // q0, q10, q11
    assert.equal(sa.missingFromUnion, 2); // q4, q5
    assert.equal(sb.missingFromUnion, 3);
    assert.equal(sa.subtasks.ed_v!.of, 6);
    const d = c.deltas[0];
    assert.equal(d.onlyBaseline, 3); // q0, q10, q11
    assert.equal(d.onlyOther, 2); // q4, q5
    // Intersection q1-q3: A scores 0,1,1 and B scores 0,0,1, so the delta is -1/3 in score points.
    assert.equal(d.subtasks.ed_v!.n, 3);
    assert.ok(Math.abs(d.subtasks.ed_v!.delta - -100 / 3) < 1e-12);
    assert.equal(d.subtasks.tds_easy, undefined, 'no common question, no delta');
    assert.equal(d.overall!.subtasks, 1);
  });
  it('the per-file score is over its own questions, as summary computes it', () => {
    const a = set('A', scores('ed_v', [1 / 3, 2 / 3, 1]));
    const [s] = scoreSets([a]);
    assert.equal(s.subtasks.ed_v!.score, (100 * (1 / 3 + 2 / 3 + 1)) / 3);
    assert.equal(s.overall!.score, s.subtasks.ed_v!.score);
  });
});

describe('deltas', () => {
  const n = 60;
  const base = set('base', [
    ...scores(
      'ed_v',
      Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 1 : 0)),
    ),
    ...scores(
      'tds_easy',
      Array.from({ length: n }, (_, i) => i % 2),
      100,
    ),
  ]);
  const better = set('better', [
    ...scores(
      'ed_v',
      Array.from({ length: n }, (_, i) => (i % 3 === 2 ? 0 : 1)),
    ),
    ...scores(
      'tds_easy',
      Array.from({ length: n }, (_, i) => i % 2),
      100,
    ),
  ]);
  it('a clearly better file: positive delta equal to the difference of scores, interval above 0, small p', () => {
    const c = compareSets([base, better]);
    const d = c.deltas[0].subtasks.ed_v!;
    assert.equal(d.delta, c.sets[1].subtasks.ed_v!.score - c.sets[0].subtasks.ed_v!.score);
    assert.ok(Math.abs(d.delta - 100 / 3) < 1e-9);
    assert.ok(d.ci.lo > 0 && d.significant);
    assert.ok(d.p! < 0.001, `p ${d.p}`);
    // Equal on TDS-E: delta 0 exactly, interval [0, 0], p = 1, not significant.
    assert.deepEqual(c.deltas[0].subtasks.tds_easy, { delta: 0, n, ci: { lo: 0, hi: 0 }, p: 1, significant: false, caution: false });
    // The Avg. delta is the mean of the subtask deltas, as the paper averages: the difference of the two Avg.s.
    assert.equal(c.deltas[0].overall!.delta, c.sets[1].overall!.score - c.sets[0].overall!.score);
    assert.ok(Math.abs(c.deltas[0].overall!.delta - 100 / 6) < 1e-9);
    assert.ok(c.deltas[0].overall!.significant);
  });
  it('three questions: the bootstrap interval excludes 0 but the exact-in-distribution p cannot go below 2/8, so caution', () => {
    const d = compareSets([set('a', scores('ed_v', [1, 1, 1])), set('b', scores('ed_v', [0, 0, 1 / 3]))]).deltas[0].subtasks.ed_v!;
    assert.ok(d.significant && d.p! > 0.2 && d.caution, JSON.stringify(d));
  });
  it('the reused replicates equal a fresh paired bootstrap of the differences', () => {
    const withReuse = compareSets([base, better]).deltas[0];
    const fresh = pairedDeltas(base, [better])[0];
    for (const k of ['ed_v', 'tds_easy'] as const) {
      assert.ok(Math.abs(withReuse.subtasks[k]!.ci.lo - fresh.subtasks[k]!.ci.lo) < 1e-9);
      assert.ok(Math.abs(withReuse.subtasks[k]!.ci.hi - fresh.subtasks[k]!.ci.hi) < 1e-9);
      assert.equal(withReuse.subtasks[k]!.p, fresh.subtasks[k]!.p);
    }
  });
  it('a subtask where every question scores the same: the Avg. interval collapses to its point', () => {
    const flat = set('flat', [...scores('ed_v', new Array(20).fill(2 / 3)), ...scores('gp_s', new Array(30).fill(0.2), 100)]);
    const [s] = scoreSets([flat]);
    assert.equal(s.overall!.ci.lo, s.overall!.ci.hi);
    assert.ok(Math.abs(s.overall!.ci.lo - s.overall!.score) < 1e-9);
  });
  it('the unpaired delta of different questions has an interval and no p-value', () => {
    const d = unpairedDelta(base, set('other', scores('ed_v', new Array(40).fill(1), 500)));
    assert.equal(d.paired, false);
    assert.equal(d.subtasks.ed_v!.p, null);
    assert.ok(Math.abs(d.subtasks.ed_v!.delta - (100 - 100 / 3)) < 1e-9);
    assert.ok(d.subtasks.ed_v!.significant);
    assert.equal(d.onlyBaseline, base.results.size);
  });
});

describe('reproducibility', () => {
  const a = set(
    'A',
    scores(
      'edist_v',
      Array.from({ length: 80 }, (_, i) => ((i * 7) % 11) / 10),
    ),
  );
  const b = set(
    'B',
    scores(
      'edist_v',
      Array.from({ length: 80 }, (_, i) => ((i * 5) % 11) / 10),
    ),
  );
  it('the same seed gives the same numbers; another seed other intervals', () => {
    assert.deepEqual(compareSets([a, b]), compareSets([a, b]));
    assert.deepEqual(compareSets([a, b], { seed: 5 }), compareSets([a, b], { seed: 5 }));
    assert.notDeepEqual(compareSets([a, b], { seed: 5 }).sets[0].subtasks.edist_v!.ci, compareSets([a, b]).sets[0].subtasks.edist_v!.ci);
  });
  it("a file's interval does not depend on the other files or their order", () => {
    const alone = scoreSets([a])[0].subtasks.edist_v!.ci;
    assert.deepEqual(compareSets([b, a]).sets[1].subtasks.edist_v!.ci, alone);
  });
});

describe('repeated runs and settings', () => {
  const run = (r: string, v: number) => set(`m-${r}`, scores('ed_v', [v, v]), { model: 'M', template: 't', run: r });
  it('files of one model and template that differ in run form a group: mean and sample sd', () => {
    const scored = scoreSets([
      run('1', 1),
      run('2', 0),
      run('3', 0.5 + 1 / 6),
      set('other', scores('ed_v', [1]), { model: 'N', run: '1' }),
    ]);
    const groups = runGroups(scored);
    assert.equal(groups.length, 1, 'the lone run of N forms no group');
    const g = groups[0];
    assert.deepEqual(g.runs, ['1', '2', '3']);
    assert.deepEqual(g.subtasks.ed_v, spreadOf([100, 0, 100 * (0.5 + 1 / 6)]));
    assert.ok(Math.abs(g.subtasks.ed_v!.mean - 500 / 9) < 1e-9);
    assert.ok(Math.abs(g.subtasks.ed_v!.sd - Math.sqrt(((100 - 500 / 9) ** 2 + (500 / 9) ** 2 + (200 / 3 - 500 / 9) ** 2) / 2)) < 1e-9);
  });
  it("local control: deltas against global beside the paper's numbers for the model", () => {
    const global = set('g', scores('ed_s', new Array(30).fill(0)), { model: 'GPT-5', setting: 'global' });
    const local = set('l', scores('ed_s', new Array(30).fill(1), 100), { model: 'gpt-5', setting: 'local-video' });
    const same = set('i', scores('ed_s', new Array(30).fill(1)), { model: 'GPT-5', setting: 'local-image' });
    const [first, second] = settingComparisons([global, local, same]);
    // 'gpt-5' differs from 'GPT-5' only in case, but the family is keyed exactly: only local-image joins 'GPT-5'.
    assert.equal(first.setting, 'local-image');
    assert.equal(second, undefined);
    assert.equal(first.delta.paired, true, 'the same questions: paired');
    assert.ok(Math.abs(first.paper.ed_s!.delta - (65.61 - 31.09)) < 1e-9);
    assert.equal(first.paper.ed_s!.global, 31.09);
    const overlapping = set('o', scores('ed_s', new Array(30).fill(1), 15), { model: 'GPT-5', setting: 'local-video' });
    const partial = settingComparisons([global, overlapping])[0];
    assert.equal(partial.delta.paired, true, 'common questions: paired on them');
    assert.equal(partial.delta.subtasks.ed_s!.n, 15);
    const unpaired = settingComparisons([global, { ...local, model: 'GPT-5' }])[0];
    assert.equal(unpaired.setting, 'local-video');
    assert.equal(unpaired.delta.paired, false);
    assert.equal(unpaired.delta.subtasks.ed_s!.delta, 100);
  });
});

describe('disagreements', () => {
  const withAnswers = (id: string, rows: [number, number, string | undefined][]) => {
    const results = new Map<string, QuestionResult>(
      rows.map(([q, score, answer]) => [
        `q${q}`,
        { subtask: 'gp_v', score, unparsed: answer === undefined, answer: answer ?? 'unparsed', index: q },
      ]),
    );
    return { id, label: id, file: id, results } as ResultSet;
  };
  it('groups A right / B wrong, A wrong / B right, both wrong with different answers; sorted by |difference|', () => {
    const a = withAnswers('A', [
      [0, 1, '(1, 1)'],
      [1, 1, '(2, 2)'],
      [2, 0.4, '(3, 3)'],
      [3, 0, '(4, 4)'],
      [4, 0.2, '(5, 5)'],
      [5, 1, '(6, 6)'],
      [6, 0, '(7, 7)'],
    ]);
    const b = withAnswers('B', [
      [0, 0.6, '(1, 9)'],
      [1, 0, undefined],
      [2, 1, '(3, 4)'],
      [3, 0, '(4, 4)'],
      [4, 0, '(8, 8)'],
      [5, 1, '(6, 6)'],
      [9, 1, '(0, 0)'],
    ]);
    const d = disagreements(a, b, 'gp_v');
    assert.equal(d.common, 6, 'q6 and q9 are not in both');
    assert.deepEqual(d.counts, { 'baseline-right': 2, 'other-right': 1, 'both-wrong': 1 });
    assert.deepEqual(
      d.items.map((i) => [i.uid, i.kind]),
      [
        ['q1', 'baseline-right'],
        ['q2', 'other-right'],
        ['q0', 'baseline-right'],
        ['q4', 'both-wrong'],
      ],
    );
    assert.ok(Math.abs(d.items[0].difference - -1) < 1e-12);
    assert.equal(d.items[0].other.answer, 'unparsed');
    assert.equal(disagreements(a, b, 'ed_v').items.length, 0);
  });
  it('subtasks are named by key or abbreviation', () => {
    assert.deepEqual(
      [subtaskByName('EDv'), subtaskByName('tds-h'), subtaskByName('trajectory'), subtaskByName('x')],
      ['ed_v', 'tds_hard', 'trajectory', undefined],
    );
  });
});

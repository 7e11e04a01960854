import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decimalFromNumber,
  parsePrediction,
  parseGroundTruth,
  simulateRandomBaseline,
  RANDOM_BASELINE_DRAWS,
  type AnswerKind,
  type GuessableQuestion,
  type SubtaskKey,
} from '../../../src/shared';

const question = (subtask: SubtaskKey, kind: AnswerKind, answer: unknown): GuessableQuestion => ({
  subtask,
  kind,
  truth: parseGroundTruth(kind, answer),
});
const many = (n: number, make: (i: number) => GuessableQuestion) => Array.from({ length: n }, (_, i) => make(i));

describe('the simulated random baseline', () => {
  const questions = [
    ...many(100, (i) => question('ed_v', 'angle', String(((i * 37) % 361) - 180))),
    ...many(100, (i) => question('tds_easy', 'choice', 'ABCD'[i % 4])),
    ...many(50, (i) => question('edist_s', 'distance', 1 + (i % 10))),
    ...many(50, () => question('gp_v', 'point', '<point>499 499</point>')),
    { subtask: 'other', kind: null, truth: null },
  ];
  const r = simulateRandomBaseline(questions, { profile: 'paper' });
  it('choices score 25 and integer angles (2T+1)/361 averaged over T = 15, 30, 45, i.e. 16.90, within its interval', () => {
    assert.equal(r.draws, RANDOM_BASELINE_DRAWS);
    assert.ok(Math.abs(r.subtasks.tds_easy!.mean - 25) < 1, `choice ${r.subtasks.tds_easy!.mean}`);
    const angle = (100 * (31 + 61 + 91)) / 3 / 361;
    assert.ok(Math.abs(r.subtasks.ed_v!.mean - angle) < 1, `angle ${r.subtasks.ed_v!.mean} vs ${angle}`);
    for (const s of Object.values(r.subtasks)) assert.ok(s!.ci.lo <= s!.mean && s!.mean <= s!.ci.hi);
  });
  it("points at the map centre: P(d <= t) for a uniform point is the disc's share of the map, pi t^2 / 1000^2", () => {
    const expected = (100 * [100, 150, 200, 250, 300].reduce((a, t) => a + (Math.PI * t * t) / 1e6, 0)) / 5;
    assert.ok(Math.abs(r.subtasks.gp_v!.mean - expected) < 1.5, `${r.subtasks.gp_v!.mean} vs ${expected}`);
  });
  it("distances are drawn over the dataset's range; unknown tasks are left out; the Avg. averages subtasks", () => {
    assert.deepEqual(r.distanceRange, [1, 10]);
    assert.equal(r.subtasks.edist_s!.n, 50);
    assert.equal(Object.keys(r.subtasks).length, 4);
    const meanOfMeans = Object.values(r.subtasks).reduce((a, s) => a + s!.mean, 0) / 4;
    assert.ok(Math.abs(r.overall!.mean - meanOfMeans) < 1e-9);
  });
  it('a guessed point is built exactly as the parser reads <point>x y</point>', () => {
    for (const [x, y] of [
      [0, 0],
      [12, 345],
      [999, 999],
    ]) {
      assert.deepEqual(parsePrediction('point', `<point>${x} ${y}</point>`).parsed, {
        kind: 'point',
        x,
        y,
        exactX: decimalFromNumber(x),
        exactY: decimalFromNumber(y),
      });
    }
  });
  it('is reproducible with its seed and changes with another', () => {
    assert.deepEqual(simulateRandomBaseline(questions, { profile: 'paper' }), r);
    assert.notDeepEqual(simulateRandomBaseline(questions, { profile: 'paper', seed: 1 }).overall, r.overall);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseGroundTruth, parsePrediction, scoreParsed, type AnswerKind, type ScoringProfile } from '../../../src/core';

function score(kind: AnswerKind, truth: unknown, pred: string, profile: ScoringProfile = 'paper') {
  const g = parseGroundTruth(kind, truth);
  assert.ok(g, `truth ${String(truth)} parses`);
  return scoreParsed(g, parsePrediction(kind, pred).parsed, profile);
}

describe('angle scoring (mean over 15/30/45)', () => {
  it('error exactly on a tolerance passes it', () => {
    assert.equal(score('angle', '0', '15').score, 1);
    assert.equal(score('angle', '0', '30').score, 2 / 3);
    assert.equal(score('angle', '0', '45').score, 1 / 3);
    assert.equal(score('angle', '0', '46').score, 0);
    assert.equal(score('angle', '0', '15').detail?.error, 15);
  });
  it('just past a tolerance fails it, decided exactly on the decimals', () => {
    assert.equal(score('angle', '0', '15.1').score, 2 / 3);
    // 15.1 - 0.1 is 15.000000000000002 in doubles; exactly it is 15 and passes.
    assert.equal(score('angle', 0.1, '15.1').score, 1);
  });
  it('wraps around: error is circular', () => {
    assert.equal(score('angle', '-170', '170').detail?.error, 20);
    assert.equal(score('angle', '-170', '170').score, 2 / 3);
    assert.equal(score('angle', '180', '-180').detail?.error, 0);
    assert.equal(score('angle', '10', '730').detail?.error, 0, 'd is taken mod 360');
  });
  it('left positive: "45 degrees to the right" is -45', () => {
    assert.equal(score('angle', '-45', '45 degrees to the right').score, 1);
    assert.equal(score('angle', '45', '45 degrees to the right').score, 0);
  });
  it('unparsed scores 0 with no detail', () => {
    const s = score('angle', '10', 'cannot tell');
    assert.equal(s.score, 0);
    assert.equal(s.detail, null);
  });
});

describe('distance scoring (MRA, 10 thresholds)', () => {
  it('exact prediction passes all 10', () => {
    assert.equal(score('distance', 13.2, '13.2').score, 1);
  });
  it('paper: r exactly 1 - theta fails under <, decided as decimals', () => {
    // 1.3 vs 1.0: r = 0.3 exactly = 1 - 0.7. Passes 0.50..0.65 (4), fails 0.70 and up.
    assert.equal(score('distance', 1.0, '1.3').detail?.passed, 4);
    // 5.5 vs 5.0: r = 0.1 = 1 - 0.9. Passes 0.50..0.85 (8), fails 0.90 and 0.95.
    assert.equal(score('distance', 5.0, '5.5').detail?.passed, 8);
    // r exactly 0.5 = 1 - 0.5: fails every threshold.
    assert.equal(score('distance', 2.0, '3.0').detail?.passed, 0);
    assert.equal(score('distance', 2.0, '2.9').detail?.passed, 1);
  });
  it('vsibench: <= in doubles, bit for bit', () => {
    // |1.3-1.0|/1.0 = 0.30000000000000004 > 0.30000000000000004? 1-0.7 = 0.30000000000000004: passes 0.7.
    assert.equal(Math.abs(1.3 - 1.0) / 1.0, 0.30000000000000004);
    assert.equal(1 - 0.7, 0.30000000000000004);
    assert.equal(score('distance', 1.0, '1.3', 'vsibench').detail?.passed, 5);
    // 5.5 vs 5: r = 0.1; 1 - 0.8999999999999999 = 0.10000000000000009 >= 0.1 passes; 1 - 0.95 = 0.050000000000000044 fails.
    assert.equal(score('distance', 5.0, '5.5', 'vsibench').detail?.passed, 9);
    // r = 0.5 exactly: passes theta = 0.5 under <=.
    assert.equal(score('distance', 2.0, '3.0', 'vsibench').detail?.passed, 1);
  });
  it('g = 0 uses r = |p - g|', () => {
    assert.equal(score('distance', 0, '0.04').detail?.passed, 10);
    assert.equal(score('distance', 0, '0.3').detail?.passed, 4);
  });
  it('units: 350 cm against 3.5 is exact', () => {
    assert.equal(score('distance', 3.5, '350 cm').score, 1);
  });
});

describe('point scoring (mean over 100..300 on [0, 999])', () => {
  it('distance exactly on a threshold passes it', () => {
    assert.equal(score('point', '<point>0 0</point>', '<point>60 80</point>').score, 1);
    assert.equal(score('point', '<point>0 0</point>', '<point>100 0</point>').score, 1);
    assert.equal(score('point', '<point>0 0</point>', '<point>100.1 0</point>').detail?.passed, 4);
    assert.equal(score('point', '<point>391 698</point>', '(391, 998)').detail?.passed, 1);
    assert.equal(score('point', '<point>391 698</point>', '(391, 998.5)').detail?.passed, 0);
    assert.equal(score('point', '<point>0 0</point>', '[180, 240]').detail?.error, 300);
  });
});

describe('choice scoring', () => {
  it('letter equality', () => {
    assert.equal(score('choice', 'C', 'c').score, 1);
    assert.equal(score('choice', 'C', 'The answer is B').score, 0);
    assert.equal(score('choice', 'C', 'I cannot determine the answer').detail, null);
  });
});

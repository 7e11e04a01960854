// The diagnosis as the panels and the tree show it: lines with their classes, totals, a question's words, deltas.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classSentence, diagnose, findingSentences, type DiagnosisAnswer } from '../../../src/core';
import {
  classTotals,
  diagnosisDeltas,
  diagnosisLines,
  inDiagnosisClass,
  questionDiagnosisWords,
  signTestP,
} from '../../../src/shared/diagnosis/views';
import { answer } from './helpers';

const paper = { profile: 'paper' as const };

// A: two sign flips and a far answer in EDs, a unit slip in EDists; B: the flips fixed, the slip kept.
const fileA: DiagnosisAnswer[] = [
  answer('ed_s', '60', '-60', { uid: 'e1' }),
  answer('ed_s', '100', '-100', { uid: 'e2' }),
  answer('ed_s', '0', '120', { uid: 'e3' }),
  answer('ed_s', '10', '10', { uid: 'e4' }),
  answer('edist_s', '2', '200', { uid: 'd1' }),
  answer('edist_s', '3', '3', { uid: 'd2' }),
];
const fileB: DiagnosisAnswer[] = [
  answer('ed_s', '60', '60', { uid: 'e1' }),
  answer('ed_s', '100', '100', { uid: 'e2' }),
  ...fileA.slice(2),
];
const a = diagnose(fileA, paper);
const b = diagnose(fileB, paper);

describe('diagnosis views', () => {
  it("the scoreboard's lines are the CLI's sentences, class lines naming their class and count", () => {
    const lines = diagnosisLines(a);
    assert.deepEqual(
      lines.map((s) => s.abbreviation),
      ['EDs', 'EDists'],
    );
    const eds = lines[0];
    const s = a.subtasks[0];
    assert.deepEqual(
      eds.lines.map((l) => l.text),
      [...s.classes.map((c) => classSentence(s, c, a.overall)), ...findingSentences(s)],
    );
    assert.deepEqual(
      eds.lines.filter((l) => l.cls).map((l) => [l.cls, l.count]),
      [
        ['sign_flip', 2],
        ['far', 1],
      ],
    );
    assert.match(
      eds.lines[0].text,
      /^EDs: 67 % of wrong answers are sign flips \(2; .*\)\. Flipping the sign would raise EDs from 25\.00 to 75\.00/,
    );
  });

  it('totals each class over the subtasks, with where they are', () => {
    assert.deepEqual(classTotals(a), [
      { cls: 'sign_flip', count: 2, where: 'EDs 2' },
      { cls: 'unit_slip', count: 1, where: 'EDists 1' },
      { cls: 'far', count: 1, where: 'EDs 1' },
    ]);
  });

  it("says a question's class and its correction in words", () => {
    assert.equal(questionDiagnosisWords(a, 'e1', 'ed_s'), 'sign flip: flipping the sign gives 60°');
    assert.equal(questionDiagnosisWords(a, 'd1', 'edist_s'), 'unit slip: converting the unit gives 2 m');
    assert.equal(questionDiagnosisWords(a, 'e3', 'ed_s'), 'far-off answer');
    assert.equal(questionDiagnosisWords(a, 'e4', 'ed_s'), undefined, 'a right answer has no class');
    assert.ok(inDiagnosisClass(a.byUid.get('e1'), 'sign_flip'));
    assert.ok(!inDiagnosisClass(a.byUid.get('e1'), 'far'));
    assert.ok(!inDiagnosisClass(undefined, 'far'));
  });

  it('lists only the classes whose counts differ, with the what-if gains and a paired sign test', () => {
    const d = diagnosisDeltas(a, b, 'template-b');
    assert.equal(d.length, 1, 'the unit slip and the far answer are the same in both');
    assert.deepEqual(
      { ...d[0], p: undefined },
      {
        subtask: 'ed_s',
        abbreviation: 'EDs',
        cls: 'sign_flip',
        countA: 2,
        countB: 0,
        gainA: 50,
        gainB: null,
        onlyA: 2,
        onlyB: 0,
        p: undefined,
        words: 'template-b removes the sign flips',
      },
    );
    assert.equal(d[0].p, 0.5);
    assert.equal(diagnosisDeltas(b, a, 'template-a')[0].words, 'template-a introduces sign flips');
  });

  it('the sign test is 2 x P(X <= k), capped at 1, and does not underflow at n = 3000', () => {
    assert.equal(signTestP(0, 0), 1);
    assert.equal(signTestP(3, 3), 1);
    const close = (x: number, y: number) => assert.ok(Math.abs(x - y) < 1e-12 * y, `${x} vs ${y}`);
    close(signTestP(0, 5), 2 / 32);
    close(signTestP(1, 9), (2 * (1 + 10)) / 1024);
    const big = signTestP(1400, 1600);
    assert.ok(big > 0 && big < 0.001, String(big));
    assert.ok(Math.abs(signTestP(1500, 1500) - 1) < 1e-9);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePrediction, READERS, type AnswerKind } from '../../../src/shared';
import {
  MAX_REMEMBERED_PREDICTION_CHARS,
  MAX_REMEMBERED_PREDICTIONS,
  RepeatedPredictions,
} from '../../../src/shared/parsing/repeatedPredictions';
import { answerAfterLastThink } from '../../../src/shared/parsing/region';

const KINDS: AnswerKind[] = ['angle', 'distance', 'point', 'choice'];
const prediction = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('B', 'Answer: 90 degrees to the left', '<answer>(391, 698)</answer>', '<think>x</think>1.5 m', '3 ft 2 in'),
);

describe('RepeatedPredictions', () => {
  it('property: reads every prediction as parsePrediction does, under each reader, first time and again', () => {
    for (const reader of READERS) {
      const memo = new RepeatedPredictions(reader);
      fc.assert(
        fc.property(fc.constantFrom(...KINDS), prediction, (kind, raw) => {
          assert.deepEqual(memo.read(kind, raw), parsePrediction(kind, raw, reader));
          assert.deepEqual(memo.read(kind, raw), parsePrediction(kind, raw, reader));
        }),
        { numRuns: 300 },
      );
    }
  });
  it('property: a long reasoning trace and its answer read as parsePrediction reads them, the answer remembered', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('<think>', '</think>', '</THINK>', '</think', '<answer>', '</answer>', ' ', '\n', '\n\n', '12.5', '-40', '(3, 4)'),
      fc.constantFrom(' degrees left', ' meters', ' option B', '**C**', 'Answer:', 'The answer is', '<point>3 4</point>', '°', '３'),
    );
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    // The answers repeat, so that most are read from the memory.
    const answer = fc.oneof(text, fc.constantFrom('B', ' 90 degrees ', '<answer>(391, 698)</answer>', '\n\nAnswer: 1.5 m', ' \t\n', ''));
    const trace = fc.tuple(text, fc.string({ minLength: 1, maxLength: 3 })).map(([t, c]) => t + c.repeat(300));
    for (const reader of READERS) {
      const memo = new RepeatedPredictions(reader);
      let remembered = 0;
      fc.assert(
        fc.property(fc.constantFrom(...KINDS), trace, fc.constantFrom('</think>', '</Think>', ''), answer, (kind, t, tag, a) => {
          const raw = t + tag + a;
          const outcome = memo.read(kind, raw);
          assert.deepEqual(outcome, parsePrediction(kind, raw, reader));
          assert.deepEqual(Object.keys(outcome), Object.keys(parsePrediction(kind, raw, reader)), 'members in the same order');
          if (answerAfterLastThink(raw) >= 0) remembered++;
        }),
        { numRuns: 600 },
      );
      assert.ok(remembered > 150, `${remembered} answers after a trace`);
    }
  });
  it('a trace’s answer is read once: the outcome at its offsets shares the remembered one’s frozen value', () => {
    const memo = new RepeatedPredictions('lenient');
    const trace = '<think>' + 'Maybe 45 degrees, or 90. '.repeat(20) + '</think>';
    const a = memo.read('angle', trace + 'Answer: 30 degrees left');
    const b = memo.read('angle', 'x' + trace + 'Answer: 30 degrees left');
    assert.equal(a.parsed, b.parsed, 'one parsed value');
    assert.ok(Object.isFrozen(a.parsed));
    assert.deepEqual(b.span, [a.span![0] + 1, a.span![1] + 1]);
    assert.equal(a.parsed, memo.read('angle', 'Answer: 30 degrees left').parsed, 'remembered as a prediction of its own');
  });
  it('shares one frozen outcome per kind and text, so that no caller can change another line’s', () => {
    const memo = new RepeatedPredictions('lenient');
    const first = memo.read('distance', 'about 3 ft 2 in');
    assert.equal(memo.read('distance', 'about 3 ft 2 in'), first);
    assert.notEqual(memo.read('angle', 'about 3 ft 2 in'), first, 'the kind is part of what is remembered');
    assert.ok(first.read && first.read.length > 0 && first.parsed);
    assert.throws(() => first.read!.push('thousands separator'), TypeError);
    assert.throws(() => {
      (first.parsed as { value: number }).value = 0;
    }, TypeError);
  });
  it('stays bounded: long texts are not remembered, and a full memory starts again', () => {
    const memo = new RepeatedPredictions('lenient');
    const long = 'C'.padStart(MAX_REMEMBERED_PREDICTION_CHARS + 1, ' ');
    assert.notEqual(memo.read('choice', long), memo.read('choice', long));
    const kept = memo.read('choice', 'B');
    for (let i = 0; i < MAX_REMEMBERED_PREDICTIONS - 1; i++) memo.read('choice', `${i} B`);
    assert.equal(memo.read('choice', 'B'), kept, 'still remembered while the memory has room');
    memo.read('choice', 'one more B');
    assert.notEqual(memo.read('choice', 'B'), kept, 'forgotten once the memory was full');
    assert.deepEqual(memo.read('choice', 'B'), kept);
  });
});

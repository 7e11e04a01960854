import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePrediction, READERS, type AnswerKind } from '../../../src/shared';
import {
  MAX_REMEMBERED_PREDICTION_CHARS,
  MAX_REMEMBERED_PREDICTIONS,
  RepeatedPredictions,
} from '../../../src/shared/parsing/repeatedPredictions';

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

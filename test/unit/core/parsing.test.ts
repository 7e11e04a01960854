import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePrediction, parsedToJson, parseGroundTruth, type AnswerKind } from '../../../src/core';

const p = (kind: AnswerKind, text: string) => parsedToJson(parsePrediction(kind, text).parsed);

describe("answer parser: the issue's examples", () => {
  it('angle', () => {
    assert.equal(p('angle', '45° to the right'), -45);
    assert.equal(p('angle', '30 degrees to the left'), 30);
    assert.equal(p('angle', 'The answer is 200.'), 200);
    assert.equal(p('angle', '-134'), -134);
    assert.equal(p('angle', '\u221290'), -90, 'U+2212 minus');
    assert.equal(p('angle', '\u201312'), -12, 'U+2013 en dash');
    assert.equal(p('angle', '-45 degrees to the right'), -45, 'a signed number is not negated again');
    assert.equal(p('angle', 'Turn right or left: 20'), 20, 'both words: unchanged');
    assert.equal(p('angle', 'no idea'), null);
  });
  it('distance', () => {
    assert.equal(p('distance', 'about 3.5 meters'), 3.5);
    assert.equal(p('distance', '350 cm'), 3.5);
    assert.equal(p('distance', '0.8m'), 0.8);
    assert.equal(p('distance', '1200 mm'), 1.2);
    assert.equal(p('distance', '13.2'), 13.2);
    assert.equal(p('distance', 'far away'), null);
  });
  it('point', () => {
    assert.deepEqual(p('point', '<point>391 698</point>'), [391, 698]);
    assert.deepEqual(p('point', '<point>391, 698</point>'), [391, 698]);
    assert.deepEqual(p('point', 'I think it is at (120, 45) on the map'), [120, 45]);
    assert.deepEqual(p('point', 'coords [5, 7]'), [5, 7]);
    assert.equal(p('point', 'top left corner'), null);
  });
  it('choice', () => {
    for (const [text, letter] of [
      ['C', 'C'],
      ['C.', 'C'],
      ['(A)', 'A'],
      ['b', 'B'],
      ['The answer is D', 'D'],
      ['Answer: B', 'B'],
      ['Option A is right', 'A'],
    ] as const) {
      assert.equal(p('choice', text), letter, text);
    }
    assert.equal(p('choice', 'I cannot determine the answer'), null);
    assert.equal(p('choice', 'the answer is a chair'), null);
  });
  it('choice: an answer phrase beats options named while reasoning; ambiguous options are unparsed', () => {
    assert.equal(p('choice', 'Option A shows a loop, but the answer is D'), 'D');
    assert.equal(p('choice', 'Comparing option A with option B, the answer is C.'), 'C');
    assert.equal(p('choice', 'The answer is B. On reflection, the answer is C'), 'C', 'the last answer phrase is the conclusion');
    for (const [text, letter] of [
      ['answer is: C', 'C'],
      ['**Answer:** C', 'C'],
      ['Answer:**B**', 'B'],
      ['The correct option is B', 'B'],
      ['answer is (c)', 'C'],
      ['I pick option B.', 'B'],
    ] as const) {
      assert.equal(p('choice', text), letter, text);
    }
    assert.equal(p('choice', 'Option A and option B both fit'), null);
  });
  it('robustness: hyphens in words, plus signs, more units, absurdly large numbers', () => {
    assert.equal(
      p('angle', 'Room-3 is at 45 degrees'),
      45,
      'a hyphen joined to a word is not a minus sign, and a labelled number is not the answer',
    );
    assert.equal(p('angle', 'Room-3'), 3, 'a hyphen joined to a word is not a minus sign');
    assert.deepEqual(p('point', '(+3, 4)'), [3, 4]);
    assert.equal(p('distance', '12cms'), 0.12);
    assert.equal(p('distance', '3.5 km'), 3500);
    assert.equal(p('angle', '1' + '0'.repeat(400) + '80'), null, 'a number beyond doubles is unparsed, not wrong');
  });
  it('think and answer tags', () => {
    assert.equal(p('angle', '<think>maybe 90 left</think>-30'), -30);
    assert.equal(p('angle', '<think>a</think>x<think>b</think> 12 right'), -12);
    assert.equal(p('choice', '<answer>A</answer> then <answer>C</answer>'), 'C');
    assert.equal(p('distance', '<think>5 m?</think><answer>350 cm</answer>'), 3.5);
  });
  it('reports the span it used, as offsets into the raw text', () => {
    const raw = '<think>hmm 10</think> I say 45° to the right';
    const out = parsePrediction('angle', raw);
    assert.ok(out.span);
    assert.equal(raw.slice(out.span[0], out.span[1]), '45° to the right', 'the number with its unit and direction word');
    assert.equal(out.rule, 'only value');
    assert.deepEqual(out.read, ['direction word']);
  });
  it('ground truth of every real shape', () => {
    assert.equal(parsedToJson(parseGroundTruth('angle', '-134')), -134);
    assert.equal(parsedToJson(parseGroundTruth('distance', 13.2)), 13.2);
    assert.deepEqual(parsedToJson(parseGroundTruth('point', '<point>391 698</point>')), [391, 698]);
    assert.equal(parsedToJson(parseGroundTruth('choice', 'C')), 'C');
    assert.equal(parseGroundTruth('choice', 'maybe C'), null);
    assert.equal(parseGroundTruth('angle', 'left'), null);
  });
});

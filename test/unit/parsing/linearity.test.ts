// Every parsing function is linear in its input: adversarial ~1 MB strings built from the parsers' own tokens
// parse within a wide multiple of a plain scan of the same string, timed in the same run.
//
// What the previous parser (regexes with overlapping quantifiers, a lazy tag scan) took on this machine:
//   "answer" + 100k spaces, choice:  20.7 s  (CHOICE_ANSWER_RE; 6.2 s in the measurement)
//   "<point>1" + 100k spaces, point:  35.0 s  (POINT_TAG_RE; 4.7 s in the issue's)
//   20k unclosed "<answer>", angle:   0.40 s  (the lazy <answer> scan; quadratic: 4.0 s at the size)
// and so minutes for 1 MB. The readers now take tens of milliseconds on each of those.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePrediction, READERS, type AnswerKind } from '../../../src/shared';

const MB = 1 << 20;
const KINDS: AnswerKind[] = ['angle', 'distance', 'point', 'choice'];

/** The vocabulary the readers look for, plus the characters between. */
const TOKENS = [
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  'answer',
  'Answer:',
  'final answer',
  'the answer is',
  'is',
  ':',
  '=',
  '-',
  '\u2212',
  '+',
  '.',
  ',',
  ';',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '*',
  '**',
  '_',
  '#',
  '\\boxed{',
  '<answer>',
  '</answer>',
  '<think>',
  '</think>',
  '<point>',
  '</point>',
  '<point x="',
  '" y="',
  '<',
  '>',
  '/',
  '1',
  '7',
  '45',
  '3.5',
  '0.5',
  '1,200',
  '3,5',
  '-180',
  '999',
  '°',
  'degrees',
  'm',
  'cm',
  'mm',
  'ft',
  'feet',
  'in',
  '"',
  "o'clock",
  '%',
  'x',
  'y',
  'x=',
  'y:',
  'left',
  'right',
  'clockwise',
  'counter',
  'to the',
  'between',
  'and',
  'or',
  'range',
  'not',
  'as',
  'therefore',
  'so',
  'option',
  'image',
  'A',
  'B',
  'C',
  'D',
  'a',
  'forty',
  'five',
  'hundred',
  'point',
  'half',
  'step',
  'frame',
  '答案',
  '选',
  '左',
  '右',
  '顺时针',
  '逆时针',
  '米',
  '厘米',
  '度',
  '是',
  '，',
  '（',
  '）',
  'Ａ',
  '４',
];

/** A prefix, then one short pattern repeated to about `size` characters, then a suffix: the shape of every known blow-up. */
function build(prefix: string[], body: string[], suffix: string[], size: number): string {
  const unit = body.join('') || ' ';
  return prefix.join('') + unit.repeat(Math.ceil(size / unit.length)) + suffix.join('');
}

/**
 * CPU milliseconds of `f`, the least of `runs`: CPU time, not wall time, because six engineers share two cores
 * here and a short baseline is preempted far less often than a long parse.
 */
function cpuMs(f: () => void, runs: number): number {
  let best = Infinity;
  for (let k = 0; k < runs; k++) {
    const t0 = process.cpuUsage();
    f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/** A plain scan of the same string. */
const baselineMs = (text: string) => cpuMs(() => assert.equal(text.split('').length, text.length), 5);

const parseMs = (kind: AnswerKind, text: string) =>
  cpuMs(() => {
    for (const reader of READERS) parsePrediction(kind, text, reader);
  }, 2);

/**
 * Wide: the readers measured 4-112x the split on these inputs (the worst, "1,1,1,…", makes a candidate of every
 * other character); the previous parser was past 10^5x on 1 MB. 500 leaves room for a loaded machine.
 */
const MAX_RATIO = 500;
/** A sanity cap a quadratic parser exceeds by orders of magnitude (minutes), whatever the machine's load. */
const MAX_MS = 15_000;

function check(kind: AnswerKind, text: string) {
  const base = Math.max(baselineMs(text), 1); // a millisecond floor keeps the ratio meaningful on a fast machine
  const ms = parseMs(kind, text);
  assert.ok(ms <= MAX_MS, `${kind}: ${ms.toFixed(0)} ms on ${text.length} chars (cap ${MAX_MS} ms): ${JSON.stringify(text.slice(0, 60))}…`);
  assert.ok(
    ms / base <= MAX_RATIO,
    `${kind}: ${(ms / base).toFixed(0)}x a plain scan (${ms.toFixed(0)} ms vs ${base.toFixed(1)} ms): ${JSON.stringify(text.slice(0, 60))}…`,
  );
  return ms / base;
}

describe('parsing is linear in the input', () => {
  it('the known quadratic cases, at 1 MB', (t) => {
    const cases: Array<[AnswerKind, string]> = [
      ['choice', 'answer' + ' '.repeat(MB)],
      ['point', '<point>1' + ' '.repeat(MB)],
      ['angle', '<answer>'.repeat(MB / 8)],
      ['distance', '<think>'.repeat(MB / 7)],
      ['choice', 'the answer is '.repeat(MB / 14) + 'C'],
      ['point', '('.repeat(MB) + '1, 2)'],
      ['angle', '1'.repeat(MB)],
      ['distance', '1,'.repeat(MB / 2)],
      ['point', 'x=1 '.repeat(MB / 4)],
      ['choice', 'A and '.repeat(MB / 6)],
    ];
    const ratios = cases.map(([kind, text]) => check(kind, text));
    t.diagnostic(`parse time / plain scan: ${ratios.map((r) => r.toFixed(1)).join(', ')} (limit ${MAX_RATIO})`);
  });

  it("adversarial strings from the readers' own tokens (property)", (t) => {
    let worst = 0;
    const tokens = fc.array(fc.constantFrom(...TOKENS), { maxLength: 6 });
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        tokens,
        fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 5 }),
        tokens,
        (kind, prefix, body, suffix) => {
          worst = Math.max(worst, check(kind, build(prefix, body, suffix, MB)));
        },
      ),
      { numRuns: 6 },
    );
    t.diagnostic(`worst parse time / plain scan: ${worst.toFixed(1)} (limit ${MAX_RATIO})`);
  });
});

// One test per diagnosis class, on constructed answers read by the real parsers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLASS_LABELS,
  decimalFromString,
  diagnose,
  diagnosisMarkdown,
  diagnosisText,
  formatPatternOf,
  type DiagnosisAnswer,
  type FileDiagnosis,
} from '../../../src/core';
import { answer, seeded } from './helpers';

const paper = { profile: 'paper' as const };
const sub = (d: FileDiagnosis, key: string) => d.subtasks.find((s) => s.subtask === key)!;
const cls = (d: FileDiagnosis, key: string, c: string) => sub(d, key).classes.find((x) => x.cls === c);
const classOf = (d: FileDiagnosis, uid: string) => d.byUid.get(uid)?.cls;

describe('diagnosis: angles', () => {
  const answers: DiagnosisAnswer[] = [
    answer('ed_s', '60', '-58', { uid: 'sign' }),
    answer('ed_s', '10', '10', { uid: 'right' }),
    answer('ed_s', '30', '-150', { uid: 'frontback' }),
    answer('ed_s', '0', '50', { uid: 'near' }),
    answer('ed_s', '0', '120', { uid: 'far' }),
    answer('ed_s', '0', '20', { uid: 'partly' }),
    answer('ed_s', '0', 'I cannot tell.', { uid: 'unparsed' }),
  ];
  const d = diagnose(answers, paper);
  it('classifies a sign flip, a front/back flip, a near miss (45°, 60°], a far answer, a partial one and an unparsed one', () => {
    assert.deepEqual(
      ['sign', 'right', 'frontback', 'near', 'far', 'partly', 'unparsed'].map((u) => classOf(d, u)),
      ['sign_flip', null, 'front_back_flip', 'near_miss', 'far', 'imprecise', 'unparsed'],
    );
  });
  it('an error of exactly 60° is a near miss, 61° is far', () => {
    const e = diagnose([answer('ed_s', '0', '60', { uid: 'a' }), answer('ed_s', '0', '61', { uid: 'b' })], paper);
    assert.deepEqual([classOf(e, 'a'), classOf(e, 'b')], ['near_miss', 'far']);
  });
  it('the sign-flip what-if flips only the flipped answers: 2 of 7 right -> 3 of 7', () => {
    const s = sub(d, 'ed_s');
    // right = 1, partly (20°) = 2/3, the rest 0; flipping "sign" adds a 1.
    assert.equal(s.score, (100 * (1 + 2 / 3)) / 7);
    assert.equal(cls(d, 'ed_s', 'sign_flip')!.whatIf!.subtask, (100 * (1 + 2 / 3 + 1)) / 7);
    assert.equal(cls(d, 'ed_s', 'sign_flip')!.share, 1 / 6);
    assert.deepEqual(d.byUid.get('sign')!.corrected, 58);
    assert.deepEqual(d.byUid.get('frontback')!.corrected, 30);
    assert.equal(cls(d, 'ed_s', 'far')!.whatIf, null, 'a far answer has no correction');
  });
  it('a truth near 0 is never a sign flip: -g is then within the tolerance of g already', () => {
    const e = diagnose([answer('ed_s', '5', '-30', { uid: 'x' })], paper);
    assert.notEqual(classOf(e, 'x'), 'sign_flip');
  });
  it('finds a consistent rotation, reports its size and corrects every answer by it', () => {
    const truths = [-120, -90, -60, -30, 60, 90, 120, 150, 100, -100];
    const rotated = truths.map((t, i) => answer('orientation', String(t), String(t - 40), { uid: `r${i}` }));
    const e = diagnose(rotated, paper);
    const s = sub(e, 'orientation');
    assert.deepEqual(s.rotation, { degrees: 40, gain: 100 - 100 / 3 });
    assert.equal(cls(e, 'orientation', 'rotation')!.count, 10);
    assert.equal(cls(e, 'orientation', 'rotation')!.whatIf!.subtask, 100);
    assert.match(diagnosisText('m', e), /rotated by -40°/);
  });
  it('a random guesser at the paper size (231 questions) shows no rotation', () => {
    const rnd = seeded(11);
    const guesses = Array.from({ length: 231 }, (_, i) =>
      answer('ed_v', String(Math.floor(rnd() * 361) - 180), String(Math.floor(rnd() * 361) - 180), { uid: `g${i}` }),
    );
    const e = diagnose(guesses, paper);
    assert.equal(sub(e, 'ed_v').rotation, undefined);
    // Some random answers land near -g: as many as chance puts there, and the report says so.
    const flips = cls(e, 'ed_v', 'sign_flip')!;
    assert.ok(flips.byChance! > 5 && flips.beyondChance === false, JSON.stringify({ count: flips.count, byChance: flips.byChance }));
    assert.match(diagnosisText('m', e), /sign flips \(\d+; \d+\.\d expected by chance, so no more than chance\)/);
  });
  it('real sign flips are far beyond chance', () => {
    const rnd = seeded(5);
    const answers = Array.from({ length: 100 }, (_, i) => {
      const g = 20 + Math.floor(rnd() * 140) * (i % 2 ? 1 : -1);
      return answer('ed_s', String(g), String(i % 3 === 0 ? -g : Math.floor(rnd() * 361) - 180), { uid: `f${i}` });
    });
    const flips = cls(diagnose(answers, paper), 'ed_s', 'sign_flip')!;
    assert.ok(
      flips.count >= 34 && flips.beyondChance === true && flips.byChance! < 15,
      JSON.stringify({ count: flips.count, byChance: flips.byChance }),
    );
  });
});

describe('diagnosis: distances', () => {
  it('unit slips of 100, 0.01, 10 and 0.1 within 10 %, corrected exactly by the power of ten', () => {
    const d = diagnose(
      [
        answer('edist_s', 3.5, '350', { uid: 'cm' }),
        answer('edist_s', 3.5, '0.036', { uid: 'hm' }),
        answer('edist_s', 2.0, '21', { uid: 'dm' }),
        answer('edist_s', 2.0, '0.19', { uid: 'x10' }),
        answer('edist_s', 2.0, '250', { uid: 'notslip' }),
      ],
      paper,
    );
    assert.deepEqual(
      ['cm', 'hm', 'dm', 'x10', 'notslip'].map((u) => classOf(d, u)),
      ['unit_slip', 'unit_slip', 'unit_slip', 'unit_slip', 'far'],
    );
    assert.deepEqual(
      ['cm', 'hm', 'dm', 'x10'].map((u) => d.byUid.get(u)!.corrected),
      [3.5, 3.6, 2.1, 1.9],
    );
    // 3.6 and 3.5: r < 0.05, all ten bands; 2.1 and 1.9 against 2.0: r = 0.05 exactly, which fails theta = 0.95 under `<`.
    assert.equal(cls(d, 'edist_s', 'unit_slip')!.whatIf!.subtask, (100 * (1 + 1 + 0.9 + 0.9 + 0)) / 5);
  });
  it('a systematic under-estimate: the median ratio, in plain words, and the what-if rescales by it', () => {
    const truths = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0];
    const d = diagnose(
      truths.map((t, i) => answer('edist_v', t, (t * 0.62).toFixed(2), { uid: `b${i}` })),
      paper,
    );
    const s = sub(d, 'edist_v');
    assert.equal(s.bias!.words, 'under-estimates by 38 %');
    assert.ok(Math.abs(s.bias!.medianRatio - 0.62) < 1e-9);
    const c = cls(d, 'edist_v', 'distance_bias')!;
    assert.equal(c.count, 10);
    assert.ok(c.whatIf!.subtask > 95 && s.score < 35, `${s.score} -> ${c.whatIf!.subtask}`);
  });
  it('no bias is claimed from fewer than five answers', () => {
    const d = diagnose(
      [1, 2, 3, 4].map((t, i) => answer('edist_v', t, String(t * 2), { uid: `f${i}` })),
      paper,
    );
    assert.equal(sub(d, 'edist_v').bias, undefined);
  });
  it('near miss: relative error in [0.5, 2/3); beyond is far', () => {
    const d = diagnose([answer('edist_s', 10, '4', { uid: 'n' }), answer('edist_s', 10, '3', { uid: 'f' })], paper);
    assert.deepEqual([classOf(d, 'n'), classOf(d, 'f')], ['near_miss', 'far']);
  });
});

describe('diagnosis: points', () => {
  const size = { width: 480, height: 360 };
  const d = diagnose(
    [
      answer('gp_s', '<point>200 700</point>', '<point>700 200</point>', { uid: 'swap' }),
      answer('gp_s', '<point>200 700</point>', '<point>200 299</point>', { uid: 'flip' }),
      // The lenient reader rescales a [0, 1] pair itself, so the engine is given the unscaled value directly.
      answer('gp_s', '<point>200 700</point>', '(0.2, 0.7)', {
        uid: 'norm',
        parsed: { kind: 'point', x: 0.2, y: 0.7, exactX: decimalFromString('0.2')!, exactY: decimalFromString('0.7')! },
      }),
      answer('gp_s', '<point>500 500</point>', '(240, 180)', { uid: 'pix', imageSize: size }),
      answer('gp_s', '<point>500 500</point>', '(1500, 300)', { uid: 'big', imageSize: size }),
      answer('gp_s', '<point>500 500</point>', '<point>500 850</point>', { uid: 'near' }),
      answer('gp_s', '<point>500 500</point>', '<point>0 0</point>', { uid: 'far' }),
      answer('gp_s', '<point>500 500</point>', 'It is 391 and then 698', { uid: 'bare' }),
    ],
    paper,
  );
  it('swapped axes, flipped y, normalised and pixel coordinates, near miss (300, 400], far, unparsed', () => {
    assert.deepEqual(
      ['swap', 'flip', 'norm', 'pix', 'big', 'near', 'far', 'bare'].map((u) => classOf(d, u)),
      ['axes_swapped', 'y_flipped', 'normalized_coordinates', 'pixel_coordinates', 'pixel_coordinates', 'near_miss', 'far', 'unparsed'],
    );
  });
  it('the corrections: (y, x), (x, 999 - y), x 999 exactly, pixels through the image size', () => {
    assert.deepEqual(d.byUid.get('swap')!.corrected, [200, 700]);
    assert.deepEqual(d.byUid.get('flip')!.corrected, [200, 700]);
    assert.deepEqual(d.byUid.get('norm')!.corrected, [199.8, 699.3]);
    assert.deepEqual(d.byUid.get('pix')!.corrected, [500.54, 500.89]);
    for (const c of ['axes_swapped', 'y_flipped', 'normalized_coordinates']) assert.equal(cls(d, 'gp_s', c)!.whatIf!.subtask, 100 / 8, c);
  });
  it('groups the unparsed point as "two numbers"', () => {
    assert.deepEqual(
      sub(d, 'gp_s').formats.map((f) => [f.pattern, f.count, f.examples[0].text]),
      [['two_numbers', 1, 'It is 391 and then 698']],
    );
  });
});

describe('diagnosis: choices', () => {
  const letters = ['A', 'B', 'C', 'D'];
  it('position bias: chi-square against the answer distribution, in plain words, and a confusion matrix', () => {
    // 40 questions, 10 per answer letter; the model answers A 30 times, and the right letter otherwise.
    const answers = Array.from({ length: 40 }, (_, i) => {
      const truth = letters[i % 4];
      const pick = i < 30 ? 'A' : truth;
      return answer('tds_easy', truth, `The answer is ${pick}.`, { uid: `c${i}` });
    });
    const d = diagnose(answers, paper);
    const s = sub(d, 'tds_easy');
    assert.equal(s.choice!.biased, true);
    assert.equal(s.choice!.favoured, 'A');
    assert.deepEqual(s.choice!.picked, [32, 2, 3, 3]);
    assert.match(s.choice!.words, /^picks A 80 % of the time \(the answer is A 25 % of the time\); χ² = \d+\.\d, df = 3, p < 0\.001$/);
    assert.deepEqual(s.choice!.confusion[1], [8, 2, 0, 0]); // truth B: picked A 8 times (i = 1, 5, ..., 29), B twice
    assert.equal(cls(d, 'tds_easy', 'position_bias')!.count, 22);
    assert.equal(cls(d, 'tds_easy', 'position_bias')!.whatIf, null);
  });
  it('no bias when the picks follow the answers, even if they are often wrong', () => {
    const rnd = seeded(3);
    const answers = Array.from({ length: 200 }, (_, i) =>
      answer('trajectory', letters[i % 4], letters[Math.floor(rnd() * 4)], { uid: `t${i}` }),
    );
    const d = diagnose(answers, paper);
    assert.equal(sub(d, 'trajectory').choice!.biased, false);
    assert.equal(cls(d, 'trajectory', 'position_bias'), undefined);
    assert.ok(cls(d, 'trajectory', 'wrong_choice')!.count > 100);
  });
});

describe('diagnosis: format failures', () => {
  it('names the pattern of an unparsed answer', () => {
    const cases: Array<[Parameters<typeof formatPatternOf>[0], string, string]> = [
      ['angle', 'I cannot tell where it is.', 'refusal'],
      ['angle', 'About forty-five degrees left.', 'number_words'],
      ['angle', 'Somewhere behind me on the left.', 'words'],
      ['point', '391 698', 'two_numbers'],
      ['point', 'x = 391', 'one_number'],
      ['choice', 'A or C', 'several_options'],
      ['angle', '<think>The object was', 'unfinished_reasoning'],
      ['distance', '<answer></answer>', 'empty'],
      ['point', 'somewhere 3-4 rooms left', 'two_numbers'],
      ['choice', '???', 'other'],
    ];
    for (const [kind, raw, pattern] of cases) assert.equal(formatPatternOf(kind, raw), pattern, raw);
  });
  it('a range instead of a value, for kinds where the parser takes a number', () => {
    assert.equal(formatPatternOf('choice', 'between 2 and 3'), 'range');
  });
  it('groups unparsed answers by pattern with at most three raw examples each', () => {
    const refusals = Array.from({ length: 5 }, (_, i) =>
      answer('ed_v', '10', `Sorry, I cannot answer (${'x'.repeat(i)})`, { uid: `u${i}` }),
    );
    const d = diagnose([...refusals, answer('ed_v', '10', 'far to the left', { uid: 'w' })], paper);
    const groups = sub(d, 'ed_v').formats;
    assert.deepEqual(
      groups.map((g) => [g.pattern, g.count, g.examples.length]),
      [
        ['refusal', 5, 3],
        ['words', 1, 1],
      ],
    );
    assert.equal(groups[0].label, 'refusals');
  });
  it('every class has a label, and the reports print them as text (model output is never markup)', () => {
    for (const label of Object.values(CLASS_LABELS)) assert.ok(label.length > 0);
    const d = diagnose([answer('ed_v', '10', '<img src=x onerror=alert()> no idea | really', { uid: 'x' })], paper);
    const md = diagnosisMarkdown('m | n', d);
    assert.match(md, /## m \\\| n/);
    assert.match(md, /"<img src=x onerror=alert\(\)> no idea \\\| really"/);
  });
});

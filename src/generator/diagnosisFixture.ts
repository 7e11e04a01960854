// The diagnosis fixture: a result file with a known number of each failure class injected, and the counts the
// diagnosis must find (results/diagnosis-fixture.expected.json). Each injection is guarded so that it falls in its
// class and in no earlier one; a question whose truth admits no clean injection is answered correctly instead.
import { POINT_SCALE_MAX, subtaskInfo, type DiagnosisClass, type FormatPattern, type SubtaskKey } from '../core';
import type { Geometry } from './questions';
import { wrapDegrees } from './mapFrame';

export const FIXTURE_NAME = 'diagnosis-fixture';

/** Subtask-wide classes (rotation, bias, position bias) are injected only with at least this many questions. */
export const FIXTURE_MIN_FOR_SUBTASK_WIDE = 20;
/** The rotation injected into Ori and the bias factor injected into EDistv. */
export const FIXTURE_ROTATION_DEG = -35;
export const FIXTURE_BIAS = 0.6;

export interface FixtureQuestion {
  uid: string;
  key: SubtaskKey;
  answer: string | number;
  geometry: Geometry;
}

export interface FixtureLine {
  uid: string;
  prediction: string;
  model: string;
  template: string;
  frames?: number[];
}

export interface FixtureExpectation {
  /** Per subtask: the count of each injected class, and of each unparsed pattern. */
  subtasks: Partial<
    Record<SubtaskKey, { classes: Partial<Record<DiagnosisClass, number>>; formats: Partial<Record<FormatPattern, number>> }>
  >;
  rotationDeg?: number;
  biasWords?: string;
}

const circ = (a: number, b: number) => Math.abs(wrapDegrees(a - b));
const UNPARSED: Record<string, { text: string; pattern: FormatPattern }> = {
  angle: { text: 'I cannot tell from the video.', pattern: 'refusal' },
  distance: { text: 'It is a few steps away from me.', pattern: 'words' },
  point: { text: 'It is 391 and then 698', pattern: 'two_numbers' },
  choice: { text: 'A or C', pattern: 'several_options' },
};

/**
 * g moved by `offset` (in (15, 165)), to whichever side is not also near -g: g + o and g - o cannot both be, for
 * that needs 2o near 0 mod 360. Offsets vary from question to question, so no one rotation explains them.
 */
function offsetFrom(g: number, offset: number): number {
  return circ(-(g + offset), g) > 15 ? wrapDegrees(g + offset) : wrapDegrees(g - offset);
}
// By the injection's round k (question j = 6k + step): alternating sides and varied sizes.
const nearMissOffset = (k: number) => (k % 2 ? 1 : -1) * (46 + ((k * 5) % 14));
const farOffset = (k: number) => (k % 2 ? 1 : -1) * (75 + ((k * 37) % 85));

type Injection = { cls: DiagnosisClass | 'correct'; text: string; pattern?: FormatPattern; unseen?: boolean };

function angleInjection(step: number, g: number): Injection {
  const ok = { cls: 'correct' as const, text: String(g) };
  switch (step % 6) {
    case 0: // -g: scores < 1 only when g and -g are more than the tolerance apart
      return circ(-g, g) > 15 ? { cls: 'sign_flip', text: String(wrapDegrees(-g)) } : ok;
    case 1: // g + 180, not also near -g
      return circ(-(g + 180), g) > 15 ? { cls: 'front_back_flip', text: String(wrapDegrees(g + 180)) } : ok;
    case 2: // 46-59° off
      return { cls: 'near_miss', text: String(offsetFrom(g, nearMissOffset(Math.floor(step / 6)))) };
    case 3: // 75-159° off
      return { cls: 'far', text: String(offsetFrom(g, farOffset(Math.floor(step / 6)))) };
    case 4:
      return ok;
    default:
      return { cls: 'unparsed', text: UNPARSED.angle.text, pattern: UNPARSED.angle.pattern };
  }
}

const metres = (v: number) => String(Math.round(v * 1000) / 1000);

function distanceInjection(step: number, g: number): Injection {
  switch (step % 6) {
    case 0:
      return { cls: 'unit_slip', text: metres(g * 100) };
    case 1:
      return { cls: 'unit_slip', text: metres(g / 10) };
    case 2: // r = 0.55
      return { cls: 'near_miss', text: metres(g * 0.45) };
    case 3: // r = 3, ratio 4: no unit
      return { cls: 'far', text: metres(g * 4) };
    case 4:
      return { cls: 'correct', text: String(g) };
    default:
      return { cls: 'unparsed', text: UNPARSED.distance.text, pattern: UNPARSED.distance.pattern };
  }
}

const pt = (x: number, y: number) => `<point>${x} ${y}</point>`;
const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * The point conventions in the diagnosis's order (pixel, swapped, flipped), each as the corrected point or null; an
 * injection is clean when exactly its own convention, and no earlier one, brings the answer within 100.
 */
function landsAs(p: [number, number], g: [number, number], geometry: Geometry): 'pixel' | 'swap' | 'flip' | null {
  const { width, height } = geometry.topdown;
  const d = dist(p, g);
  const within = (q: [number, number]) => dist(q, g) <= 100 && dist(q, g) < d;
  if (
    p[0] > POINT_SCALE_MAX ||
    p[1] > POINT_SCALE_MAX ||
    within([(p[0] / (width - 1)) * POINT_SCALE_MAX, (p[1] / (height - 1)) * POINT_SCALE_MAX])
  )
    return 'pixel';
  if (within([p[1], p[0]])) return 'swap';
  if (within([p[0], POINT_SCALE_MAX - p[1]])) return 'flip';
  return null;
}

function pointInjection(step: number, x: number, y: number, geometry: Geometry): Injection {
  const g: [number, number] = [x, y];
  const ok = { cls: 'correct' as const, text: pt(x, y) };
  const { width, height } = geometry.topdown;
  const as = (p: [number, number], want: ReturnType<typeof landsAs>, cls: DiagnosisClass, text: string): Injection =>
    dist(p, g) > 100 && landsAs(p, g, geometry) === want ? { cls, text } : ok;
  switch (step % 7) {
    case 0:
      return as([y, x], 'swap', 'axes_swapped', pt(y, x));
    case 1:
      return as([x, POINT_SCALE_MAX - y], 'flip', 'y_flipped', pt(x, POINT_SCALE_MAX - y));
    case 2:
      // A [0, 1] pair is rescaled by the default (lenient) reader itself (docs/PARSING.md), so it would be read
      // right, not fail: this class is left to the unit tests, which give the engine the unscaled value.
      return ok;
    case 3: {
      const p: [number, number] = [Math.round((x / POINT_SCALE_MAX) * (width - 1)), Math.round((y / POINT_SCALE_MAX) * (height - 1))];
      return as(p, 'pixel', 'pixel_coordinates', `(${p[0]}, ${p[1]})`);
    }
    case 4: {
      const p: [number, number] = [x, y + 350 <= POINT_SCALE_MAX ? y + 350 : y - 350];
      return as(p, null, 'near_miss', pt(p[0], p[1]));
    }
    case 5:
      return ok;
    default:
      return { cls: 'unparsed', text: UNPARSED.point.text, pattern: UNPARSED.point.pattern };
  }
}

/** The first frame in which the target is visible, and frames in which it is not (or null when it always is). */
function framesFor(geometry: Geometry): { seen: number[]; unseen: number[] | null } {
  const tf = geometry.targetFrames!;
  const seen = [tf.visible[0][0]];
  const hidden: number[] = [];
  for (let i = 0, r = 0; i < tf.frames && hidden.length < 4; i++) {
    while (r < tf.visible.length && tf.visible[r][1] <= i) r++;
    if (r === tf.visible.length || i < tf.visible[r][0]) hidden.push(i);
  }
  return { seen, unseen: hidden.length ? hidden : null };
}

/** The fixture's lines (one per question, in dataset order) and the expected diagnosis counts. */
export function diagnosisFixture(questions: readonly FixtureQuestion[]): { lines: FixtureLine[]; expected: FixtureExpectation } {
  const byKey = new Map<SubtaskKey, FixtureQuestion[]>();
  for (const q of questions) byKey.set(q.key, [...(byKey.get(q.key) ?? []), q]);
  const injections = new Map<string, Injection>();
  const expected: FixtureExpectation = { subtasks: {} };
  for (const [key, qs] of byKey) {
    const kind = subtaskInfo(key)!.kind;
    const wide = qs.length >= FIXTURE_MIN_FOR_SUBTASK_WIDE;
    qs.forEach((q, j) => {
      let inj: Injection;
      if (kind === 'angle') {
        const g = Number(q.answer);
        if (key === 'orientation' && wide) {
          // Every answer rotated; one in ten unparsed. A rotated answer that is also a flip is answered correctly.
          const p = wrapDegrees(g + FIXTURE_ROTATION_DEG);
          inj =
            j % 10 === 9
              ? { cls: 'unparsed', text: UNPARSED.angle.text, pattern: UNPARSED.angle.pattern }
              : circ(-p, g) > 15 && circ(p + 180, g) > 15
                ? { cls: 'rotation', text: String(p) }
                : { cls: 'correct', text: String(g) };
        } else inj = angleInjection(j, g);
        // Every other round's correct answer in EDv becomes a far one whose target the model never saw.
        if (key === 'ed_v' && j % 12 === 4 && q.geometry.targetFrames && framesFor(q.geometry).unseen)
          inj = { cls: 'far', text: String(offsetFrom(g, farOffset(Math.floor(j / 6) + 1))), unseen: true };
      } else if (kind === 'distance') {
        const g = Number(q.answer);
        inj =
          key === 'edist_v' && wide
            ? { cls: 'distance_bias', text: String(Math.round(g * FIXTURE_BIAS * 100) / 100) }
            : distanceInjection(j, g);
      } else if (kind === 'point') {
        const m = /<point>(\d+) (\d+)<\/point>/.exec(String(q.answer))!;
        inj = pointInjection(j, Number(m[1]), Number(m[2]), q.geometry);
      } else {
        inj = { cls: 'correct', text: String(q.answer) };
      }
      injections.set(q.uid, inj);
    });
    if (kind === 'choice') injectChoices(key, qs, injections, wide);
    const counts: Partial<Record<DiagnosisClass, number>> = {};
    const formats: Partial<Record<FormatPattern, number>> = {};
    for (const q of qs) {
      const inj = injections.get(q.uid)!;
      if (inj.cls !== 'correct') counts[inj.cls] = (counts[inj.cls] ?? 0) + 1;
      if (inj.unseen) counts.target_unseen = (counts.target_unseen ?? 0) + 1;
      if (inj.pattern) formats[inj.pattern] = (formats[inj.pattern] ?? 0) + 1;
    }
    expected.subtasks[key] = { classes: counts, formats };
    if (key === 'orientation' && wide) expected.rotationDeg = -FIXTURE_ROTATION_DEG;
    if (key === 'edist_v' && wide) expected.biasWords = `under-estimates by ${Math.round(100 * (1 - FIXTURE_BIAS))} %`;
  }
  const lines = questions.map((q): FixtureLine => {
    const inj = injections.get(q.uid)!;
    const line: FixtureLine = { uid: q.uid, prediction: inj.text, model: 'diagnosis-fixture', template: 'injected' };
    if (q.geometry.targetFrames) {
      const f = framesFor(q.geometry);
      line.frames = inj.unseen ? f.unseen! : f.seen;
    }
    return line;
  });
  return { lines, expected };
}

/**
 * TDS-E with enough questions: always "A" (a position bias), when A is at most 40 % of the answers so the bias is
 * unmistakable. Otherwise wrong picks are a rotation of the wrong-injected questions' own answers, so the picked
 * letters follow the answers' distribution exactly and no bias shows.
 */
function injectChoices(key: SubtaskKey, qs: readonly FixtureQuestion[], injections: Map<string, Injection>, wide: boolean): void {
  const truth = (q: FixtureQuestion) => String(q.answer);
  const shareA = qs.filter((q) => truth(q) === 'A').length / qs.length;
  if (key === 'tds_easy' && wide && shareA <= 0.4) {
    for (const q of qs)
      injections.set(q.uid, truth(q) === 'A' ? { cls: 'correct', text: 'A' } : { cls: 'position_bias', text: 'The answer is A.' });
    return;
  }
  const wrong = qs.filter((_, j) => j % 3 === 1);
  wrong.forEach((q, i) => {
    const pick = truth(wrong[(i + 1) % wrong.length]);
    injections.set(q.uid, pick === truth(q) ? { cls: 'correct', text: pick } : { cls: 'wrong_choice', text: `Answer: ${pick}` });
  });
  qs.forEach((q, j) => {
    if (j % 3 === 2) injections.set(q.uid, { cls: 'unparsed', text: UNPARSED.choice.text, pattern: UNPARSED.choice.pattern });
  });
}

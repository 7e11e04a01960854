// Simulated result files, in the JSONL format the core reads: one {uid, prediction, model, template} per line.
// noisy-oracle: the truth, perturbed; random: a guesser; template-b: the same perturbed answers written in
// other formats (<think>, <answer>, "degrees to the right", centimetres, (x, y)) with some unparseable ones.
import { CHOICE_LETTERS, POINT_SCALE_MAX, type AnswerKind } from '../core';
import { wrapDegrees } from './mapFrame';
import { Rng } from './random';

export interface ResultQuestion {
  uid: string;
  kind: AnswerKind;
  answer: string | number;
}

export interface ResultLine {
  uid: string;
  prediction: string;
  model: string;
  template: string;
}

/** The viewer must show this as text; tests look for it. */
export const XSS_PROBE = '<img src=x onerror=alert(1)> 45 degrees to the left <script>alert(2)</script>';

export const RESULT_FILES = ['noisy-oracle', 'random', 'template-b'] as const;
export type ResultFileName = (typeof RESULT_FILES)[number];

const clampPoint = (v: number) => Math.max(0, Math.min(POINT_SCALE_MAX, Math.round(v)));

type Value =
  | { kind: 'angle'; deg: number }
  | { kind: 'distance'; m: number }
  | { kind: 'point'; x: number; y: number }
  | { kind: 'choice'; letter: string };

function truthValue(q: ResultQuestion): Value {
  switch (q.kind) {
    case 'angle':
      return { kind: 'angle', deg: Number(q.answer) };
    case 'distance':
      return { kind: 'distance', m: Number(q.answer) };
    case 'point': {
      const m = /<point>(\d+) (\d+)<\/point>/.exec(String(q.answer))!;
      return { kind: 'point', x: Number(m[1]), y: Number(m[2]) };
    }
    case 'choice':
      return { kind: 'choice', letter: String(q.answer) };
  }
}

/** A strong model: mostly near the truth, sometimes far off. */
function oracleValue(q: ResultQuestion, rng: Rng): Value {
  const t = truthValue(q);
  switch (t.kind) {
    case 'angle':
      return { kind: 'angle', deg: rng.chance(0.8) ? Math.round(wrapDegrees(t.deg + rng.normal() * 12)) : rng.int(-180, 180) };
    case 'distance':
      return { kind: 'distance', m: Math.max(0.1, Math.round(t.m * (1 + rng.normal() * 0.12) * 10) / 10) };
    case 'point':
      return rng.chance(0.85)
        ? { kind: 'point', x: clampPoint(t.x + rng.normal() * 60), y: clampPoint(t.y + rng.normal() * 60) }
        : { kind: 'point', x: rng.int(0, 999), y: rng.int(0, 999) };
    case 'choice':
      return { kind: 'choice', letter: rng.chance(0.8) ? t.letter : rng.pick(CHOICE_LETTERS.filter((l) => l !== t.letter)) };
  }
}

function randomValue(q: ResultQuestion, rng: Rng): Value {
  switch (q.kind) {
    case 'angle':
      return { kind: 'angle', deg: rng.int(-180, 180) };
    case 'distance':
      return { kind: 'distance', m: Math.round(rng.range(0.5, 12) * 10) / 10 };
    case 'point':
      return { kind: 'point', x: rng.int(0, 999), y: rng.int(0, 999) };
    case 'choice':
      return { kind: 'choice', letter: rng.pick(CHOICE_LETTERS) };
  }
}

function plainText(v: Value): string {
  switch (v.kind) {
    case 'angle':
      return String(v.deg);
    case 'distance':
      return v.m.toFixed(1);
    case 'point':
      return `<point>${v.x} ${v.y}</point>`;
    case 'choice':
      return v.letter;
  }
}

const UNPARSEABLE: Record<AnswerKind, readonly string[]> = {
  angle: ['I cannot tell where the object is from the video.', '<think>The object was behind me somewhere.</think>I am not sure.'],
  distance: ['It is hard to estimate the distance.', '<think>Rooms look about four metres wide.</think>Unknown.'],
  point: ['The object is near the middle of the map.', '<think>Upper left room, maybe.</think><answer>upper left</answer>'],
  choice: ['None of the maps matches the video.', '<think>Options B and C look alike.</think>I cannot decide.'],
};

/** The second template's formats; the <think> blocks carry decoy numbers the parser must ignore. */
function templateBText(v: Value, rng: Rng): string {
  const style = rng.int(0, 2);
  switch (v.kind) {
    case 'angle': {
      const words = v.deg < 0 ? `${-v.deg} degrees to the right` : `${v.deg} degrees to the left`;
      if (style === 0) return `<think>First guess was 90 degrees, then I recalled the path.</think>${words}`;
      if (style === 1) return `<answer>${v.deg}</answer>`;
      return `The object is about ${words}.`;
    }
    case 'distance': {
      const cm = Math.round(v.m * 100);
      if (style === 0) return `<think>The room is about 5 meters long.</think><answer>${cm} cm</answer>`;
      if (style === 1) return `About ${cm} centimeters.`;
      return `<answer>${v.m.toFixed(1)}</answer>`;
    }
    case 'point':
      if (style === 0) return `<think>It was near (100, 100) at first glance.</think><answer>(${v.x}, ${v.y})</answer>`;
      if (style === 1) return `The location is (${v.x}, ${v.y}).`;
      return `<answer><point>${v.x} ${v.y}</point></answer>`;
    case 'choice':
      if (style === 0) return `<think>Option A has too many rooms.</think>The answer is ${v.letter}.`;
      if (style === 1) return `<answer>${v.letter}</answer>`;
      return `Answer: ${v.letter}`;
  }
}

/**
 * The three result files' lines. `lines` defaults to one per question; a larger number cycles through the
 * questions again (so uids repeat: later lines replace earlier ones when scored), a smaller one truncates.
 */
export function simulateResults(
  seed: string,
  questions: readonly ResultQuestion[],
  lines = questions.length,
): Record<ResultFileName, ResultLine[]> {
  const out: Record<ResultFileName, ResultLine[]> = { 'noisy-oracle': [], random: [], 'template-b': [] };
  if (questions.length === 0) return out;
  let probeWritten = false;
  for (let i = 0; i < lines; i++) {
    const q = questions[i % questions.length];
    const rng = new Rng(`gst-synth/${seed}/results/${i}`);
    // The strong model's value is the same under both templates: only the wording differs.
    const oracle = oracleValue(q, rng.fork('oracle'));
    out['noisy-oracle'].push({ uid: q.uid, prediction: plainText(oracle), model: 'noisy-oracle', template: 'default' });
    out.random.push({ uid: q.uid, prediction: plainText(randomValue(q, rng.fork('random'))), model: 'random', template: 'default' });
    const b = rng.fork('template-b');
    let text = b.chance(0.12) ? b.pick(UNPARSEABLE[q.kind]) : templateBText(oracle, b);
    if (!probeWritten && q.kind === 'angle') {
      text = XSS_PROBE;
      probeWritten = true;
    }
    out['template-b'].push({ uid: q.uid, prediction: text, model: 'noisy-oracle', template: 'template-b' });
  }
  return out;
}

export function toJsonl(lines: readonly ResultLine[]): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');
}

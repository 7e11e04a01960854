// An answer a person gives (a blind-baseline answer, an auditor's proposed correct answer), typed by answer kind,
// and the prediction text it is written as: exactly the format the GST-Bench prompts ask for.
import type { AnswerKind } from '../subtasks';
import { ANGLE_ANSWER_MAX_DEG, ANGLE_ANSWER_MIN_DEG, CHOICE_LETTERS, POINT_SCALE_MAX } from '../scoring/constants';
import { parsePrediction } from '../parsing/answerParser';
import { formatParsed, type ParsedValue } from '../parsing/parsedValue';

export type TypedAnswer =
  /** Whole degrees in [-180, 180]; left turns positive, as the prompts say. */
  | { kind: 'angle'; value: number }
  /** Meters, at least 0, with one decimal (the prompts ask for one). */
  | { kind: 'distance'; value: number }
  /** Whole units on the [0, 999] map scale, x right, y down. */
  | { kind: 'point'; x: number; y: number }
  /** One of the candidate letters. */
  | { kind: 'choice'; letter: string };

const KINDS: readonly AnswerKind[] = ['angle', 'distance', 'point', 'choice'];

const isWholeOnMap = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= POINT_SCALE_MAX;

/** True for a distance held exactly as tenths (1.3, not 1.35), small enough that its tenths are a safe integer. */
export function isOneDecimal(v: number): boolean {
  const tenths = Math.round(v * 10);
  return Number.isSafeInteger(tenths) && tenths / 10 === v;
}

/**
 * Why `value` is not a valid typed answer (of `kind`, when given), or null when it is. Exactly the fields of its
 * kind are allowed, so a line written back keeps nothing the format does not define.
 */
export function typedAnswerProblem(value: unknown, kind?: AnswerKind): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object with a "kind"';
  const v = value as Record<string, unknown>;
  if (!KINDS.includes(v.kind as AnswerKind)) return `"kind" must be one of ${KINDS.join(', ')}`;
  if (kind && v.kind !== kind) return `has kind ${String(v.kind)}, but the question takes ${kind}`;
  const keys = Object.keys(v);
  const want = v.kind === 'point' ? ['kind', 'x', 'y'] : v.kind === 'choice' ? ['kind', 'letter'] : ['kind', 'value'];
  const extra = keys.filter((k) => !want.includes(k));
  if (extra.length > 0) return `unknown field ${extra.map((k) => JSON.stringify(k)).join(', ')} for a ${String(v.kind)} answer`;
  switch (v.kind) {
    case 'angle':
      return Number.isInteger(v.value) && (v.value as number) >= ANGLE_ANSWER_MIN_DEG && (v.value as number) <= ANGLE_ANSWER_MAX_DEG
        ? null
        : `an angle must be whole degrees in [${ANGLE_ANSWER_MIN_DEG}, ${ANGLE_ANSWER_MAX_DEG}]`;
    case 'distance':
      return typeof v.value === 'number' && v.value >= 0 && isOneDecimal(v.value)
        ? null
        : 'a distance must be meters >= 0 with at most one decimal';
    case 'point':
      return isWholeOnMap(v.x) && isWholeOnMap(v.y) ? null : `a point needs whole x and y on [0, ${POINT_SCALE_MAX}]`;
    default:
      return CHOICE_LETTERS.includes(v.letter as string) ? null : `a choice must be one of ${CHOICE_LETTERS.join(', ')}`;
  }
}

export function isTypedAnswer(value: unknown, kind?: AnswerKind): value is TypedAnswer {
  return typedAnswerProblem(value, kind) === null;
}

/** The prediction text the prompt asks for: "-45", "3.5", "<point>391 698</point>", "C". */
export function predictionText(a: TypedAnswer): string {
  switch (a.kind) {
    case 'angle':
      return String(a.value);
    case 'distance':
      return a.value.toFixed(1);
    case 'point':
      return `<point>${a.x} ${a.y}</point>`;
    case 'choice':
      return a.letter;
  }
}

/** Short human form, the viewer's for parsed values: "-45°", "3.5 m", "(391, 698)", "C". */
export function formatTypedAnswer(a: TypedAnswer): string {
  return formatParsed(parsePrediction(a.kind, predictionText(a)).parsed);
}

/**
 * A parsed value (a truth, a model's prediction) as a typed answer, when it is one exactly: a whole angle, a
 * one-decimal distance, a whole point on the map. Null otherwise. Prefills a proposed answer with the truth.
 */
export function typedAnswerFromParsed(p: ParsedValue): TypedAnswer | null {
  const a: TypedAnswer =
    p.kind === 'point'
      ? { kind: 'point', x: p.x, y: p.y }
      : p.kind === 'choice'
        ? { kind: 'choice', letter: p.letter }
        : { kind: p.kind, value: p.value };
  return isTypedAnswer(a) ? a : null;
}

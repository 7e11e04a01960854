import type { AnswerKind } from '../subtasks';
import { decimalFromNumber, decimalFromString, decimalToNumber } from '../scoring/decimal';
import { readLenientChoice } from './lenientChoice';
import { readLenientPoint } from './lenientPoint';
import { readLenientScalar } from './lenientScalar';
import type { ParsedValue } from './parsedValue';
import { DEFAULT_READER, type Ambiguity, type ParseRule, type ReaderName, type Reading, type ReadStep } from './readers';
import { readRegion, readRegions } from './region';
import { readStrict } from './strictReader';
import { tokenize } from './tokens';

export interface ParseOutcome {
  parsed: ParsedValue | null;
  /** [start, end) of the text the value was read from, as offsets into the raw input. */
  span?: [number, number];
  /** [start, end) of the region left after removing <think> and picking <answer>. */
  region: [number, number];
  /** The reader that produced this outcome. */
  reader?: ReaderName;
  /** Where the value was found (absent when unparsed); see docs/PARSING.md for the order. */
  rule?: ParseRule;
  /** How the text became a value, when more than a plain number (units, direction words…). */
  read?: ReadStep[];
  /** Set when the reading follows a documented rule for a genuinely ambiguous answer. */
  ambiguous?: Ambiguity;
}

/** Steps 1-2 of the strict reader: text after the last </think>, then the last <answer>...</answer>. */
export function answerRegion(raw: string): [number, number] {
  return readRegion(raw, false).span;
}

/** Parses a model's raw output for an answer kind with the chosen reader (lenient by default). */
export function parsePrediction(kind: AnswerKind, raw: string, reader: ReaderName = DEFAULT_READER): ParseOutcome {
  const regions = readRegions(raw);
  const strict = readStrict(kind, raw, regions.strict);
  if (strict || reader === 'strict') return toOutcome(kind, strict, regions.strict.span, reader);
  const region = regions.lenient;
  const tokens = tokenize(raw, region.span[0], region.span[1]);
  let reading: Reading | null;
  switch (kind) {
    case 'angle':
    case 'distance':
      reading = readLenientScalar(kind, tokens);
      break;
    case 'point':
      reading = readLenientPoint(tokens);
      break;
    case 'choice':
      reading = readLenientChoice(tokens);
      break;
  }
  if (reading && reading.kind !== 'none' && region.unclosed) reading.read.push('unclosed tag');
  return toOutcome(kind, reading, region.span, reader);
}

function toOutcome(kind: AnswerKind, r: Reading | null, region: [number, number], reader: ReaderName): ParseOutcome {
  if (!r) return { parsed: null, region, reader };
  if (r.kind === 'none') return { parsed: null, region, reader, ambiguous: r.ambiguous, span: r.span };
  let parsed: ParsedValue;
  if (r.kind === 'scalar' && (kind === 'angle' || kind === 'distance')) parsed = { kind, value: decimalToNumber(r.value), exact: r.value };
  else if (r.kind === 'point' && kind === 'point')
    parsed = { kind, x: decimalToNumber(r.x), y: decimalToNumber(r.y), exactX: r.x, exactY: r.y };
  else if (r.kind === 'choice' && kind === 'choice') parsed = { kind, letter: r.letter };
  else return { parsed: null, region, reader };
  // A number too large for a double is not an answer: keep "unparsed" distinct from "wrong".
  if (
    (parsed.kind === 'point' && !(Number.isFinite(parsed.x) && Number.isFinite(parsed.y))) ||
    ((parsed.kind === 'angle' || parsed.kind === 'distance') && !Number.isFinite(parsed.value))
  ) {
    return { parsed: null, region, reader };
  }
  const out: ParseOutcome = { parsed, span: r.span, region, reader, rule: r.rule };
  if (r.read.length > 0) out.read = r.read;
  if (r.ambiguous) out.ambiguous = r.ambiguous;
  return out;
}

/**
 * Parses a ground-truth `answer` from question.json: a number or a string ("-134", 13.2,
 * "<point>391 698</point>", "C"). Stricter than predictions: a numeric answer must be exactly a number.
 */
export function parseGroundTruth(kind: AnswerKind, answer: unknown): ParsedValue | null {
  if (typeof answer === 'number') {
    if (!Number.isFinite(answer) || (kind !== 'angle' && kind !== 'distance')) return null;
    const exact = decimalFromNumber(answer);
    return { kind, value: answer, exact };
  }
  if (typeof answer !== 'string') return null;
  if (kind === 'angle' || kind === 'distance') {
    const exact = decimalFromString(answer.trim().replace(/^[\u2212\u2013]/, '-'));
    return exact ? { kind, value: decimalToNumber(exact), exact } : null;
  }
  const parsed = parsePrediction(kind, answer).parsed;
  if (parsed?.kind === 'choice' && answer.trim().replace(/[().\s]/g, '').length !== 1) return null;
  return parsed;
}

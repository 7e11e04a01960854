import type { AnswerKind } from '../subtasks';
import { decimalFromNumber, decimalFromString, decimalToNumber, shiftDown, type Decimal } from '../scoring/decimal';
import type { ParsedValue } from './parsedValue';

export interface ParseOutcome {
  parsed: ParsedValue | null;
  /** [start, end) of the text the value was read from, as offsets into the raw input. */
  span?: [number, number];
  /** [start, end) of the region left after removing <think> and picking <answer>. */
  region: [number, number];
}

// Minus signs: ASCII hyphen-minus, U+2212 minus, U+2013 en dash.
const NUMBER = String.raw`([-\u2212\u2013]?)(\d+(?:\.\d+)?|\.\d+)`;
const FIRST_NUMBER_RE = new RegExp(NUMBER);

/** Steps 1-2 of the parsing rules: text after the last </think>, then the last <answer>...</answer>. */
export function answerRegion(raw: string): [number, number] {
  let start = 0;
  let end = raw.length;
  const think = raw.lastIndexOf('</think>');
  if (think >= 0) start = think + '</think>'.length;
  const tail = raw.slice(start, end);
  const re = /<answer>([\s\S]*?)<\/answer>/gi;
  let last: RegExpExecArray | null = null;
  for (let m = re.exec(tail); m; m = re.exec(tail)) last = m;
  if (last) {
    const contentStart = start + last.index + '<answer>'.length;
    return [contentStart, contentStart + last[1].length];
  }
  return [start, end];
}

function toDecimal(sign: string, digits: string): Decimal {
  const d = decimalFromString(digits)!;
  return sign ? { int: -d.int, scale: d.scale } : d;
}

function parseAngle(text: string): { value: Decimal; span: [number, number] } | null {
  const m = FIRST_NUMBER_RE.exec(text);
  if (!m) return null;
  let value = toDecimal(m[1], m[2]);
  // Convention: left turns are positive. An unsigned number with "right" (and no "left") is negated.
  if (!m[1] && /\bright\b/i.test(text) && !/\bleft\b/i.test(text)) value = { int: -value.int, scale: value.scale };
  return { value, span: [m.index, m.index + m[0].length] };
}

const UNIT_RE = /^\s*(centimet(?:er|re)s?|cm|millimet(?:er|re)s?|mm)\b/i;

function parseDistance(text: string): { value: Decimal; span: [number, number] } | null {
  const m = FIRST_NUMBER_RE.exec(text);
  if (!m) return null;
  let value = toDecimal(m[1], m[2]);
  let end = m.index + m[0].length;
  const unit = UNIT_RE.exec(text.slice(end));
  if (unit) {
    const u = unit[1].toLowerCase();
    value = shiftDown(value, u.startsWith('c') ? 2 : 3);
    end += unit[0].length;
  }
  return { value, span: [m.index, end] };
}

const PLAIN_NUMBER = String.raw`([-\u2212\u2013]?\d+(?:\.\d+)?)`;
const POINT_TAG_RE = new RegExp(String.raw`<point>\s*${PLAIN_NUMBER}\s*[,\s]\s*${PLAIN_NUMBER}\s*</point>`, 'i');
const POINT_PAIR_RE = new RegExp(String.raw`\(\s*${PLAIN_NUMBER}\s*,\s*${PLAIN_NUMBER}\s*\)|\[\s*${PLAIN_NUMBER}\s*,\s*${PLAIN_NUMBER}\s*\]`);

function signed(s: string): Decimal {
  return decimalFromString(s.replace(/^[\u2212\u2013]/, '-'))!;
}

function parsePoint(text: string): { x: Decimal; y: Decimal; span: [number, number] } | null {
  const tag = POINT_TAG_RE.exec(text);
  if (tag) return { x: signed(tag[1]), y: signed(tag[2]), span: [tag.index, tag.index + tag[0].length] };
  const pair = POINT_PAIR_RE.exec(text);
  if (pair) {
    const x = pair[1] ?? pair[3];
    const y = pair[2] ?? pair[4];
    return { x: signed(x), y: signed(y), span: [pair.index, pair.index + pair[0].length] };
  }
  return null;
}

const CHOICE_ALONE_RE = /^\s*\(?([A-Da-d])\)?\.?\s*$/;
const CHOICE_PHRASE_RE = /(?:answer\s+is|answer\s*:|option)\s*\(?([A-D])\b\)?/i;

function parseChoice(text: string): { letter: string; span: [number, number] } | null {
  const alone = CHOICE_ALONE_RE.exec(text);
  if (alone) {
    const at = text.indexOf(alone[1]);
    return { letter: alone[1].toUpperCase(), span: [at, at + 1] };
  }
  const phrase = CHOICE_PHRASE_RE.exec(text);
  // The phrase's letter must be a capital: "the answer is a chair" is not option A.
  if (phrase && /[A-D]/.test(phrase[1])) {
    return { letter: phrase[1], span: [phrase.index, phrase.index + phrase[0].length] };
  }
  return null;
}

/** Parses a model's raw output for an answer kind, following the GST-Bench parsing rules. */
export function parsePrediction(kind: AnswerKind, raw: string): ParseOutcome {
  const region = answerRegion(raw);
  const text = raw.slice(region[0], region[1]);
  const at = (span: [number, number]): [number, number] => [span[0] + region[0], span[1] + region[0]];
  switch (kind) {
    case 'angle': {
      const r = parseAngle(text);
      return r ? { parsed: { kind, value: decimalToNumber(r.value), exact: r.value }, span: at(r.span), region } : { parsed: null, region };
    }
    case 'distance': {
      const r = parseDistance(text);
      return r ? { parsed: { kind, value: decimalToNumber(r.value), exact: r.value }, span: at(r.span), region } : { parsed: null, region };
    }
    case 'point': {
      const r = parsePoint(text);
      return r
        ? { parsed: { kind, x: decimalToNumber(r.x), y: decimalToNumber(r.y), exactX: r.x, exactY: r.y }, span: at(r.span), region }
        : { parsed: null, region };
    }
    case 'choice': {
      const r = parseChoice(text);
      return r ? { parsed: { kind, letter: r.letter }, span: at(r.span), region } : { parsed: null, region };
    }
  }
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

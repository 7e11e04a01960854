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

// Minus signs: ASCII hyphen-minus, U+2212 minus, U+2013 en dash; one joined to a word ("Room-3") is a hyphen.
const NUMBER = String.raw`((?<![\p{L}\p{N}])[-\u2212\u2013])?(\d+(?:\.\d+)?|\.\d+)`;
const FIRST_NUMBER_RE = new RegExp(NUMBER, 'u');

const ANSWER_TAG_RE = /<answer>([\s\S]*?)<\/answer>/gi;

/** Steps 1-2 of the parsing rules: text after the last </think>, then the last <answer>...</answer>. */
export function answerRegion(raw: string): [number, number] {
  let start = 0;
  const end = raw.length;
  const think = raw.lastIndexOf('</think>');
  if (think >= 0) start = think + '</think>'.length;
  if (raw.indexOf('<', start) === -1) return [start, end]; // no tag: skips the regex for most short answers
  const tail = start === 0 ? raw : raw.slice(start, end);
  const re = ANSWER_TAG_RE;
  re.lastIndex = 0;
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
  let value = toDecimal(m[1] ?? '', m[2]);
  // Convention: left turns are positive. An unsigned number with "right" (and no "left") is negated.
  if (!m[1] && /\bright\b/i.test(text) && !/\bleft\b/i.test(text)) value = { int: -value.int, scale: value.scale };
  return { value, span: [m.index, m.index + m[0].length] };
}

const UNIT_RE = /^\s*(centimet(?:er|re)s?|cms?|millimet(?:er|re)s?|mm|kilomet(?:er|re)s?|km)\b/i;

function parseDistance(text: string): { value: Decimal; span: [number, number] } | null {
  const m = FIRST_NUMBER_RE.exec(text);
  if (!m) return null;
  let value = toDecimal(m[1] ?? '', m[2]);
  let end = m.index + m[0].length;
  const unit = UNIT_RE.exec(text.slice(end));
  if (unit) {
    const u = unit[1].toLowerCase();
    value = u.startsWith('k') ? { int: value.int * 1000n, scale: value.scale } : shiftDown(value, u.startsWith('c') ? 2 : 3);
    end += unit[0].length;
  }
  return { value, span: [m.index, end] };
}

const PLAIN_NUMBER = String.raw`([-+\u2212\u2013]?\d+(?:\.\d+)?)`;
const POINT_TAG_RE = new RegExp(String.raw`<point>\s*${PLAIN_NUMBER}\s*[,\s]\s*${PLAIN_NUMBER}\s*</point>`, 'i');
const POINT_PAIR_RE = new RegExp(String.raw`\(\s*${PLAIN_NUMBER}\s*,\s*${PLAIN_NUMBER}\s*\)|\[\s*${PLAIN_NUMBER}\s*,\s*${PLAIN_NUMBER}\s*\]`);

function signed(s: string): Decimal {
  return decimalFromString(s.replace(/^[\u2212\u2013]/, '-').replace(/^\+/, ''))!;
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
// "answer is C", "Answer: C", "**Answer:** C", "answer is: (c)", "the correct option is B". A lowercase letter counts
// only in parentheses: "the answer is a chair" is not option A.
const CHOICE_ANSWER_RE = /(?:answer\s*(?:is\s*)?:?|correct\s+(?:option|choice)\s+is\s*:?)[\s*_]*(?:\(([A-Da-d])\)|([A-D])(?![\p{L}\p{N}]))/giu;
const CHOICE_OPTION_RE = /option\s*\(?([A-D])(?![\p{L}\p{N}])\)?/giu;

function parseChoice(text: string): { letter: string; span: [number, number] } | null {
  const alone = CHOICE_ALONE_RE.exec(text);
  if (alone) {
    const at = text.indexOf(alone[1]);
    return { letter: alone[1].toUpperCase(), span: [at, at + 1] };
  }
  // An explicit answer phrase wins over options mentioned while reasoning; the last one is the conclusion.
  const isCapital = (c: string) => c >= 'A' && c <= 'D'; // the regexes are case-insensitive for the keywords
  const answers = [...text.matchAll(CHOICE_ANSWER_RE)].filter((m) => m[1] !== undefined || isCapital(m[2]));
  const last = answers[answers.length - 1];
  if (last) return { letter: (last[1] ?? last[2]).toUpperCase(), span: [last.index!, last.index! + last[0].length] };
  // "Option X" alone: only when every option named is the same letter; "option A ... option B" is ambiguous.
  const options = [...text.matchAll(CHOICE_OPTION_RE)].filter((m) => isCapital(m[1]));
  if (options.length > 0 && options.every((o) => o[1] === options[0][1])) {
    const o = options[options.length - 1];
    return { letter: o[1], span: [o.index!, o.index! + o[0].length] };
  }
  return null;
}

/** Parses a model's raw output for an answer kind, following the GST-Bench parsing rules. */
export function parsePrediction(kind: AnswerKind, raw: string): ParseOutcome {
  const region = answerRegion(raw);
  const outcome = parseRegion(kind, raw, region);
  const p = outcome.parsed;
  // A number too large for a double is not an answer: keep "unparsed" distinct from "wrong".
  if (p && ((p.kind === 'point' && !(Number.isFinite(p.x) && Number.isFinite(p.y))) || ((p.kind === 'angle' || p.kind === 'distance') && !Number.isFinite(p.value)))) {
    return { parsed: null, region };
  }
  return outcome;
}

function parseRegion(kind: AnswerKind, raw: string, region: [number, number]): ParseOutcome {
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

// Groups unparsed answers by what they look like. One function, `formatPatternOf`, decides the pattern; it reads
// only the raw text and the answer kind, so it can later be pointed at the answer readers' own rules.
import { answerRegion } from '../parsing/answerParser';
import type { AnswerKind } from '../subtasks';

export type FormatPattern =
  | 'empty'
  | 'unfinished_reasoning'
  | 'refusal'
  | 'range'
  | 'two_numbers'
  | 'one_number'
  | 'several_options'
  | 'number_words'
  | 'words'
  | 'other';

export const FORMAT_PATTERN_LABELS: Record<FormatPattern, string> = {
  empty: 'empty answers',
  unfinished_reasoning: 'reasoning never finished (<think> without </think>)',
  refusal: 'refusals',
  range: 'range instead of a value',
  two_numbers: 'two numbers without a point format',
  one_number: 'one number where a point was asked',
  several_options: 'several options named',
  number_words: 'numbers written in words',
  words: 'answers in words',
  other: 'other',
};

// Single alternations of literal words: no nested quantifiers, so each test is linear in the text.
const REFUSAL_RE =
  /\b(?:cannot|can't|can not|unable|not sure|unsure|no idea|unknown|don't know|do not know|impossible|sorry|not possible|no answer|not visible|insufficient)\b/i;
const NUMBER_WORD_RE =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b/i;
const NUMBER_RE = /\d+(?:\.\d+)?/g;
const RANGE_RE = /\d\s*(?:-|–|to|or)\s*\d|between\s+\d/i;
const LETTER_RE = /(?<![\p{L}\p{N}])[A-D](?![\p{L}\p{N}])/gu;
const LETTER_CHAR = /[A-Za-z]/;

/** The pattern of an answer that the parser could not read. */
export function formatPatternOf(kind: AnswerKind, raw: string): FormatPattern {
  if (raw.includes('<think>') && !raw.includes('</think>')) return 'unfinished_reasoning';
  const [start, end] = answerRegion(raw);
  const text = raw.slice(start, end).trim();
  if (text === '') return 'empty';
  if (REFUSAL_RE.test(text)) return 'refusal';
  const numbers = text.match(NUMBER_RE)?.length ?? 0;
  if (numbers >= 2 && RANGE_RE.test(text) && kind !== 'point') return 'range';
  if (kind === 'point' && numbers === 2) return 'two_numbers';
  if (kind === 'point' && numbers === 1) return 'one_number';
  if (kind === 'choice' && new Set(text.match(LETTER_RE) ?? []).size >= 2) return 'several_options';
  if (numbers === 0 && NUMBER_WORD_RE.test(text)) return 'number_words';
  if (numbers === 0 && LETTER_CHAR.test(text)) return 'words';
  return 'other';
}

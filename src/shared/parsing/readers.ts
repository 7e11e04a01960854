// The two answer readers and the vocabulary a parse uses to say how it read a value (docs/PARSING.md).
import type { Decimal } from '../scoring/decimal';

/** `strict`: only the prompt's format (format compliance). `lenient`: what a careful human grader reads. */
export type ReaderName = 'strict' | 'lenient';
export const READERS: readonly ReaderName[] = ['strict', 'lenient'];
export const DEFAULT_READER: ReaderName = 'lenient';

export function isReaderName(v: unknown): v is ReaderName {
  return v === 'strict' || v === 'lenient';
}

/** Where the value was found. The first two are the prompt's format; the rest are the lenient reader's fallbacks. */
export type ParseRule =
  | 'exact format'
  | 'answer tag'
  | 'point tag'
  | 'final-answer phrase'
  | 'emphasised value'
  | 'leading answer'
  | 'conclusion phrase'
  | 'last value of the conclusion'
  | 'only value';

/** The rules that are the prompt's own format: a parse by any other rule is format loss. */
export const FORMAT_RULES: readonly ParseRule[] = ['exact format', 'answer tag'];

/**
 * "Read by a fallback rule": a value read by a rule other than the prompt's own format, i.e. one the strict
 * reader would not accept. The Questions view's filter and format loss both rest on this.
 */
export function isFallbackRule(rule: ParseRule | undefined): boolean {
  return rule !== undefined && !FORMAT_RULES.includes(rule);
}

/** A parse whose value came from a fallback rule (an unparsed answer was read by no rule). */
export function readByFallbackRule(parse: { parsed: unknown; rule?: ParseRule }): boolean {
  return parse.parsed !== null && isFallbackRule(parse.rule);
}

/** How the value's text was turned into a value, when more than reading a plain number. */
export type ReadStep =
  | 'direction word'
  | 'unit converted'
  | 'imperial unit converted'
  | 'compound unit'
  | 'number words'
  | 'thousands separator'
  | 'decimal comma'
  | 'normalised coordinates'
  | 'percentage coordinates'
  | 'labelled coordinates'
  | 'unclosed tag';

/** Why a reading is a rule's choice rather than plainly what the model meant. */
export type Ambiguity = 'range' | 'clock position' | 'sign and direction disagree' | 'several options' | 'bounding box' | 'several values';

/** What a reader found: the value, the span of raw text it came from, and how. */
export type Reading =
  | { kind: 'scalar'; value: Decimal; span: [number, number]; rule: ParseRule; read: ReadStep[]; ambiguous?: Ambiguity }
  | { kind: 'point'; x: Decimal; y: Decimal; span: [number, number]; rule: ParseRule; read: ReadStep[]; ambiguous?: Ambiguity }
  | { kind: 'choice'; letter: string; span: [number, number]; rule: ParseRule; read: ReadStep[]; ambiguous?: Ambiguity }
  /** Nothing read, but for a stated reason (e.g. two options given as the answer). */
  | { kind: 'none'; ambiguous: Ambiguity; span?: [number, number] };

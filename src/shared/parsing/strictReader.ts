// The strict reader: exactly the format GST-Bench's prompts ask for, nothing else. It is what "format
// compliance" means; the lenient reader tries it first, so whatever strict reads, lenient reads the same.
import type { AnswerKind } from '../subtasks';
import { decimalFromString } from '../scoring/decimal';
import type { Region } from './region';
import type { Reading } from './readers';

/** Longer than any compliant answer; such a text is not one, and the anchored patterns need not look at it. */
const MAX_STRICT_LENGTH = 64;

// Anchored, one quantifier per run of one character class: linear.
const STRICT_ANGLE_RE = /^[-\u2212\u2013]?\d+$/; // "an integer between –180° and 180°, without the '°' symbol"
const STRICT_DISTANCE_RE = /^\d+\.\d$/; // "a number rounded to one decimal place, without the 'm' suffix"
const STRICT_POINT_RE = /^<point>(\d+) +(\d+)<\/point>$/; // "in the format <point>x y</point>"
const STRICT_CHOICE_RE = /^[A-D]$/; // the option's letter

const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

export function readStrict(kind: AnswerKind, raw: string, region: Region): Reading | null {
  let [start, end] = region.span;
  if (region.unclosed) return null;
  while (start < end && isBlank(raw.charCodeAt(start))) start++;
  while (end > start && isBlank(raw.charCodeAt(end - 1))) end--;
  if (end - start > MAX_STRICT_LENGTH || end === start) return null;
  const text = raw.slice(start, end);
  const rule = region.inAnswerTag ? 'answer tag' : 'exact format';
  const span: [number, number] = [start, end];
  switch (kind) {
    case 'angle':
    case 'distance': {
      if (!(kind === 'angle' ? STRICT_ANGLE_RE : STRICT_DISTANCE_RE).test(text)) return null;
      const value = decimalFromString(text.replace(/^[\u2212\u2013]/, '-'))!;
      return { kind: 'scalar', value, span, rule, read: [] };
    }
    case 'point': {
      const m = STRICT_POINT_RE.exec(text);
      if (!m) return null;
      return { kind: 'point', x: decimalFromString(m[1])!, y: decimalFromString(m[2])!, span, rule, read: [] };
    }
    case 'choice':
      return STRICT_CHOICE_RE.test(text) ? { kind: 'choice', letter: text, span, rule, read: [] } : null;
  }
}

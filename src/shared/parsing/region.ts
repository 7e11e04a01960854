// Steps 1-2 of both readers: drop the reasoning before the last </think>, then keep the last <answer> content.
// Only lastIndexOf-style scans: linear however many tags (closed or not) the text holds.
import { lastIndexOfTag } from './tokens';

export interface Region {
  /** [start, end) of the text to read, as offsets into the raw input. */
  span: [number, number];
  /** True when the region is the content of an <answer> tag (closed, or for the lenient reader unclosed). */
  inAnswerTag: boolean;
  /** True when the <answer> tag was never closed (lenient only). */
  unclosed: boolean;
}

function isBlank(raw: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (!(c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)) return false;
  }
  return true;
}

/**
 * The regions the readers read, found in one set of scans. Both: text after the last `</think>`, then the
 * content of the last complete `<answer>…</answer>`. Lenient also: an `<answer>` never closed gives the text
 * after it, and when nothing but white space follows `</think>`, the content of the last think block is read.
 */
export function readRegions(raw: string): { strict: Region; lenient: Region } {
  let start = 0;
  const end = raw.length;
  let lenientThink: Region | undefined;
  const think = raw.indexOf('<') === -1 ? -1 : lastIndexOfTag(raw, '</think>', 0, end);
  if (think >= 0) {
    start = think + '</think>'.length;
    if (isBlank(raw, start, end)) {
      const open = lastIndexOfTag(raw, '<think>', 0, think);
      lenientThink = { span: [open >= 0 ? open + '<think>'.length : 0, think], inAnswerTag: false, unclosed: false };
    }
  }
  const whole: Region = { span: [start, end], inAnswerTag: false, unclosed: false };
  if (raw.indexOf('<', start) === -1) return { strict: whole, lenient: lenientThink ?? whole };
  const close = lastIndexOfTag(raw, '</answer>', start, end);
  const open = lastIndexOfTag(raw, '<answer>', start, close >= 0 ? close : end);
  if (open >= 0 && close >= 0) {
    const tag: Region = { span: [open + '<answer>'.length, close], inAnswerTag: true, unclosed: false };
    return { strict: tag, lenient: tag };
  }
  // No </answer> at all: the model stopped mid-tag, or forgot to close it.
  if (open >= 0) return { strict: whole, lenient: { span: [open + '<answer>'.length, end], inAnswerTag: true, unclosed: true } };
  return { strict: whole, lenient: lenientThink ?? whole };
}

export function readRegion(raw: string, lenient: boolean): Region {
  const r = readRegions(raw);
  return lenient ? r.lenient : r.strict;
}

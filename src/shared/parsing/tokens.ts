// One linear pass that turns a model's output into tokens: numbers, words, CJK characters and symbols.
// The readers only look at tokens and a bounded number of neighbours, so every reader is linear too.

export type TokenType = 'num' | 'word' | 'cjk' | 'sym';

export interface Token {
  type: TokenType;
  /** [start, end) in the raw text. */
  start: number;
  end: number;
  /**
   * Normalised text: words in lower case; numbers as digits with an optional "." fraction and a leading "-"
   * when signed; symbols as their ASCII form (full-width punctuation, U+2212 and U+2013 folded).
   */
  text: string;
  /** The word as written (case kept), for telling option "A" from the article "a". */
  orig: string;
  /** White space before the token: 0 none, 1 spaces, 2 one line break, 3 a blank line or more. */
  gap: 0 | 1 | 2 | 3;
}

/** Numbers longer than this are not answers (and would cost more than linear time to convert). */
export const MAX_NUMBER_DIGITS = 40;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isAsciiLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function isSpace(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x09 ||
    c === 0x0d ||
    c === 0x0a ||
    c === 0x0b ||
    c === 0x0c ||
    c === 0xa0 ||
    c === 0x3000 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0xfeff
  );
}

function isCjk(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xac00 && c <= 0xd7af);
}

/** Full-width forms, CJK punctuation, typographic quotes and dashes folded to the ASCII character a reader means. */
function fold(c: number): number {
  if (c < 0x80) return c;
  if (c >= 0xff01 && c <= 0xff5e) return c - 0xfee0;
  switch (c) {
    case 0x2212: // minus sign
    case 0x2013: // en dash
    case 0x2010: // hyphen
    case 0x2011: // non-breaking hyphen
      return 0x2d;
    case 0x3001: // 、
      return 0x2c;
    case 0x3002: // 。
      return 0x2e;
    case 0x2018:
    case 0x2019:
      return 0x27;
    case 0x201c:
    case 0x201d:
      return 0x22;
    case 0x00ba: // º
    case 0x02da: // ˚
      return 0xb0;
    case 0x3010: // 【
      return 0x5b;
    case 0x3011: // 】
      return 0x5d;
    default:
      return c;
  }
}

function isLetter(c: number): boolean {
  if (c < 0x80) return isAsciiLetter(c);
  if (isCjk(c) || c < 0xc0) return false;
  const ch = String.fromCharCode(c);
  return ch.toLowerCase() !== ch.toUpperCase();
}

/** True when raw[start, end) has only ASCII characters (nothing to fold). */
function isAsciiRun(raw: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (raw.charCodeAt(k) >= 0x80) return false;
  return true;
}

function foldRun(raw: string, start: number, end: number): string {
  let s = '';
  for (let k = start; k < end; k++) s += String.fromCharCode(fold(raw.charCodeAt(k)));
  return s;
}

/** Tokens of raw[start, end). Linear: each character is looked at a bounded number of times. */
export function tokenize(raw: string, start = 0, end = raw.length): Token[] {
  const out: Token[] = [];
  let gap: 0 | 1 | 2 | 3 = 0;
  let i = start;
  const code = (k: number) => (k < end ? fold(raw.charCodeAt(k)) : -1);
  while (i < end) {
    const c = code(i);
    if (isSpace(c)) {
      if (c === 0x0a) gap = gap >= 2 ? 3 : 2;
      else if (gap === 0) gap = 1;
      i++;
      continue;
    }
    const tokStart = i;
    const prev = out.length > 0 ? out[out.length - 1] : undefined;
    const glued = gap === 0 && prev !== undefined && prev.end === tokStart;
    // A minus sign joined to the digits after it, unless it follows a letter or digit ("Room-3", "2-3").
    const sign = (c === 0x2d || c === 0x2b) && isDigit(code(i + 1)) && !(glued && (prev.type === 'word' || prev.type === 'num'));
    if (isDigit(c) || sign || (c === 0x2e && isDigit(code(i + 1)) && !(glued && prev.type === 'num'))) {
      const digitsStart = sign ? i + 1 : i;
      let j = digitsStart;
      while (isDigit(code(j))) j++;
      const intEnd = j;
      if (code(j) === 0x2e && isDigit(code(j + 1))) {
        j++;
        while (isDigit(code(j))) j++;
      }
      // Sliced from the raw text unless a full-width digit or point needs folding.
      let body = raw.slice(digitsStart, j);
      if (!isAsciiRun(raw, digitsStart, j)) body = foldRun(raw, digitsStart, j);
      if (intEnd === digitsStart) body = '0' + body; // ".5"
      const text = sign && c === 0x2d ? '-' + body : body;
      out.push({ type: 'num', start: tokStart, end: j, text, orig: text, gap });
      i = j;
    } else if (isLetter(c)) {
      let j = i + 1;
      // Apostrophes inside a word belong to it: "it's", "I'd", "o'clock".
      while (j < end && (isLetter(code(j)) || (code(j) === 0x27 && isLetter(code(j + 1)) && j + 1 < end))) j++;
      const orig = isAsciiRun(raw, i, j) ? raw.slice(i, j) : foldRun(raw, i, j);
      const lower = orig.toLowerCase();
      out.push({ type: 'word', start: tokStart, end: j, text: lower === orig ? orig : lower, orig, gap });
      i = j;
    } else if (isCjk(c)) {
      const ch = raw[i];
      out.push({ type: 'cjk', start: tokStart, end: i + 1, text: ch, orig: ch, gap });
      i++;
    } else {
      // A surrogate pair (emoji and the like) is one symbol.
      const wide = c >= 0xd800 && c <= 0xdbff && i + 1 < end ? 2 : 1;
      const ch = wide === 2 ? raw.slice(i, i + 2) : String.fromCharCode(c);
      out.push({ type: 'sym', start: tokStart, end: i + wide, text: ch, orig: ch, gap });
      i += wide;
    }
    gap = 0;
  }
  return out;
}

const lowerAscii = (c: number) => (c >= 0x41 && c <= 0x5a ? c | 0x20 : c);

/**
 * Case-insensitive (ASCII) last index of `needle`, which starts with "<", in raw[from, to); -1 if absent.
 * Jumps from "<" to "<" with the native lastIndexOf: linear, and fast on text with few tags.
 */
export function lastIndexOfTag(raw: string, needle: string, from: number, to: number): number {
  const n = needle.length;
  if (to - n < from) return -1;
  for (let i = raw.lastIndexOf('<', to - n); i >= from; i = i > 0 ? raw.lastIndexOf('<', i - 1) : -1) {
    let k = 1;
    while (k < n && lowerAscii(raw.charCodeAt(i + k)) === needle.charCodeAt(k)) k++;
    if (k === n) return i;
  }
  return -1;
}

// Making input text safe to show inside a one-line message: control characters escaped, long values cut.

/**
 * How many characters of an input value a message echoes. A message must stay one readable line in a
 * terminal or the Problems panel; the value's start identifies it, and its full length is stated.
 */
export const MESSAGE_VALUE_MAX_CHARS = 80;

// C0 controls, DEL and C1 controls (a raw newline or CR would start a forged line, ESC a terminal sequence),
// the Unicode line and paragraph separators, and the bidirectional controls that can reorder a line's text.
// eslint-disable-next-line no-control-regex -- matching control characters is this regex's purpose
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Replaces each control character by a visible escape (`\n`, `\r`, `\t`, `\x1b`, `\u2028`), one pass. */
export function escapeControlChars(text: string): string {
  return text.replace(CONTROL_RE, (c) => NAMED[c] ?? escapeCode(c.charCodeAt(0)));
}

function escapeCode(code: number): string {
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text, or its first characters followed by "… (N characters)" when it is longer than `max`. */
export function excerpt(text: string, max = MESSAGE_VALUE_MAX_CHARS): string {
  if (text.length <= max) return text;
  let cut = max;
  // Never split a surrogate pair: half a character would be an invalid string.
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${text.slice(0, cut)}… (${text.length} characters)`;
}

/** A value as JSON, cut to an excerpt: for messages such as `bad answer "…"`. */
export function jsonExcerpt(value: unknown, max = MESSAGE_VALUE_MAX_CHARS): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return '(a value that cannot be shown)'; // nested too deep, or a cycle
  }
  return excerpt(json ?? String(value), max);
}

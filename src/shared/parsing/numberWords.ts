// English number words ("forty-five", "one hundred and twenty", "three and a half", "two point five").
import type { Decimal } from '../scoring/decimal';
import type { Token } from './tokens';

const UNITS = new Map<string, number>(
  [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
  ].map((w, i) => [w, i]),
);
const TENS = new Map<string, number>([
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fourty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
]);
const digitWord = (w: string | undefined) => (w !== undefined && (UNITS.get(w) ?? 10) < 10 ? UNITS.get(w)! : undefined);

export function isNumberWord(t: Token | undefined): boolean {
  return t !== undefined && t.type === 'word' && (UNITS.has(t.text) || TENS.has(t.text) || t.text === 'hundred' || t.text === 'half');
}

/**
 * Reads number words from tokens[i]: integers below 10,000, "and a half", "point" and digit words.
 * Returns the value and the index after the last token used, or null. Bounded look-ahead per word.
 */
export function readNumberWords(tokens: readonly Token[], i: number): { value: Decimal; next: number } | null {
  let total = 0;
  let current = 0;
  let j = i;
  let any = false;
  const word = (k: number) => (tokens[k]?.type === 'word' ? tokens[k].text : undefined);
  // "half a meter"
  if (word(j) === 'half' && word(j + 1) === 'a') return { value: { int: 5n, scale: 1 }, next: j + 2 };
  if (word(j) === 'a' && word(j + 1) === 'hundred') j++;
  for (;;) {
    const w = word(j);
    if (w === undefined) break;
    if (UNITS.has(w)) current += UNITS.get(w)!;
    else if (TENS.has(w)) {
      current += TENS.get(w)!;
      // "forty-five"
      const unit = tokens[j + 1]?.text === '-' ? digitWord(word(j + 2)) : undefined;
      if (unit !== undefined) {
        current += unit;
        j += 2;
      }
    } else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (w === 'and' && any && (isNumberWord(tokens[j + 1]) || word(j + 1) === 'a')) {
      if (word(j + 1) === 'a' && word(j + 2) === 'half') {
        return { value: { int: BigInt((total + current) * 10 + 5), scale: 1 }, next: j + 3 };
      }
    } else break;
    any = true;
    j++;
    if (total + current >= 10000) return null;
  }
  if (!any) return null;
  const whole = total + current;
  // "two point five": digit words after "point".
  if (word(j) === 'point' && digitWord(word(j + 1)) !== undefined) {
    let digits = '';
    let k = j + 1;
    while (digitWord(word(k)) !== undefined && digits.length < 6) digits += String(digitWord(word(k++)));
    return { value: { int: BigInt(`${whole}${digits}`), scale: digits.length }, next: k };
  }
  return { value: { int: BigInt(whole), scale: 0 }, next: j };
}

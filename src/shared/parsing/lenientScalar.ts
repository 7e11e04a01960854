// The lenient reader for angles and distances: every number of the text becomes a candidate with its unit,
// direction word, range or clock reading; then lenientSelect picks the answer among them.
import { align, decimalFromString, type Decimal } from '../scoring/decimal';
import { isNumberWord, readNumberWords } from './numberWords';
import { layoutOf, selectCandidate, type Candidate } from './lenientSelect';
import type { Ambiguity, Reading, ReadStep } from './readers';
import { MAX_NUMBER_DIGITS, type Token } from './tokens';

type ScalarKind = 'angle' | 'distance';
type Unit = 'deg' | 'm' | 'cm' | 'mm' | 'km' | 'ft' | 'in';

/** A plain decimal literal kept as text until arithmetic or the pick needs it (most candidates are never picked). */
type Lazy = Decimal | string;
const dec = (v: Lazy): Decimal => (typeof v === 'string' ? decimalFromString(v)! : v);

interface ScalarCandidate extends Candidate {
  value: Lazy;
  read: ReadStep[];
  ambiguous?: Ambiguity;
}

/** Metres per unit, as an exact decimal multiplier: value * int / 10^scale. */
const TO_METRES: Record<Exclude<Unit, 'deg'>, { int: bigint; scale: number }> = {
  m: { int: 1n, scale: 0 },
  cm: { int: 1n, scale: 2 },
  mm: { int: 1n, scale: 3 },
  km: { int: 1000n, scale: 0 },
  ft: { int: 3048n, scale: 4 }, // the international foot, 0.3048 m exactly
  in: { int: 254n, scale: 4 }, // 0.0254 m exactly
};

const WORD_UNITS = new Map<string, Unit>([
  ...['degree', 'degrees', 'deg', 'degs', 'grad'].map((w) => [w, 'deg'] as const),
  ...['m', 'meter', 'meters', 'metre', 'metres', 'mtr', 'mtrs'].map((w) => [w, 'm'] as const),
  ...['cm', 'cms', 'centimeter', 'centimeters', 'centimetre', 'centimetres'].map((w) => [w, 'cm'] as const),
  ...['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'].map((w) => [w, 'mm'] as const),
  ...['km', 'kilometer', 'kilometers', 'kilometre', 'kilometres'].map((w) => [w, 'km'] as const),
  ...['ft', 'feet', 'foot'].map((w) => [w, 'ft'] as const),
  ...['inch', 'inches'].map((w) => [w, 'in'] as const),
]);
const CJK_UNITS: ReadonlyArray<readonly [readonly string[], Unit]> = [
  [['厘', '米'], 'cm'],
  [['毫', '米'], 'mm'],
  [['公', '分'], 'cm'],
  [['公', '尺'], 'm'],
  [['公', '里'], 'km'],
  [['千', '米'], 'km'],
  [['英', '尺'], 'ft'],
  [['英', '寸'], 'in'],
  [['米'], 'm'],
  [['度'], 'deg'],
];

const SENTENCE_STOP = new Set(['.', '!', '?', ';', ',', '\n']);
const LEFT_WORDS = new Set(['left', 'counterclockwise', 'anticlockwise', 'ccw', 'leftward', 'leftwards']);
const RIGHT_WORDS = new Set(['right', 'clockwise', 'cw', 'rightward', 'rightwards']);
/** Words before a number that make it a label ("step 2", "image 3"), not a value. */
const LABEL_WORDS = new Set([
  'step',
  'image',
  'images',
  'frame',
  'frames',
  'option',
  'figure',
  'fig',
  'room',
  'video',
  'picture',
  'photo',
  'view',
  'scene',
  'clip',
  'object',
  'item',
  'question',
  'part',
  'no',
  'number',
  'page',
  'line',
  'camera',
  'position',
  'pos',
  'orient',
  'door',
  'version',
  'round',
  'attempt',
  'map',
  'point',
  'turn',
]);
/** Words after a bare number that still leave it a value ("45 to the left", "3.5 approximately"). */
const VALUE_FOLLOWERS = new Set([
  'to',
  'toward',
  'towards',
  'or',
  'and',
  'is',
  'was',
  'from',
  'relative',
  'away',
  'approximately',
  'approx',
  'roughly',
  'about',
  'exactly',
  'precisely',
  'probably',
  'likely',
  'which',
  'so',
  'as',
  'in',
  'on',
  'at',
  'off',
  'for',
  'because',
  'since',
  'with',
  'but',
  'though',
  'if',
  'then',
  'here',
  'i',
  'would',
  'seems',
  'sounds',
  'ahead',
  'behind',
]);
const SIZE_WORDS = new Set(['long', 'wide', 'tall', 'high', 'deep', 'thick', 'across', 'by', 'x', 'square', 'squared']);
const NEGATIONS = new Set(['not', "isn't", "wasn't", "aren't", 'than', 'except', 'excluding', 'instead']);

const word = (t: Token | undefined) => (t?.type === 'word' ? t.text : undefined);
const isStop = (t: Token | undefined) =>
  t === undefined || t.type === 'num' || (t.type === 'sym' && SENTENCE_STOP.has(t.text)) || t.gap >= 2;

function mul(v: Lazy, f: { int: bigint; scale: number }): Decimal {
  const d = dec(v);
  return { int: d.int * f.int, scale: d.scale + f.scale };
}
function add(a: Lazy, b: Lazy): Decimal {
  const { ints, scale } = align(dec(a), dec(b));
  return { int: ints[0] + ints[1], scale };
}
function midpoint(a: Lazy, b: Lazy): Decimal {
  const s = add(a, b);
  return { int: s.int * 5n, scale: s.scale + 1 };
}
function negate(v: Lazy): Lazy {
  if (typeof v === 'string') return v.startsWith('-') ? v.slice(1) : `-${v}`;
  return { int: -v.int, scale: v.scale };
}
const isNegative = (v: Lazy) => (typeof v === 'string' ? v.startsWith('-') && /[1-9]/.test(v) : v.int < 0n);

/** The unit at tokens[j] (on the same line), or null. */
function unitAt(tokens: readonly Token[], j: number): { unit: Unit; next: number } | null {
  const t = tokens[j];
  if (!t || t.gap >= 2) return null;
  if (t.type === 'sym' && t.text === '\u00b0') {
    // "45°C" is a temperature
    const after = tokens[j + 1];
    if (after && after.gap === 0 && after.type === 'word' && (after.text === 'c' || after.text === 'f')) return null;
    return { unit: 'deg', next: j + 1 };
  }
  if (t.type === 'word') {
    const u = WORD_UNITS.get(t.text);
    // "in" is an inch only glued to the number ("6in"); otherwise it is the preposition.
    if (u) return { unit: u, next: j + 1 };
    if (t.text === 'in' && t.gap === 0) return { unit: 'in', next: j + 1 };
    return null;
  }
  if (t.type === 'cjk') {
    for (const [seq, unit] of CJK_UNITS) {
      let k = 0;
      while (k < seq.length && tokens[j + k]?.text === seq[k]) k++;
      if (k === seq.length) return { unit, next: j + k };
    }
  }
  return null;
}

const isGlued = (tokens: readonly Token[], k: number) => tokens[k]?.gap === 0;
const isPlainInteger = (tokens: readonly Token[], k: number) =>
  tokens[k]?.type === 'num' && tokens[k].text.length <= MAX_NUMBER_DIGITS && allDigits(tokens[k].text, 0);

function allDigits(s: string, from: number): boolean {
  for (let k = from; k < s.length; k++) if (s.charCodeAt(k) < 0x30 || s.charCodeAt(k) > 0x39) return false;
  return s.length > from;
}

/** A plain number at tokens[i], with a thousands separator or a decimal comma joined; null if none. */
function numberAt(
  tokens: readonly Token[],
  i: number,
): { value: Lazy; next: number; read: ReadStep[]; signed: boolean; integer: boolean } | null {
  const t = tokens[i];
  if (!t) return null;
  if (t.type === 'num') {
    if (t.text.length > MAX_NUMBER_DIGITS) return null;
    let text = t.text;
    let next = i + 1;
    const read: ReadStep[] = [];
    const glued = (k: number) => isGlued(tokens, k);
    const plainInt = (k: number) => isPlainInteger(tokens, k);
    const digitsFrom = text.startsWith('-') ? 1 : 0;
    if (
      text.length - digitsFrom <= 3 &&
      allDigits(text, digitsFrom) &&
      tokens[next]?.text === ',' &&
      glued(next) &&
      glued(next + 1) &&
      plainInt(next + 1)
    ) {
      if (tokens[next + 1].text.length === 3) {
        // "1,200": groups of three digits after a comma are a thousands separator.
        while (
          tokens[next]?.text === ',' &&
          glued(next) &&
          glued(next + 1) &&
          plainInt(next + 1) &&
          tokens[next + 1].text.length === 3 &&
          text.length < MAX_NUMBER_DIGITS
        ) {
          text += tokens[next + 1].text;
          next += 2;
        }
        read.push('thousands separator');
      } else {
        // "3,5": a comma followed by other than three digits is a decimal comma.
        text = `${text}.${tokens[next + 1].text}`;
        next += 2;
        read.push('decimal comma');
      }
    }
    return { value: text, next, read, signed: text.startsWith('-') || t.orig.startsWith('+'), integer: !text.includes('.') };
  }
  if (isNumberWord(t) && !isNumberWord(tokens[i - 1])) {
    const w = readNumberWords(tokens, i);
    if (w) return { value: w.value, next: w.next, read: ['number words'], signed: false, integer: w.value.scale === 0 };
  }
  return null;
}

/** The direction word qualifying a number: +1 left, -1 right, within the clause after it, else before it. */
function directionNear(tokens: readonly Token[], before: number, after: number, floor: number): { dir: 1 | -1; at: number } | null {
  // A comma does not end the clause: "135°, on my right side", "在右后方，约135度".
  for (let j = after, k = 0; k < 6 && j < tokens.length; j++, k++) {
    const t = tokens[j];
    if (t.type === 'num' || t.gap >= 2 || (t.type === 'sym' && SENTENCE_STOP.has(t.text) && t.text !== ',')) break;
    const d = directionAt(tokens, j);
    if (d) return { dir: d, at: j };
  }
  // Not back into the previous value's words: in "45° to the left 2", "left" is taken.
  for (let j = before - 1, k = 0; k < 6 && j > floor && (tokens[j].text === ',' || !isStop(tokens[j])) && tokens[j + 1].gap < 2; j--, k++) {
    const d = directionAt(tokens, j);
    if (d) return { dir: d, at: -1 };
  }
  return null;
}

function directionAt(tokens: readonly Token[], j: number): 1 | -1 | 0 {
  const t = tokens[j];
  if (t.type === 'word') {
    if (t.text === 'clockwise') {
      const p = word(tokens[j - 1]) ?? word(tokens[j - 2]);
      return p === 'counter' || p === 'anti' ? 1 : -1;
    }
    if (LEFT_WORDS.has(t.text)) return 1;
    if (RIGHT_WORDS.has(t.text)) return -1;
    return 0;
  }
  if (t.type === 'cjk') {
    if (t.text === '左') return 1;
    if (t.text === '右') return -1;
    if (t.text === '逆' && tokens[j + 1]?.text === '时') return 1;
    if (t.text === '顺' && tokens[j + 1]?.text === '时') return -1;
  }
  return 0;
}

const RANGE_LINKS = new Set(['-', '~', 'to', 'or', '至', '到', '或']);

/** Every candidate value of the kind, in text order. One pass; each token is consumed by at most one candidate. */
function scalarCandidates(kind: ScalarKind, tokens: readonly Token[]): ScalarCandidate[] {
  const out: ScalarCandidate[] = [];
  let lastUsed = -1; // the last token a candidate used
  for (let i = 0; i < tokens.length; i++) {
    if (out.length > 0) lastUsed = out[out.length - 1].last;
    const a = numberAt(tokens, i);
    if (!a) continue;
    const first = i;
    let j = a.next;
    const read = a.read;
    // "0:35", "12:30": a time, not a value.
    if (tokens[j]?.text === ':' && tokens[j].gap === 0 && tokens[j + 1]?.type === 'num' && tokens[j + 1].gap === 0) {
      i = j + 1;
      continue;
    }
    if (tokens[j]?.text === '%') {
      i = j;
      continue;
    }
    // Clock positions: "at 2 o'clock" (ambiguous: 30° a clock hour, 12 o'clock ahead).
    if (
      kind === 'angle' &&
      a.integer &&
      tokens[j] &&
      (word(tokens[j]) === "o'clock" ||
        word(tokens[j]) === 'oclock' ||
        (tokens[j].text === '点' && (tokens[j + 1]?.text === '钟' || tokens[j + 1]?.text === '方')))
    ) {
      const h = Number(dec(a.value).int);
      if (h >= 1 && h <= 12) {
        const deg = ((12 - h) % 12) * 30;
        out.push({
          first,
          last: tokens[j].text === '点' ? j + 1 : j,
          tier: 4,
          value: decimalFromString(String(deg > 180 ? deg - 360 : deg))!,
          read,
          ambiguous: 'clock position',
        });
        i = tokens[j].text === '点' ? j + 1 : j;
        continue;
      }
    }
    let unitA = unitAt(tokens, j);
    if (unitA) j = unitA.next;
    // A range or alternatives: "2-3 m", "30 to 40 degrees", "between 2 and 3 meters", "30 or 45°".
    let b: ReturnType<typeof numberAt> = null;
    let link: string | undefined;
    let signedAsDash = false;
    const between = word(tokens[first - 1]) === 'between' || word(tokens[first - 2]) === 'between';
    if (tokens[j] && tokens[j].gap < 2 && (RANGE_LINKS.has(tokens[j].text) || (between && tokens[j].text === 'and'))) {
      b = numberAt(tokens, j + 1);
      if (b) link = tokens[j].text;
    } else if (tokens[j]?.type === 'num' && tokens[j].gap === 1 && tokens[j].text.startsWith('-') && !unitA) {
      // "2 -3 m": the dash was read as a sign.
      b = numberAt(tokens, j);
      if (b) link = '-';
      signedAsDash = true;
    }
    let value = a.value;
    let unitB: ReturnType<typeof unitAt> = null;
    if (b) {
      unitB = unitAt(tokens, b.next);
      j = unitB ? unitB.next : b.next;
    }
    const unit = unitA?.unit ?? unitB?.unit;
    if (unit !== undefined && (unit === 'deg') !== (kind === 'angle')) {
      i = j - 1;
      continue; // "2 meters" for an angle, "45°" for a distance
    }
    let ambiguous: Ambiguity | undefined;
    let last = j - 1;
    // Compound lengths: "3 m 20 cm", "3米20厘米", "5 ft 6 in", "5'6\"".
    if (kind === 'distance' && !b) {
      if (unit && word(tokens[j]) === 'and' && tokens[j + 1]?.type === 'num') j++; // "1 m and 50 cm"
      const small = numberAt(tokens, j);
      const smallUnit =
        small && tokens[j].gap < 2
          ? unit === 'ft' && word(tokens[small.next]) === 'in'
            ? { unit: 'in' as Unit, next: small.next + 1 }
            : unitAt(tokens, small.next)
          : null;
      const inch = small && tokens[small.next]?.text === '"' ? { unit: 'in' as Unit, next: small.next + 1 } : null;
      if (unit === 'm' && small && smallUnit && (smallUnit.unit === 'cm' || smallUnit.unit === 'mm')) {
        value = add(value, mul(small.value, TO_METRES[smallUnit.unit]));
        read.push('compound unit');
        last = smallUnit.next - 1;
        unitA = { unit: 'm', next: smallUnit.next };
      } else if (unit === 'ft' && small && (smallUnit?.unit === 'in' || inch)) {
        const feet = mul(value, TO_METRES.ft);
        value = add(feet, mul(small.value, TO_METRES.in));
        read.push('compound unit', 'imperial unit converted');
        last = (smallUnit ?? inch)!.next - 1;
        i = last;
        out.push({ first, last, tier: 3, value, read });
        continue;
      } else if (!unit && tokens[j]?.text === "'" && tokens[j].gap === 0 && feetInches(tokens, j + 1)) {
        const inches = feetInches(tokens, j + 1)!;
        value = add(mul(value, TO_METRES.ft), mul(inches.value, TO_METRES.in));
        read.push('compound unit', 'imperial unit converted');
        last = inches.next - 1;
        i = last;
        out.push({ first, last, tier: 3, value, read });
        continue;
      }
    }
    if (b) {
      const va = inUnit(a.value, unitA?.unit ?? unitB?.unit);
      const vb = inUnit(signedAsDash ? negate(b.value) : b.value, unitB?.unit ?? unitA?.unit);
      // The prompt's own range ("between -180 and 180", "the valid range is -180° to 180°") is not an answer.
      const promptRange = kind === 'angle' && isNegative(va) !== isNegative(vb) && absEquals(dec(va), 180) && absEquals(dec(vb), 180);
      let ranged = false;
      for (let k = Math.max(0, first - 6); k < first; k++) if (word(tokens[k]) === 'range') ranged = true;
      if (promptRange || ranged) {
        i = j - 1;
        continue;
      }
      value = link === 'or' || link === '或' ? va : midpoint(va, vb);
      ambiguous = link === 'or' || link === '或' ? 'several values' : 'range';
    } else if (unit && unit !== 'deg' && unit !== 'm') {
      value = mul(value, TO_METRES[unit]);
      read.push(unit === 'ft' || unit === 'in' ? 'imperial unit converted' : 'unit converted');
    }
    // The prompt asks for metres: a metric value outranks an imperial one given beside it. A size ("6 m long",
    // "0.9 m wide", "4 m by 5 m") describes something else than the distance asked for.
    let tier = unit ? (unit === 'ft' || unit === 'in' ? 3 : 4) : 2;
    if (kind === 'distance' && unit && SIZE_WORDS.has(word(tokens[j]) ?? '')) tier = 1;
    if (kind === 'angle') {
      const d = directionNear(tokens, first, j, lastUsed);
      if (d) {
        tier = 4;
        if (d.at >= 0) last = Math.max(last, d.at);
        const signedNeg = isNegative(value);
        if (!a.signed) {
          if (d.dir < 0) value = negate(value);
          read.push('direction word');
        } else if (d.dir < 0 === signedNeg) read.push('direction word');
        else ambiguous ??= 'sign and direction disagree';
      }
    }
    if (tier === 2 && !b) tier = bareTier(tokens, first, a.next);
    if (a.read[0] === 'number words' && !unit && tier < 3) {
      i = a.next - 1; // "the one on the left": number words count only with a unit or a direction
      continue;
    }
    if (tier > 0 && !isNegated(tokens, first) && !isReference(tokens, first, j)) out.push({ first, last, tier, value, read, ambiguous });
    i = Math.max(last, j - 1);
  }
  return out;
}

/** The inches of 5'6": a number glued to a closing double quote. */
function feetInches(tokens: readonly Token[], j: number): { value: Lazy; next: number } | null {
  const n = numberAt(tokens, j);
  return n && tokens[j].gap === 0 && tokens[n.next]?.text === '"' && tokens[n.next].gap === 0 ? { value: n.value, next: n.next + 1 } : null;
}

function inUnit(v: Lazy, u: Unit | undefined): Lazy {
  return u && u !== 'deg' ? mul(v, TO_METRES[u]) : v;
}

function absEquals(d: Decimal, n: number): boolean {
  const { ints } = align(d, { int: BigInt(n), scale: 0 });
  return ints[0] === ints[1] || ints[0] === -ints[1];
}

/** Tier of a number without unit or direction: 2 a value, 1 a label, count or list marker. */
function bareTier(tokens: readonly Token[], first: number, next: number): number {
  const prev = tokens[first - 1];
  if (prev && (LABEL_WORDS.has(word(prev) ?? '') || prev.text === '#') && prev.gap < 2) return 1;
  const after = tokens[next];
  // A list marker: "1. The chair…" at the start of a line.
  const t = tokens[first];
  if (
    (first === 0 || t.gap >= 2) &&
    after &&
    (after.text === '.' || after.text === ')') &&
    after.gap === 0 &&
    tokens[next + 1]?.gap === 1 &&
    /^\d{1,2}$/.test(t.text)
  )
    return 1;
  if (
    after &&
    after.type === 'word' &&
    after.gap <= 1 &&
    !VALUE_FOLLOWERS.has(after.text) &&
    !LEFT_WORDS.has(after.text) &&
    !RIGHT_WORDS.has(after.text)
  )
    return 1;
  if (after?.type === 'cjk' && after.gap === 0 && !'左右度米'.includes(after.text)) return 1;
  return 2;
}

/** "± 10°", "+/- 0.5 m", "give or take 0.5 m", "plus or minus 10": an error margin, not a value. */
function isTolerance(tokens: readonly Token[], first: number): boolean {
  const p = tokens[first - 1]?.text;
  if (p === '\u00b1' || (p === '-' && tokens[first - 2]?.text === '/' && tokens[first - 3]?.text === '+')) return true;
  const w = word(tokens[first - 1]);
  return (
    (w === 'take' && word(tokens[first - 3]) === 'give') ||
    (w === 'minus' && word(tokens[first - 3]) === 'plus') ||
    w === 'margin' ||
    w === 'error' ||
    w === 'tolerance' ||
    w === 'uncertainty'
  );
}

function isNegated(tokens: readonly Token[], first: number): boolean {
  if (isTolerance(tokens, first)) return true;
  for (let k = first - 1; k >= Math.max(0, first - 2); k--) {
    const w = word(tokens[k]);
    if (w && NEGATIONS.has(w)) return true;
    if (tokens[k].text === '不' || (tokens[k].text === '是' && tokens[k - 1]?.text === '不')) return true;
  }
  return false;
}

/** "taking my view as 0°", "0° as the reference": a frame of reference, not an answer. */
function isReference(tokens: readonly Token[], first: number, after: number): boolean {
  if (
    word(tokens[first - 1]) === 'as' ||
    (word(tokens[first - 2]) === 'as' && tokens[first - 1]?.type === 'word' && word(tokens[first - 1]) !== 'about')
  )
    return true;
  return (
    word(tokens[after]) === 'as' &&
    (word(tokens[after + 1]) === 'reference' || word(tokens[after + 2]) === 'reference' || word(tokens[after + 1]) === 'the')
  );
}

export function readLenientScalar(kind: ScalarKind, tokens: Token[]): Reading | null {
  const cands = scalarCandidates(kind, tokens);
  if (cands.length === 0) return null;
  const pick = selectCandidate(layoutOf(tokens), cands);
  if (!pick) return null;
  const c = pick.cand;
  return {
    kind: 'scalar',
    value: dec(c.value),
    span: [tokens[c.first].start, tokens[c.last].end],
    rule: pick.rule,
    read: c.read,
    ambiguous: c.ambiguous,
  };
}

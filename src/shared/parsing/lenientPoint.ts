// The lenient reader for points on the [0, 999] map: <point> tags (closed or not, Molmo's x="" y=""
// attributes), labelled x/y, bracketed pairs, bare pairs and bounding boxes; then lenientSelect picks one.
import { POINT_SCALE_MAX } from '../scoring/constants';
import { decimalFromString, type Decimal } from '../scoring/decimal';
import { layoutOf, selectCandidate, type Candidate } from './lenientSelect';
import type { Ambiguity, Reading, ReadStep } from './readers';
import { MAX_NUMBER_DIGITS, type Token } from './tokens';

interface PointCandidate extends Candidate {
  x: Decimal;
  y: Decimal;
  read: ReadStep[];
  ambiguous?: Ambiguity;
  tag: boolean;
}

/** How far (in tokens) a tag's or a label's numbers may be spread. */
const MAX_TAG_TOKENS = 24;
const OPEN = new Set(['(', '[', '{']);
/** "My position is (590, 330)", "located at (720, 640)": the point stated as the answer. */
const POINT_CUES = new Set(['position', 'location', 'coordinates', 'located', 'point', 'am', "i'm"]);
const LABEL_LINKS = new Set(['"', "'", ':', '=', '-', 'coordinate', 'coord', 'is', '*', '坐', '标', '\u2248']);
const CLOSE = new Set([')', ']', '}']);

const word = (t: Token | undefined) => (t?.type === 'word' ? t.text : undefined);
const num = (t: Token | undefined): Decimal | null =>
  t?.type === 'num' && t.text.length <= MAX_NUMBER_DIGITS ? decimalFromString(t.text)! : null;

function scaled(d: Decimal, f: Decimal): Decimal {
  return { int: d.int * f.int, scale: d.scale + f.scale };
}
const NORMALISED_TO_MAP: Decimal = { int: BigInt(POINT_SCALE_MAX), scale: 0 };
const PERCENT_TO_MAP: Decimal = { int: BigInt(POINT_SCALE_MAX), scale: 2 };

const inUnitInterval = (d: Decimal) => d.int >= 0n && d.int <= 10n ** BigInt(d.scale);

/** [0, 1] coordinates with a decimal point ("(0.51, 0.3)") are normalised: scaled to the map. */
function normalise(x: Decimal, y: Decimal, read: ReadStep[], percent: boolean): [Decimal, Decimal] {
  if (percent) {
    read.push('percentage coordinates');
    return [scaled(x, PERCENT_TO_MAP), scaled(y, PERCENT_TO_MAP)];
  }
  if (inUnitInterval(x) && inUnitInterval(y) && (x.scale > 0 || y.scale > 0)) {
    read.push('normalised coordinates');
    return [scaled(x, NORMALISED_TO_MAP), scaled(y, NORMALISED_TO_MAP)];
  }
  return [x, y];
}

/** The number after a label "x", "x:", "x =", "\"x\":", "x-coordinate:" at tokens[i]; null if tokens[i] is not one. */
function labelled(tokens: readonly Token[], i: number, axis: 'x' | 'y'): { value: Decimal; at: number; percent: boolean } | null {
  if (word(tokens[i]) !== axis) return null;
  if (tokens[i - 1]?.type === 'word' && tokens[i].gap === 0) return null;
  let j = i + 1;
  // "x1=…" (Molmo's numbered points): the digit is an index.
  if (tokens[j]?.type === 'num' && tokens[j].gap === 0 && tokens[j + 1]?.text === '=') j++;
  for (let k = 0; k < 5 && j < tokens.length && tokens[j].type !== 'num'; k++, j++) {
    if (!LABEL_LINKS.has(tokens[j].text)) return null;
  }
  const v = num(tokens[j]);
  return v ? { value: v, at: j, percent: tokens[j + 1]?.text === '%' } : null;
}

/** Numbers in tokens[from, to) up to `max`; null when anything but separators and labels lies between. */
function numbersIn(tokens: readonly Token[], from: number, to: number, max: number): Array<{ value: Decimal; at: number }> | null {
  const out: Array<{ value: Decimal; at: number }> = [];
  for (let j = from; j < to; j++) {
    const t = tokens[j];
    if (t.type === 'num') {
      const v = num(t);
      if (!v || out.length === max) return null;
      out.push({ value: v, at: j });
    } else if (!(
      t.text === ',' ||
      t.text === 'x' ||
      t.text === 'y' ||
      t.text === '=' ||
      t.text === ':' ||
      t.text === '(' ||
      t.text === ')' ||
      t.text === '[' ||
      t.text === ']' ||
      t.text === '"' ||
      t.text === '%'
    ))
      return null;
  }
  return out;
}

function pointCandidates(tokens: readonly Token[]): PointCandidate[] {
  const out: PointCandidate[] = [];
  const push = (first: number, last: number, tier: number, nums: Decimal[], read: ReadStep[], tag: boolean, percent = false) => {
    let ambiguous: Ambiguity | undefined;
    let [x, y] = nums;
    if (nums.length === 4) {
      // A bounding box [x1, y1, x2, y2]: its centre, flagged.
      x = half(nums[0], nums[2]);
      y = half(nums[1], nums[3]);
      ambiguous = 'bounding box';
    }
    [x, y] = normalise(x, y, read, percent);
    out.push({ first, last, tier, x, y, read, ambiguous, tag });
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // <point>…</point>, <point x="51.2" y="30.0" …>, and a <point> never closed.
    if (t.text === '<' && word(tokens[i + 1]) === 'point' && tokens[i + 1].gap === 0) {
      let j = i + 2;
      let gt = -1;
      let ax: ReturnType<typeof labelled> = null;
      let ay: ReturnType<typeof labelled> = null;
      for (let k = 0; k < MAX_TAG_TOKENS && j < tokens.length; k++, j++) {
        if (tokens[j].text === '>') {
          gt = j;
          break;
        }
        ax ??= labelled(tokens, j, 'x');
        ay ??= labelled(tokens, j, 'y');
      }
      if (ax && ay) {
        // Molmo's attributes are percentages of the image.
        push(i, gt >= 0 ? gt : Math.max(ax.at, ay.at), 4, [ax.value, ay.value], [], true, true);
        i = gt >= 0 ? gt : Math.max(ax.at, ay.at);
        continue;
      }
      if (gt < 0) continue;
      let end = gt + 1;
      while (end < tokens.length && end - gt < MAX_TAG_TOKENS && tokens[end].text !== '<' && tokens[end].gap < 2) end++;
      const closed = tokens[end]?.text === '<' && tokens[end + 1]?.text === '/' && word(tokens[end + 2]) === 'point';
      const nums = numbersIn(tokens, gt + 1, end, 4);
      if (nums && (nums.length === 2 || nums.length === 4)) {
        const read: ReadStep[] = closed ? [] : ['unclosed tag'];
        const lx = labelled(tokens, nums[0].at - 2, 'y') ?? labelled(tokens, nums[0].at - 1, 'y');
        // "<point>y=250 x=400</point>": labelled in the other order.
        const ordered = nums.length === 2 && lx ? [nums[1].value, nums[0].value] : nums.map((n) => n.value);
        if (nums.length === 2 && (labelled(tokens, nums[0].at - 1, 'x') || labelled(tokens, nums[0].at - 2, 'x') || lx))
          read.push('labelled coordinates');
        const percent = tokens[nums[0].at + 1]?.text === '%';
        const last = closed ? end + 3 : nums[nums.length - 1].at;
        push(i, Math.min(last, tokens.length - 1), 4, ordered, read, true, percent);
        i = last;
      }
      continue;
    }
    // x=512, y=300 / {"x": 512, "y": 300} / y: 300, x: 512.
    const lxv = labelled(tokens, i, 'x') ?? labelled(tokens, i, 'y');
    if (lxv) {
      const axis = word(tokens[i]) === 'x' || tokens[i].text.startsWith('x') ? 'x' : 'y';
      const other = axis === 'x' ? 'y' : 'x';
      // The other label may be on the next line ("x = 255\ny = 590"), not after a blank line.
      for (let j = lxv.at + 1, k = 0; k < 8 && j < tokens.length && tokens[j].gap < 3; j++, k++) {
        const ov = labelled(tokens, j, other);
        if (ov) {
          const [x, y] = axis === 'x' ? [lxv.value, ov.value] : [ov.value, lxv.value];
          let last = ov.at;
          if (CLOSE.has(tokens[last + 1]?.text ?? '')) last++;
          const first = OPEN.has(tokens[i - 1]?.text ?? '') || tokens[i - 1]?.text === '"' ? i - 1 : i;
          push(first, last, 3, [x, y], ['labelled coordinates'], false, lxv.percent && ov.percent);
          i = last;
          break;
        }
      }
      continue;
    }
    // (400, 250), [400, 250], (400 250), （400，250）, [x1, y1, x2, y2].
    if (OPEN.has(t.text) && tokens[i + 1]?.type === 'num') {
      let j = i + 1;
      while (j < tokens.length && j - i < 12 && !CLOSE.has(tokens[j].text) && tokens[j].gap < 2) j++;
      const nums = CLOSE.has(tokens[j]?.text ?? '') ? numbersIn(tokens, i + 1, j, 4) : null;
      if (nums && (nums.length === 2 || nums.length === 4) && !isPromptRange(tokens, i, nums)) {
        push(
          i,
          j,
          3,
          nums.map((n) => n.value),
          [],
          false,
          tokens[nums[0].at + 1]?.text === '%',
        );
        i = j;
      }
      continue;
    }
    // Bare pairs: "512, 300", "512 300", "point: 400 250".
    if (t.type === 'num' && tokens[i - 1]?.type !== 'num' && !(tokens[i - 1]?.text === ',' && tokens[i - 2]?.type === 'num')) {
      const comma = tokens[i + 1]?.text === ',';
      const second = tokens[comma ? i + 2 : i + 1];
      if (second?.type === 'num' && second.gap < 2 && (comma || second.gap === 1)) {
        const k = comma ? i + 2 : i + 1;
        const after = tokens[k + 1];
        const more = after?.type === 'num' || (after?.text === ',' && tokens[k + 2]?.type === 'num');
        const unitAfter = after?.type === 'word' && after.gap === 0;
        const x = num(t);
        const y = num(second);
        if (!more && !unitAfter && x && y && !isPromptRange(tokens, i, [{ value: x }, { value: y }])) {
          push(i, k, 2, [x, y], [], false);
          i = k;
        }
      }
    }
  }
  return out;
}

function half(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  const ai = a.int * 10n ** BigInt(scale - a.scale);
  const bi = b.int * 10n ** BigInt(scale - b.scale);
  return { int: (ai + bi) * 5n, scale: scale + 1 };
}

/** "[0, 999]" or "range 0 to 999" echoed from the prompt: the scale, not a point. */
function isPromptRange(tokens: readonly Token[], i: number, nums: ReadonlyArray<{ value: Decimal }>): boolean {
  for (let k = Math.max(0, i - 4); k < i; k++) if (word(tokens[k]) === 'range') return true;
  return (
    nums.length === 2 &&
    nums[0].value.int === 0n &&
    nums[1].value.scale === 0 &&
    (nums[1].value.int === 999n || nums[1].value.int === 1000n)
  );
}

export function readLenientPoint(tokens: Token[]): Reading | null {
  const cands = pointCandidates(tokens);
  if (cands.length === 0) return null;
  const pick = selectCandidate(layoutOf(tokens, POINT_CUES), cands);
  if (!pick) return null;
  const c = pick.cand;
  const rule = c.tag && (pick.rule === 'only value' || pick.rule === 'last value of the conclusion') ? 'point tag' : pick.rule;
  return { kind: 'point', x: c.x, y: c.y, span: [tokens[c.first].start, tokens[c.last].end], rule, read: c.read, ambiguous: c.ambiguous };
}

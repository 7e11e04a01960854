// The lenient reader for multiple choice: every mention of a letter A-D that is an option (not the article
// "A", not a negated or rejected option) becomes a candidate; then lenientSelect picks one.
import { CHOICE_LETTERS } from '../scoring/constants';
import { layoutOf, selectCandidate, type Candidate } from './lenientSelect';
import type { Ambiguity, Reading } from './readers';
import type { Token } from './tokens';

interface ChoiceCandidate extends Candidate {
  letter: string;
  ambiguous?: Ambiguity;
}

const OPEN = new Set(['(', '[', '{', '"', "'"]);
const CLOSE = new Set([')', ']', '}', '"', "'"]);
const DECOR = new Set(['*', '_', '`', '#', '~']);
/** Words that name an option before its letter: "option B", "image C", "选项D". */
const MARKERS = new Set([
  'option',
  'options',
  'choice',
  'image',
  'map',
  'picture',
  'trajectory',
  'candidate',
  'letter',
  'answer',
  'is',
  'be',
  'pick',
  'choose',
  'select',
  'with',
  '选',
  '项',
  '择',
  '是',
  '为',
  '图',
]);
/** Verbs after a capital "A" that make it option A rather than the article ("A matches", "A is"). */
const LETTER_VERBS = new Set([
  'is',
  'was',
  'matches',
  'match',
  'shows',
  'show',
  'looks',
  'seems',
  'fits',
  'best',
  'appears',
  'corresponds',
  'has',
  'would',
  'should',
  'most',
  'because',
  'since',
  'and',
  'or',
  'as',
  'also',
  'instead',
  'clearly',
  'again',
  'too',
]);
const NEGATED_BEFORE = new Set([
  'not',
  "isn't",
  "wasn't",
  "aren't",
  "can't",
  'except',
  'than',
  'excluding',
  'exclude',
  'eliminate',
  'eliminating',
  'eliminated',
  'rule',
  'ruled',
  'ruling',
  'instead',
  'unlike',
  'besides',
  'nor',
  'neither',
]);
const REJECTED_AFTER = new Set([
  'wrong',
  'incorrect',
  'not',
  "isn't",
  'unlikely',
  'ruled',
  'eliminated',
  "can't",
  'cannot',
  "doesn't",
  "don't",
  'fails',
  'lacks',
  'lacking',
  'missing',
  'too',
  'no',
  'differs',
  'does',
  'shows',
  'has',
]);
/** "B is the closest": a letter followed by one of these (after "is the") is stated as the answer. */
const VERDICT_WORDS = new Set([
  'closest',
  'best',
  'correct',
  'right',
  'answer',
  'likeliest',
  'match',
  'only',
  'most',
  'one',
  'winner',
  'choice',
]);

const OPTION_LINKS = new Set(['and', 'or', '/', '&', '或', '和']);
const VERDICT_VERBS = new Set(['is', 'seems', 'looks', 'appears', 'would']);

const word = (t: Token | undefined) => (t?.type === 'word' ? t.text : undefined);

function letterOf(t: Token | undefined): string | undefined {
  if (!t || t.type !== 'word' || t.text.length !== 1) return undefined;
  const up = t.orig.toUpperCase();
  return CHOICE_LETTERS.includes(up) ? up : undefined;
}

/** The first index before `i` that is not markdown decoration. */
function prevIndex(tokens: readonly Token[], i: number): number {
  let j = i - 1;
  while (j >= 0 && DECOR.has(tokens[j].text)) j--;
  return j;
}
function nextIndex(tokens: readonly Token[], i: number): number {
  let j = i + 1;
  while (j < tokens.length && DECOR.has(tokens[j].text)) j++;
  return j;
}

/** Whether tokens[i], a letter, is an option mention; and how strong (0 none, 2 a capital letter, 3 marked). */
function mentionTier(tokens: readonly Token[], i: number): number {
  const t = tokens[i];
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  // Glued to a number or word: "3D", "A4"
  if (
    prev &&
    t.gap === 0 &&
    (prev.type === 'num' || prev.type === 'word' || prev.text === '\u00b0' || prev.text === '-' || prev.text === "'")
  )
    return 0;
  if (
    next &&
    next.gap === 0 &&
    (next.type === 'num' || next.text === "'" || (next.text === '-' && tokens[i + 2]?.type === 'word' && tokens[i + 2].gap === 0))
  )
    return 0;
  const p = prevIndex(tokens, i);
  const n = nextIndex(tokens, i);
  const bracketed = p >= 0 && OPEN.has(tokens[p].text) && n < tokens.length && CLOSE.has(tokens[n].text);
  const marked = p >= 0 && MARKERS.has(tokens[p].text);
  const capital = t.orig !== t.text;
  const nextTok = tokens[n];
  const standalone = !nextTok || nextTok.gap >= 2 || (nextTok.type === 'sym' && nextTok.text !== "'");
  if (bracketed || (marked && (capital || standalone))) return 3;
  if (!capital) return standalone && (p < 0 || tokens[p].type === 'sym' || tokens[i].gap >= 2) ? 2 : 0;
  if (
    t.orig === 'A' &&
    nextTok &&
    (nextTok.type === 'word' || nextTok.type === 'num') &&
    nextTok.gap <= 1 &&
    !LETTER_VERBS.has(nextTok.text)
  )
    return 0; // the article
  return 2;
}

function isRejected(tokens: readonly Token[], first: number, last: number): boolean {
  for (let k = first - 1; k >= Math.max(0, first - 3); k--) {
    const w = tokens[k].text;
    if (NEGATED_BEFORE.has(w) || (w === '是' && tokens[k - 1]?.text === '不') || w === '排' || w === '除') return true;
    if (tokens[k].type === 'sym' && (w === '.' || w === ',' || w === ';')) break;
  }
  let j = nextIndex(tokens, last);
  if (tokens[j]?.text === ':' || tokens[j]?.text === '-') j = nextIndex(tokens, j); // "Option A: wrong"
  if (word(tokens[j]) === 'is' || word(tokens[j]) === 'are' || word(tokens[j]) === 'seems' || word(tokens[j]) === 'looks') j++;
  if (word(tokens[j]) === 'also' || word(tokens[j]) === 'clearly' || word(tokens[j]) === 'definitely') j++;
  const w = word(tokens[j]);
  if (w === 'shows' || w === 'has' || w === 'does')
    return word(tokens[j + 1]) === 'not' || word(tokens[j + 1]) === 'no' || word(tokens[j + 1]) === 'too';
  return w !== undefined && REJECTED_AFTER.has(w);
}

function isVerdict(tokens: readonly Token[], last: number): boolean {
  let j = nextIndex(tokens, last);
  if (tokens[j]?.text === ')' || tokens[j]?.text === ']') j = nextIndex(tokens, j);
  // "Option D: correct", "D - the best match"
  if ((tokens[j]?.text === ':' || tokens[j]?.text === '-') && tokens[nextIndex(tokens, j)]?.gap !== 3) {
    const k = nextIndex(tokens, j);
    if (VERDICT_WORDS.has(word(tokens[k]) ?? '') || (word(tokens[k]) === 'the' && VERDICT_WORDS.has(word(tokens[k + 1]) ?? '')))
      return true;
  }
  if (!VERDICT_VERBS.has(word(tokens[j]) ?? '')) return false;
  for (let k = j + 1; k <= j + 3 && k < tokens.length; k++) if (VERDICT_WORDS.has(word(tokens[k]) ?? '')) return true;
  return false;
}

function choiceCandidates(tokens: readonly Token[]): ChoiceCandidate[] {
  const out: ChoiceCandidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const letter = letterOf(tokens[i]);
    if (!letter) continue;
    let tier = mentionTier(tokens, i);
    if (tier === 0) continue;
    let first = i;
    let last = i;
    const p = prevIndex(tokens, i);
    if (p >= 0 && OPEN.has(tokens[p].text)) first = p;
    const n = nextIndex(tokens, i);
    if (n < tokens.length && CLOSE.has(tokens[n].text)) last = n;
    // "both A and B", "A or B", "A/B": two options offered as one answer.
    let ambiguous: Ambiguity | undefined;
    let j = nextIndex(tokens, last);
    if (OPTION_LINKS.has(tokens[j]?.text ?? '')) {
      let k = nextIndex(tokens, j);
      if (word(tokens[k]) === 'option' || word(tokens[k]) === 'image') k = nextIndex(tokens, k);
      if (OPEN.has(tokens[k]?.text ?? '')) k = nextIndex(tokens, k);
      const other = letterOf(tokens[k]);
      if (other && other !== letter && mentionTier(tokens, k) > 0) {
        ambiguous = 'several options';
        last = CLOSE.has(tokens[k + 1]?.text ?? '') ? k + 1 : k;
        j = last;
      }
    }
    if (isRejected(tokens, first, last)) {
      i = last;
      continue;
    }
    if (isVerdict(tokens, last)) tier = 4;
    out.push({ first, last, tier, letter, ambiguous });
    i = last;
  }
  return out;
}

export function readLenientChoice(tokens: Token[]): Reading | null {
  const cands = choiceCandidates(tokens);
  if (cands.length === 0) return null;
  const layout = layoutOf(tokens);
  let pick = selectCandidate(layout, cands);
  if (!pick) return null;
  if (pick.rule !== 'final-answer phrase') {
    // "B is the closest match" states the answer as plainly as "the answer is B".
    for (let k = cands.length - 1; k >= 0; k--) {
      if (cands[k].tier === 4) {
        pick = { cand: cands[k], rule: 'final-answer phrase' };
        break;
      }
    }
  }
  let c = pick.cand;
  if (c.ambiguous === 'several options') {
    // "A or B, probably A": one of the options restated alone later in the sentence settles it.
    const s = layout.sentence[c.first];
    for (let k = cands.indexOf(c) + 1; k < cands.length && layout.sentence[cands[k].first] === s; k++)
      if (!cands[k].ambiguous) c = cands[k];
  }
  const span: [number, number] = [tokens[c.first].start, tokens[c.last].end];
  if (c.ambiguous === 'several options') return { kind: 'none', ambiguous: 'several options', span };
  return { kind: 'choice', letter: c.letter, span, rule: pick.rule, read: [], ambiguous: c.ambiguous };
}

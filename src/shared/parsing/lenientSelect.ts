// How the lenient reader picks one candidate value out of a text, for every answer kind. The order of the
// steps is part of the contract (docs/PARSING.md): final-answer phrase, emphasised value, leading answer,
// conclusion phrase, only value, last value of the conclusion. Each step is one pass over the candidates.
import type { ParseRule } from './readers';
import type { Token } from './tokens';

/** A value found in the text, on tokens [first, last]. Lower tiers are weaker evidence; tier 0 is never used. */
export interface Candidate {
  first: number;
  last: number;
  tier: number;
}

/** Per-token facts the selection needs, computed once per text in linear time. */
export interface TextLayout {
  tokens: Token[];
  /** Sentence number of each token: a new one after . ! ? ; and at a line break. */
  sentence: number[];
  /** True for tokens between ** markers (or __ markers). */
  bold: boolean[];
  /** Token index just after each final-answer phrase, in text order. */
  answerCues: number[];
  /** Token index just after each concluding word ("therefore", "so", 因此…), in text order. */
  conclusionCues: number[];
  /** Index of the first token on the second line, or tokens.length for a one-line text. */
  firstLineEnd: number;
}

const SENTENCE_END = new Set(['.', '!', '?', ';']);
/** Words that make an "answer" word a final-answer phrase when they follow it. */
const CUE_LINKS = new Set([':', '=', '-', 'is', 'was', 'would', 'will', 'should', 'be', '"', "'", 'to', '>', 'at', 'as']);
const CUE_WORDS = new Set(['answer', 'estimate', 'guess', 'prediction', 'result', 'response', 'conclusion', 'choice', 'match', 'option']);
/** Verbs that state the answer right after them: "I choose D", "I'd go with B". */
const CUE_VERBS = new Set(['choose', 'chose', 'pick', 'picked', 'select', 'selected', 'answering']);
const DECOR = new Set(['*', '_', '#', '`', '~']);
const CONCLUSION_WORDS = new Set([
  'therefore',
  'thus',
  'hence',
  'so',
  'consequently',
  'overall',
  'finally',
  'ultimately',
  'conclusion',
  'summary',
]);
const CJK_CUES = [['答', '案'], ['选', '择'], ['选'], ['应', '该'], ['正', '确'], ['结', '果'], ['最', '终']];
const CJK_CONCLUSIONS = [
  ['因', '此'],
  ['所', '以'],
  ['综', '上'],
  ['总', '之'],
];

function matchesAt(tokens: Token[], i: number, seq: readonly string[]): boolean {
  for (let k = 0; k < seq.length; k++) if (tokens[i + k]?.text !== seq[k]) return false;
  return true;
}

/** `extraCues`: words that also open a final answer for this kind ("position is", "located at" for points). */
export function layoutOf(tokens: Token[], extraCues?: ReadonlySet<string>): TextLayout {
  const n = tokens.length;
  const sentence = new Array<number>(n);
  const bold = new Array<boolean>(n);
  const answerCues: number[] = [];
  const conclusionCues: number[] = [];
  let s = 0;
  let inBold = false;
  let firstLineEnd = n;
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    if (i > 0 && t.gap >= 2) {
      s++;
      if (firstLineEnd === n) firstLineEnd = i;
    }
    sentence[i] = s;
    if (t.type === 'sym' && SENTENCE_END.has(t.text)) s++;
    // "**" (or "__") toggles bold; the marker itself counts as inside.
    if ((t.text === '*' || t.text === '_') && tokens[i + 1]?.text === t.text && tokens[i + 1].gap === 0) {
      inBold = !inBold;
      bold[i] = bold[i + 1] = true;
      sentence[i + 1] = s;
      i++;
      continue;
    }
    bold[i] = inBold;
    const inTag = tokens[i - 1]?.text === '<' || tokens[i - 1]?.text === '/'; // <point>, </answer>: markup, not a phrase
    if (t.type === 'word' && !inTag && (CUE_WORDS.has(t.text) || extraCues?.has(t.text))) {
      let j = i + 1;
      while (j < n && DECOR.has(tokens[j].text)) j++;
      const prev = tokens[i - 1]?.text;
      if ((j < n && CUE_LINKS.has(tokens[j].text)) || prev === 'final' || (t.text === 'answer' && j < n && tokens[j].gap >= 2))
        answerCues.push(i + 1);
    } else if (t.type === 'word' && (CUE_VERBS.has(t.text) || (t.text === 'with' && tokens[i - 1]?.text === 'go'))) {
      answerCues.push(i + 1);
    } else if (t.type === 'word' && t.text === 'boxed' && tokens[i - 1]?.text === '\\') {
      answerCues.push(i + 1);
    } else if (t.type === 'word' && CONCLUSION_WORDS.has(t.text)) {
      // "so" only as a connective: at a sentence start or before a comma ("so the door is…" is common either way).
      if (t.text !== 'so' || i === 0 || sentence[i - 1] !== s || tokens[i + 1]?.text === ',') conclusionCues.push(i + 1);
    } else if (t.type === 'cjk') {
      const cue = CJK_CUES.find((c) => matchesAt(tokens, i, c));
      if (cue) answerCues.push(i + cue.length);
      else if (CJK_CONCLUSIONS.some((c) => matchesAt(tokens, i, c))) conclusionCues.push(i + 2);
    }
  }
  return { tokens, sentence, bold, answerCues, conclusionCues, firstLineEnd };
}

/** The best tier present among candidates accepted by `keep`, or 0. */
function bestTier<C extends Candidate>(cands: readonly C[], keep: (c: C) => boolean): number {
  let best = 0;
  for (const c of cands) if (c.tier > best && keep(c)) best = c.tier;
  return best;
}

function firstOf<C extends Candidate>(cands: readonly C[], keep: (c: C) => boolean): C | undefined {
  const tier = bestTier(cands, keep);
  return tier === 0 ? undefined : cands.find((c) => c.tier === tier && keep(c));
}

function lastOf<C extends Candidate>(cands: readonly C[], keep: (c: C) => boolean): C | undefined {
  const tier = bestTier(cands, keep);
  if (tier === 0) return undefined;
  for (let k = cands.length - 1; k >= 0; k--) if (cands[k].tier === tier && keep(cands[k])) return cands[k];
  return undefined;
}

/**
 * Picks the answer among candidates (in text order, all of tier >= 1). Linear: steps 2, 3, 5 and 6 are one
 * pass each; the cue loops walk the cues backwards with one pointer into the candidates, and a cue either
 * returns on the first candidate its window holds or looks at none.
 */
export function selectCandidate<C extends Candidate>(layout: TextLayout, cands: readonly C[]): { cand: C; rule: ParseRule } | null {
  if (cands.length === 0) return null;
  const { sentence, bold, answerCues, conclusionCues, firstLineEnd, tokens } = layout;
  // 1. The last final-answer phrase followed by a value in its sentence or the next.
  let ci = cands.length;
  for (let k = answerCues.length - 1; k >= 0; k--) {
    const cue = answerCues[k];
    if (cue >= tokens.length) continue;
    const limit = sentence[cue] + 1;
    while (ci > 0 && cands[ci - 1].first >= cue) ci--;
    // Candidates from ci on start after this cue; only those before the next cue's region are scanned again.
    let hit: C | undefined;
    let tier = 0;
    for (let j = ci; j < cands.length && sentence[cands[j].first] <= limit; j++) {
      if (cands[j].tier > tier) {
        tier = cands[j].tier;
        hit = cands[j];
      }
    }
    if (hit) return { cand: hit, rule: 'final-answer phrase' };
  }
  // 2. A value set in bold.
  const emphasised = lastOf(cands, (c) => bold[c.first]);
  if (emphasised) return { cand: emphasised, rule: 'emphasised value' };
  // 3. A short first line holding a value, followed by more text (an answer, then the explanation).
  if (firstLineEnd < tokens.length && firstLineEnd <= 12) {
    const leading = firstOf(cands, (c) => c.last < firstLineEnd);
    if (leading) return { cand: leading, rule: 'leading answer' };
  }
  // 4. The sentence after the last concluding word that holds a value: its last value of the best tier.
  ci = cands.length;
  for (let k = conclusionCues.length - 1; k >= 0; k--) {
    const cue = conclusionCues[k];
    if (cue >= tokens.length) continue;
    const s = sentence[cue];
    while (ci > 0 && cands[ci - 1].first >= cue) ci--;
    let hit: C | undefined;
    for (let j = ci; j < cands.length && sentence[cands[j].first] === s; j++) if (!hit || cands[j].tier >= hit.tier) hit = cands[j];
    if (hit) return { cand: hit, rule: 'conclusion phrase' };
  }
  // 5. One value in the whole text.
  const tier = bestTier(cands, () => true);
  const usable = cands.filter((c) => c.tier === tier);
  if (usable.length === 1) return { cand: usable[0], rule: 'only value' };
  // 6. The last sentence that holds a value (a label or count only when nothing else): its last, strongest value.
  const floor = tier >= 2 ? 2 : 1;
  let lastSentence = -1;
  for (const c of cands) if (c.tier >= floor) lastSentence = sentence[c.first];
  const conclusion = lastOf(cands, (c) => c.tier >= floor && sentence[c.first] === lastSentence)!;
  return { cand: conclusion, rule: 'last value of the conclusion' };
}

// The diagnosis as the extension shows it: the scoreboard's lines (the CLI's sentences) with the questions each
// one opens, the tree filter's classes with their counts, a question's class in words, and the compare panel's
// per-class deltas between two files with a paired sign test.
import type { ParsedJson } from '../parsing/parsedValue';
import type { TableModel } from '../report/export';
import { formatDelta, formatPValue } from '../report/compareTable';
import type { AnswerKind, SubtaskKey } from '../subtasks';
import { CLASS_LABELS, type DiagnosisClass, type FileDiagnosis, type QuestionDiagnosis, type SubtaskDiagnosis } from './diagnose';
import { classSentence, findingSentences } from './report';

/** Every class in the order the diagnosis lists them. */
export const DIAGNOSIS_CLASSES = Object.keys(CLASS_LABELS) as DiagnosisClass[];

export function isDiagnosisClass(v: unknown): v is DiagnosisClass {
  return typeof v === 'string' && (DIAGNOSIS_CLASSES as readonly string[]).includes(v);
}

/** A class as a noun, one and many: "sign flip" / "sign flips" (CLASS_LABELS completes "x % of wrong answers are …"). */
export const CLASS_NOUNS: Record<DiagnosisClass, readonly [string, string]> = {
  sign_flip: ['sign flip', 'sign flips'],
  front_back_flip: ['front/back flip', 'front/back flips'],
  rotation: ['answer off by the subtask-wide rotation', 'answers off by the subtask-wide rotation'],
  unit_slip: ['unit slip', 'unit slips'],
  distance_bias: ['answer off by the systematic bias', 'answers off by the systematic bias'],
  normalized_coordinates: ['answer in normalised [0, 1] coordinates', 'answers in normalised [0, 1] coordinates'],
  pixel_coordinates: ['answer in pixel coordinates', 'answers in pixel coordinates'],
  axes_swapped: ['answer with swapped axes', 'answers with swapped axes'],
  y_flipped: ['answer with a flipped y axis', 'answers with a flipped y axis'],
  position_bias: ['pick of the favoured letter', 'picks of the favoured letter'],
  wrong_choice: ['wrong choice', 'wrong choices'],
  imprecise: ['partly right answer', 'partly right answers'],
  near_miss: ['near miss', 'near misses'],
  far: ['far-off answer', 'far-off answers'],
  unparsed: ['unparsed answer', 'unparsed answers'],
  target_unseen: ['wrong answer whose target no sampled frame shows', 'wrong answers whose target no sampled frame shows'],
};

export const classNoun = (cls: DiagnosisClass, count: number) => CLASS_NOUNS[cls][count === 1 ? 0 : 1];

/** True when question `d` belongs to class `cls` (the input class `target_unseen` overlaps the answer classes). */
export function inDiagnosisClass(d: QuestionDiagnosis | undefined, cls: DiagnosisClass): boolean {
  if (!d) return false;
  return cls === 'target_unseen' ? d.unseen === true : d.cls === cls;
}

// ---- the scoreboard's lines ----

export interface DiagnosisLine {
  text: string;
  /** The class whose questions the line's button opens; absent for a finding (a bias, the formats, visibility). */
  cls?: DiagnosisClass;
  count?: number;
}

export interface SubtaskDiagnosisLines {
  subtask: SubtaskKey;
  abbreviation: string;
  score: number;
  n: number;
  failed: number;
  lines: DiagnosisLine[];
}

/** Per subtask with something to say: its class sentences (each opening its questions), then its findings. */
export function diagnosisLines(d: FileDiagnosis): SubtaskDiagnosisLines[] {
  const out: SubtaskDiagnosisLines[] = [];
  for (const s of d.subtasks) {
    const lines: DiagnosisLine[] = [
      ...s.classes.map((c) => ({ text: classSentence(s, c, d.overall), cls: c.cls, count: c.count })),
      ...findingSentences(s).map((text) => ({ text })),
    ];
    if (lines.length > 0) out.push({ subtask: s.subtask, abbreviation: s.abbreviation, score: s.score, n: s.n, failed: s.failed, lines });
  }
  return out;
}

// ---- the tree filter ----

export interface ClassTotal {
  cls: DiagnosisClass;
  count: number;
  /** Where they are: "EDs 35, EDv 12". */
  where: string;
}

/** Each class the file has, with its questions over all subtasks, in the diagnosis's class order. */
export function classTotals(d: FileDiagnosis): ClassTotal[] {
  const per = new Map<DiagnosisClass, Array<[string, number]>>();
  for (const s of d.subtasks)
    for (const c of s.classes) {
      const list = per.get(c.cls) ?? [];
      list.push([s.abbreviation, c.count]);
      per.set(c.cls, list);
    }
  return DIAGNOSIS_CLASSES.filter((cls) => per.has(cls)).map((cls) => {
    const list = per.get(cls)!;
    return { cls, count: list.reduce((n, [, c]) => n + c, 0), where: list.map(([a, c]) => `${a} ${c}`).join(', ') };
  });
}

// ---- one question ----

/** A corrected prediction as the tree shows answers: "45°", "1.2 m", "(391, 698)". */
function formatCorrected(kind: AnswerKind, v: ParsedJson): string {
  if (Array.isArray(v)) return `(${v[0]}, ${v[1]})`;
  if (typeof v === 'number') return kind === 'angle' ? `${v}°` : kind === 'distance' ? `${v} m` : String(v);
  return String(v);
}

/**
 * Question `uid`'s class in words, with the what-if correction: "sign flip: flipping the sign gives 45°";
 * "… the target is in none of the sampled frames (32 frames, uniform)". Undefined when it has no class.
 */
export function questionDiagnosisWords(d: FileDiagnosis, uid: string, subtask: SubtaskKey | string): string | undefined {
  const q = d.byUid.get(uid);
  if (!q || (q.cls === null && !q.unseen)) return undefined;
  const s: SubtaskDiagnosis | undefined = d.subtasks.find((x) => x.subtask === subtask);
  const parts: string[] = [];
  if (q.cls !== null) {
    const correction = s?.classes.find((c) => c.cls === q.cls)?.whatIf?.correction;
    parts.push(
      correction && q.corrected !== undefined && s
        ? `${CLASS_NOUNS[q.cls][0]}: ${correction} gives ${formatCorrected(s.kind, q.corrected)}`
        : CLASS_NOUNS[q.cls][0],
    );
  }
  if (q.unseen) parts.push(`the target is in none of the sampled frames (${s?.visibility?.sampling ?? 'the frames sampled'})`);
  return parts.join('; ');
}

// ---- compare: two files ----

export interface DiagnosisDelta {
  subtask: SubtaskKey;
  abbreviation: string;
  cls: DiagnosisClass;
  countA: number;
  countB: number;
  /** What correcting the class would gain each file on the subtask (points), null when it has none. */
  gainA: number | null;
  gainB: number | null;
  /** Questions in the class in A only, in B only: the paired sign test's counts. */
  onlyA: number;
  onlyB: number;
  /** Two-sided exact sign test on onlyA vs onlyB (the same questions, so the pairs are what changed). */
  p: number;
  /** "template-b removes the sign flips". */
  words: string;
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2), in log space so that n in the thousands does not underflow. */
function halfBinomialCdf(k: number, n: number): number {
  let logC = 0;
  let sum = 0;
  const log2n = n * Math.LN2;
  for (let i = 0; i <= k; i++) {
    sum += Math.exp(logC - log2n);
    logC += Math.log(n - i) - Math.log(i + 1);
  }
  return sum;
}

/** Two-sided exact sign test: how surprising a split of b + c changed questions into b and c is at one half. */
export function signTestP(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  return Math.min(1, 2 * halfBinomialCdf(Math.min(b, c), n));
}

function deltaWords(nameB: string, noun: (count: number) => string, a: number, b: number): string {
  if (b === 0) return `${nameB} removes the ${noun(a)}`;
  if (a === 0) return `${nameB} introduces ${noun(b)}`;
  return b < a ? `${nameB} has fewer ${noun(2)}` : `${nameB} has more ${noun(2)}`;
}

/**
 * The classes whose count differs between A (the baseline) and B, per subtask both diagnosed, in the subtask and
 * class order. The sign test pairs the questions: in the class under A only, under B only.
 */
export function diagnosisDeltas(a: FileDiagnosis, b: FileDiagnosis, nameB: string): DiagnosisDelta[] {
  const out: DiagnosisDelta[] = [];
  for (const sa of a.subtasks) {
    const sb = b.subtasks.find((s) => s.subtask === sa.subtask);
    if (!sb) continue;
    for (const cls of DIAGNOSIS_CLASSES) {
      const ca = sa.classes.find((c) => c.cls === cls);
      const cb = sb.classes.find((c) => c.cls === cls);
      const countA = ca?.count ?? 0;
      const countB = cb?.count ?? 0;
      if (countA === countB) continue;
      const inA = new Set(ca?.uids ?? []);
      const inB = new Set(cb?.uids ?? []);
      const onlyA = [...inA].filter((u) => !inB.has(u)).length;
      const onlyB = [...inB].filter((u) => !inA.has(u)).length;
      const gain = (c: typeof ca, s: SubtaskDiagnosis) => (c?.whatIf ? c.whatIf.subtask - s.score : null);
      out.push({
        subtask: sa.subtask,
        abbreviation: sa.abbreviation,
        cls,
        countA,
        countB,
        gainA: gain(ca, sa),
        gainB: gain(cb, sb),
        onlyA,
        onlyB,
        p: signTestP(onlyA, onlyB),
        words: deltaWords(nameB, (n) => classNoun(cls, n), countA, countB),
      });
    }
  }
  return out;
}

/** The deltas as a table: counts under A and B, what correcting the class gains each, the sign test's p. */
export function diagnosisDeltaTable(deltas: readonly DiagnosisDelta[], nameA: string, nameB: string): TableModel {
  const gain = (g: number | null) => (g === null ? '—' : formatDelta(g));
  return {
    header: ['subtask', 'change', nameA, nameB, `what-if gain ${nameA}`, `what-if gain ${nameB}`, 'sign test p'],
    rows: deltas.map((d) => [d.abbreviation, d.words, String(d.countA), String(d.countB), gain(d.gainA), gain(d.gainB), formatPValue(d.p)]),
    textColumns: 2,
  };
}

// Failure diagnosis: why a result file's answers are wrong, and what each kind of error costs.
// Every wrong or partial answer gets one class; the what-if rescores the subtask with that class corrected,
// through the real scorer and the real aggregation, so it equals a rescore of a file corrected by hand.
import { CHOICE_LETTERS, POINT_SCALE_MAX } from '../scoring/constants';
import { overallScore, ScoreAccumulator } from '../scoring/aggregate';
import { angleScoreByOffset, scoreParsed } from '../scoring/scorer';
import type { ScoringProfile } from '../scoring/profiles';
import { parsedToJson, type ParsedJson, type ParsedValue } from '../parsing/parsedValue';
import { SUBTASK_KEYS, subtaskInfo, type AnswerKind, type SubtaskKey } from '../subtasks';
import { chiSquareHomogeneity } from './chiSquare';
import { seededRandom } from './random';
import * as C from './constants';
import {
  divideByPowerOfTen,
  flipY,
  fromNormalized,
  fromPixels,
  negateAngle,
  rescaleDistance,
  rotateAngle,
  swapAxes,
  type Angle,
  type Distance,
  type Point,
} from './corrections';
import { FORMAT_PATTERN_LABELS, formatPatternOf, type FormatPattern } from './formatPatterns';
import { anyFrameVisible, describeSampling, uniformFrameIndices, type FrameSampling, type TargetVisibility } from './visibility';
import { runSteps, runStepsInSlices, type WorkSlicer } from '../workSlices';

export type DiagnosisClass =
  | 'sign_flip'
  | 'front_back_flip'
  | 'rotation'
  | 'unit_slip'
  | 'distance_bias'
  | 'normalized_coordinates'
  | 'pixel_coordinates'
  | 'axes_swapped'
  | 'y_flipped'
  | 'position_bias'
  | 'wrong_choice'
  | 'imprecise'
  | 'near_miss'
  | 'far'
  | 'unparsed'
  | 'target_unseen';

export const CLASS_LABELS: Record<DiagnosisClass, string> = {
  sign_flip: 'sign flips',
  front_back_flip: 'front/back flips',
  rotation: 'explained by a subtask-wide rotation',
  unit_slip: 'unit slips',
  distance_bias: 'explained by a systematic bias',
  normalized_coordinates: 'normalised [0, 1] coordinates',
  pixel_coordinates: 'pixel coordinates',
  axes_swapped: 'swapped axes',
  y_flipped: 'flipped y axes',
  position_bias: 'picks of the favoured letter',
  wrong_choice: 'wrong choices',
  imprecise: 'partly right (inside the widest tolerance, not the tightest)',
  near_miss: 'near misses',
  far: 'far off',
  unparsed: 'unparsed',
  target_unseen: 'target never in the sampled frames',
};

/** The classes decided answer by answer from where the prediction lies; a random answer lands in them by chance too. */
const PER_ANSWER_CONVENTIONS = new Set<DiagnosisClass>([
  'sign_flip',
  'front_back_flip',
  'unit_slip',
  'pixel_coordinates',
  'axes_swapped',
  'y_flipped',
]);

/** The subtasks whose annotated video marks the target with a red box. */
export const VISUAL_LOCALISATION_SUBTASKS: readonly SubtaskKey[] = ['ed_v', 'edist_v', 'gp_v'];

/** One scored answer of a result file, as the diagnosis needs it. */
export interface DiagnosisAnswer {
  uid: string;
  subtask: SubtaskKey;
  truth: ParsedValue;
  /** Null when the prediction could not be parsed. */
  parsed: ParsedValue | null;
  /** The model's raw output. */
  raw: string;
  /** The point questions' map image size, to recognise and convert pixel coordinates. */
  imageSize?: { width: number; height: number };
  /** Where the target is visible in the video (visual object localisation, from `geometry`). */
  visibility?: TargetVisibility;
  /** The frames this line's model saw, when the result line says (its `frames` field). */
  sampledFrames?: readonly number[];
}

export interface DiagnoseOptions {
  profile: ScoringProfile;
  /** The sampling to assume where a line does not say which frames it saw. */
  sampling?: FrameSampling;
}

export interface WhatIf {
  /** The subtask score with the class corrected. */
  subtask: number;
  /** The file's overall score with only this subtask changed. */
  overall: number | null;
  /** What was corrected, in words. */
  correction: string;
}

export interface ClassSummary {
  cls: DiagnosisClass;
  count: number;
  /** Of the subtask's failed answers (score < 1, unparsed included). */
  share: number;
  uids: string[];
  /** Null when the class has no correction (a far-off answer, a refusal). */
  whatIf: WhatIf | null;
  /** Per-answer conventions: how many failed answers fall in the class by chance (the predictions shuffled). */
  byChance?: number;
  /** Per-answer conventions: the count is well above `byChance` (CHANCE_MARGIN_SD). */
  beyondChance?: boolean;
}

export interface ChoiceBias {
  letters: string[];
  picked: number[];
  truth: number[];
  chiSquare: number;
  df: number;
  p: number;
  biased: boolean;
  /** The letter picked most above its share of the answers. */
  favoured: string;
  words: string;
  /** confusion[truth][picked], rows and columns in `letters` order. */
  confusion: number[][];
}

export interface FormatGroup {
  pattern: FormatPattern;
  label: string;
  count: number;
  examples: Array<{ uid: string; text: string }>;
}

export interface SubtaskDiagnosis {
  subtask: SubtaskKey;
  abbreviation: string;
  kind: AnswerKind;
  /** Questions with a prediction. */
  n: number;
  score: number;
  /** Score < 1, unparsed included. */
  failed: number;
  /** Answer classes (one per failed answer), then the input class `target_unseen`, which overlaps them. */
  classes: ClassSummary[];
  rotation?: { degrees: number; gain: number };
  bias?: { medianRatio: number; answers: number; words: string };
  choice?: ChoiceBias;
  formats: FormatGroup[];
  visibility?: { sampling: string; questions: number; unseen: number; unseenFailed: number };
}

export interface QuestionDiagnosis {
  cls: DiagnosisClass | null;
  /** The corrected prediction the what-if scores, for the viewer to draw. */
  corrected?: ParsedJson;
  unseen?: boolean;
}

export interface FileDiagnosis {
  overall: number | null;
  subtasks: SubtaskDiagnosis[];
  byUid: Map<string, QuestionDiagnosis>;
}

interface Scored {
  a: DiagnosisAnswer;
  score: number;
  cls: DiagnosisClass | null;
  /** The per-answer correction of its class (a flip, a unit, a swap). */
  corrected?: ParsedValue;
  /** The subtask-wide correction (rotation, bias), applied to every answer it was estimated on. */
  wide?: ParsedValue;
}

/** Offsets of the rotation search scored per step of `diagnosisSteps` (each scores every answer of the subtask). */
const ROTATION_OFFSETS_PER_STEP = 30;

const percent = (x: number) => `${Math.round(100 * x)} %`;

/** Diagnoses one result file's answers (in the file's order, one per uid, as the evaluation keeps them). */
export function diagnose(answers: readonly DiagnosisAnswer[], options: DiagnoseOptions): FileDiagnosis {
  return runSteps(diagnosisSteps(answers, options));
}

/**
 * `diagnose` for a host's event loop (the extension host): it pauses whenever `slicer` says its slice is spent,
 * so a file of 2,772 answers never blocks the loop for long. Its steps are a few milliseconds each: a subtask's
 * classes, a part of a rotation search, one shuffle of the chance baseline.
 */
export function diagnoseInSlices(
  answers: readonly DiagnosisAnswer[],
  options: DiagnoseOptions,
  slicer: WorkSlicer,
): Promise<FileDiagnosis> {
  return runStepsInSlices(diagnosisSteps(answers, options), slicer);
}

/** The diagnosis in steps (see diagnoseInSlices). */
function* diagnosisSteps(answers: readonly DiagnosisAnswer[], options: DiagnoseOptions): Generator<void, FileDiagnosis> {
  const { profile } = options;
  const bySubtask = new Map<SubtaskKey, Scored[]>();
  for (const a of answers) {
    const list = bySubtask.get(a.subtask) ?? [];
    list.push({ a, score: scoreParsed(a.truth, a.parsed, profile).score, cls: null });
    bySubtask.set(a.subtask, list);
  }
  const scores = new Map<SubtaskKey, number>();
  for (const [key, list] of bySubtask)
    scores.set(
      key,
      aggregate(key, list, () => undefined, profile),
    );
  const overallWith = (key: SubtaskKey, score: number) =>
    overallScore(SUBTASK_KEYS.filter((k) => scores.has(k)).map((k) => (k === key ? score : scores.get(k)!)));

  const subtasks: SubtaskDiagnosis[] = [];
  const byUid = new Map<string, QuestionDiagnosis>();
  for (const key of SUBTASK_KEYS) {
    const list = bySubtask.get(key);
    if (!list) continue;
    yield;
    const d = yield* diagnoseSubtask(key, list, scores.get(key)!, options, overallWith);
    subtasks.push(d);
    for (const s of list) {
      const shown = s.cls === 'rotation' || s.cls === 'distance_bias' ? s.wide : s.cls ? s.corrected : undefined;
      byUid.set(s.a.uid, { cls: s.cls, ...(shown ? { corrected: parsedToJson(shown) } : {}) });
    }
    const unseen = d.classes.find((c) => c.cls === 'target_unseen');
    for (const uid of unseen?.uids ?? []) byUid.get(uid)!.unseen = true;
  }
  return { overall: overallScore(SUBTASK_KEYS.filter((k) => scores.has(k)).map((k) => scores.get(k)!)), subtasks, byUid };
}

/** 100 x the mean score, summed in file order by the real accumulator; `replace` gives a corrected prediction or undefined. */
function aggregate(
  key: SubtaskKey,
  list: readonly Scored[],
  replace: (s: Scored) => ParsedValue | undefined | null,
  profile: ScoringProfile,
  include: (s: Scored) => boolean = () => true,
): number {
  return aggregateScores(
    key,
    list,
    (s) => {
      const r = replace(s);
      return r === undefined ? undefined : scoreParsed(s.a.truth, r, profile).score;
    },
    include,
  );
}

/** The same with each answer's corrected score given (undefined keeps its own). */
function aggregateScores(
  key: SubtaskKey,
  list: readonly Scored[],
  scoreOf: (s: Scored) => number | undefined,
  include: (s: Scored) => boolean = () => true,
): number {
  const acc = new ScoreAccumulator();
  for (const s of list) {
    if (!include(s)) continue;
    acc.add(key, scoreOf(s) ?? s.score, s.a.parsed === null);
  }
  return acc.subtasks()[key]?.score ?? NaN;
}

function* diagnoseSubtask(
  key: SubtaskKey,
  list: Scored[],
  score: number,
  options: DiagnoseOptions,
  overallWith: (key: SubtaskKey, score: number) => number | null,
): Generator<void, SubtaskDiagnosis> {
  const info = subtaskInfo(key)!;
  const failed = list.filter((s) => s.score < 1);
  const out: SubtaskDiagnosis = {
    subtask: key,
    abbreviation: info.abbreviation,
    kind: info.kind,
    n: list.length,
    score,
    failed: failed.length,
    classes: [],
    formats: [],
  };
  const corrections = new Map<DiagnosisClass, string>();
  const subtaskWide = new Set<DiagnosisClass>();
  for (const s of failed) if (s.a.parsed === null) s.cls = 'unparsed';
  switch (info.kind) {
    case 'angle':
      yield* classifyAngles(list, failed, options.profile, out, corrections, subtaskWide, key);
      break;
    case 'distance':
      classifyDistances(list, failed, options.profile, out, corrections, subtaskWide);
      break;
    case 'point':
      classifyPoints(failed, corrections);
      break;
    case 'choice':
      classifyChoices(list, failed, out);
      break;
  }
  for (const s of failed) if (s.cls === null) s.cls = fallbackClass(s, info.kind);

  const order: DiagnosisClass[] = Object.keys(CLASS_LABELS) as DiagnosisClass[];
  const chance = failed.some((s) => s.cls !== null && PER_ANSWER_CONVENTIONS.has(s.cls))
    ? yield* chanceCounts(list, failed.filter((s) => s.a.parsed !== null).length, options.profile, key)
    : new Map<DiagnosisClass, number>();
  for (const cls of order) {
    const members = failed.filter((s) => s.cls === cls);
    if (members.length === 0) continue;
    let whatIf: WhatIf | null = null;
    const correction = corrections.get(cls);
    if (correction !== undefined) {
      // A subtask-wide correction applies to every answer it was estimated on; a per-answer one to the class only.
      const replace = subtaskWide.has(cls) ? (s: Scored) => s.wide : (s: Scored) => (s.cls === cls ? s.corrected : undefined);
      const subtask = aggregate(key, list, replace, options.profile);
      whatIf = { subtask, overall: overallWith(key, subtask), correction };
    }
    const summary: ClassSummary = {
      cls,
      count: members.length,
      share: members.length / failed.length,
      uids: members.map((s) => s.a.uid),
      whatIf,
    };
    if (PER_ANSWER_CONVENTIONS.has(cls)) {
      const expected = chance.get(cls) ?? 0;
      summary.byChance = expected;
      summary.beyondChance = members.length > expected + C.CHANCE_MARGIN_SD * Math.max(1, Math.sqrt(expected));
    }
    out.classes.push(summary);
  }
  out.formats = formatGroups(
    info.kind,
    failed.filter((s) => s.cls === 'unparsed'),
  );
  visibilityClass(key, list, failed, options, out, overallWith);
  return out;
}

function fallbackClass(s: Scored, kind: AnswerKind): DiagnosisClass {
  if (kind === 'choice') return 'wrong_choice';
  if (s.score > 0) return 'imprecise';
  const d = errorOf(s);
  const nearMax =
    kind === 'angle' ? C.ANGLE_NEAR_MISS_MAX_DEG : kind === 'distance' ? C.DISTANCE_NEAR_MISS_MAX_RELATIVE_ERROR : C.POINT_NEAR_MISS_MAX;
  // Under the near-miss limit: `<=` for angles and points (their thresholds pass on equality), `<` for MRA.
  return (kind === 'distance' ? d < nearMax : d <= nearMax) ? 'near_miss' : 'far';
}

function errorOf(s: Scored): number {
  const p = s.a.parsed!;
  const t = s.a.truth;
  if (p.kind === 'angle' && t.kind === 'angle') return circularError(p.value, t.value);
  if (p.kind === 'distance' && t.kind === 'distance')
    return t.value === 0 ? Math.abs(p.value) : Math.abs(p.value - t.value) / Math.abs(t.value);
  if (p.kind === 'point' && t.kind === 'point') return Math.hypot(p.x - t.x, p.y - t.y);
  return Infinity;
}

/** Into (-180, 180]. */
function wrapDegrees(d: number): number {
  const r = d % 360;
  return r > 180 ? r - 360 : r <= -180 ? r + 360 : r;
}

function circularError(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

// ---- angles ----

type Convention = [DiagnosisClass, ParsedValue | undefined] | null;

/** Sign flip or front/back flip of one failed angle answer. */
function angleConvention(p: Angle, truth: Angle): Convention {
  const tol = C.ANGLE_CONVENTION_TOLERANCE_DEG;
  const g = truth.value;
  const flipped = negateAngle(p);
  const turned = rotateAngle(p, 180);
  if (circularError(flipped.value, g) <= tol && circularError(flipped.value, g) < circularError(p.value, g)) return ['sign_flip', flipped];
  if (circularError(turned.value, g) <= tol) return ['front_back_flip', turned];
  return null;
}

/** A unit slip of one failed distance answer. */
function distanceConvention(p: Distance, truth: Distance): Convention {
  const g = truth.value;
  if (!(g > 0)) return null;
  const ratio = p.value / g;
  const factor = C.UNIT_SLIP_FACTORS.find((f) => Math.abs(ratio / f - 1) <= C.UNIT_SLIP_RELATIVE_TOLERANCE);
  return factor === undefined ? null : ['unit_slip', divideByPowerOfTen(p, Math.round(Math.log10(factor)))];
}

/** Normalised or pixel coordinates, swapped axes or a flipped y of one failed point answer, in that order. */
function pointConvention(p: Point, g: Point, size: DiagnosisAnswer['imageSize']): Convention {
  const r = C.POINT_CONVENTION_RADIUS;
  const dist = (q: Point) => Math.hypot(q.x - g.x, q.y - g.y);
  const d = dist(p);
  const fractional = !Number.isInteger(p.x) || !Number.isInteger(p.y);
  if (p.x >= 0 && p.y >= 0 && p.x <= 1 && p.y <= 1 && fractional) return ['normalized_coordinates', fromNormalized(p)];
  const pixels = size && size.width > 1 && size.height > 1 ? fromPixels(p, size.width, size.height) : undefined;
  if (p.x > POINT_SCALE_MAX || p.y > POINT_SCALE_MAX || (pixels && dist(pixels) <= r && dist(pixels) < d))
    return ['pixel_coordinates', pixels];
  const swapped = swapAxes(p);
  if (dist(swapped) <= r && dist(swapped) < d) return ['axes_swapped', swapped];
  const flipped = flipY(p);
  if (dist(flipped) <= r && dist(flipped) < d) return ['y_flipped', flipped];
  return null;
}

/** The per-answer convention of a failed answer of any kind (choices have none). */
function conventionOf(a: DiagnosisAnswer, p: ParsedValue): Convention {
  if (p.kind === 'angle' && a.truth.kind === 'angle') return angleConvention(p, a.truth);
  if (p.kind === 'distance' && a.truth.kind === 'distance') return distanceConvention(p, a.truth);
  if (p.kind === 'point' && a.truth.kind === 'point') return pointConvention(p, a.truth, a.imageSize);
  return null;
}

/**
 * How many of the subtask's failed parsed answers would fall in each per-answer class by chance: its own predictions
 * shuffled among its questions (the same values, no link to the truth) give the rate at which a failed answer lands
 * in the class, averaged over CHANCE_SHUFFLES shuffles; times the number of failed parsed answers. Classes read from
 * the form of the numbers alone (normalised coordinates, values above 999) have no such baseline.
 */
function* chanceCounts(
  list: readonly Scored[],
  failedParsed: number,
  profile: ScoringProfile,
  seed: string,
): Generator<void, Map<DiagnosisClass, number>> {
  const parsed = list.filter((s) => s.a.parsed !== null);
  const counts = new Map<DiagnosisClass, number>();
  if (parsed.length < 2) return counts;
  const next = seededRandom(seed);
  const preds = parsed.map((s) => s.a.parsed!);
  let failedPairs = 0;
  for (let round = 0; round < C.CHANCE_SHUFFLES; round++) {
    if (round > 0) yield;
    for (let i = preds.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [preds[i], preds[j]] = [preds[j], preds[i]];
    }
    parsed.forEach((s, i) => {
      const p = preds[i];
      if (scoreParsed(s.a.truth, p, profile).score >= 1) return;
      failedPairs++;
      const c = conventionOf(s.a, p);
      if (!c || c[0] === 'normalized_coordinates' || (p.kind === 'point' && (p.x > POINT_SCALE_MAX || p.y > POINT_SCALE_MAX))) return;
      counts.set(c[0], (counts.get(c[0]) ?? 0) + 1);
    });
  }
  for (const [k, v] of counts) counts.set(k, failedPairs ? (v / failedPairs) * failedParsed : 0);
  return counts;
}

function* classifyAngles(
  list: Scored[],
  failed: Scored[],
  profile: ScoringProfile,
  out: SubtaskDiagnosis,
  corrections: Map<DiagnosisClass, string>,
  subtaskWide: Set<DiagnosisClass>,
  key: SubtaskKey,
): Generator<void, void> {
  for (const s of failed) if (!s.cls) [s.cls, s.corrected] = angleConvention(s.a.parsed as Angle, s.a.truth as Angle) ?? [null, undefined];
  corrections.set('sign_flip', 'flipping the sign');
  corrections.set('front_back_flip', 'turning by 180°');
  // The rotation is estimated, and applied, on every parsed answer not already explained by a flip.
  const eligible = (s: Scored) => s.a.parsed !== null && s.cls !== 'sign_flip' && s.cls !== 'front_back_flip';
  // The best score wins; among equal scores, the offset with the least total error (the middle of a plateau).
  let best = { degrees: 0, score: out.score, error: Infinity };
  // Each answer's score under an offset, on its integers (the same numbers as scoring the turned angle).
  const byOffset = new Map<Scored, (deg: number) => number>();
  for (const s of list)
    if (eligible(s)) {
      const p = s.a.parsed as Angle;
      byOffset.set(s, angleScoreByOffset(s.a.truth as Angle, p) ?? ((deg) => scoreParsed(s.a.truth, rotateAngle(p, deg), profile).score));
    }
  for (let deg = -179; deg <= 180; deg++) {
    if (Math.abs(deg) < C.ROTATION_MIN_DEG) continue;
    if (deg % ROTATION_OFFSETS_PER_STEP === 0) yield;
    const sc = aggregateScores(key, list, (s) => byOffset.get(s)?.(deg));
    if (sc < best.score) continue;
    let error = 0;
    for (const s of list) if (eligible(s)) error += circularError((s.a.parsed as Angle).value + deg, (s.a.truth as Angle).value);
    if (sc > best.score || error < best.error) best = { degrees: deg, score: sc, error };
  }
  if (best.degrees === 0) return;
  const fixedBy = (deg: number) =>
    failed.filter(
      (s) => eligible(s) && s.cls === null && scoreParsed(s.a.truth, rotateAngle(s.a.parsed as Angle, deg), profile).score >= 1,
    );
  const fixed = fixedBy(best.degrees);
  if (
    best.score - out.score < C.ROTATION_MIN_GAIN_POINTS ||
    fixed.length < C.ROTATION_MIN_FIXED ||
    fixed.length < C.ROTATION_MIN_SHARE_OF_FAILED * failed.length
  )
    return;
  // The size reported and corrected is the median offset of the answers it fixes: the best-scoring offset may lean
  // towards the correct answers (an offset of 30 keeps them at 30°, inside a tolerance), the convention does not.
  const offsets = fixed.map((s) => best.degrees + wrapDegrees((s.a.truth as Angle).value - (s.a.parsed as Angle).value - best.degrees));
  const degrees = Math.round(medianOf(offsets));
  const score = aggregate(key, list, (s) => (eligible(s) ? rotateAngle(s.a.parsed as Angle, degrees) : undefined), profile);
  if (score - out.score < C.ROTATION_MIN_GAIN_POINTS) return;
  out.rotation = { degrees, gain: score - out.score };
  for (const s of list) {
    if (!eligible(s)) continue;
    const r = rotateAngle(s.a.parsed as Angle, degrees);
    s.wide = r;
    if (s.score < 1 && s.cls === null && scoreParsed(s.a.truth, r, profile).score > s.score) s.cls = 'rotation';
  }
  corrections.set('rotation', `adding ${degrees > 0 ? '+' : ''}${degrees}° to every answer`);
  subtaskWide.add('rotation');
}

// ---- distances ----

function classifyDistances(
  list: Scored[],
  failed: Scored[],
  profile: ScoringProfile,
  out: SubtaskDiagnosis,
  corrections: Map<DiagnosisClass, string>,
  subtaskWide: Set<DiagnosisClass>,
): void {
  for (const s of failed)
    if (!s.cls) [s.cls, s.corrected] = distanceConvention(s.a.parsed as Distance, s.a.truth as Distance) ?? [null, undefined];
  corrections.set('unit_slip', 'converting the unit');
  const eligible = (s: Scored) => s.a.parsed !== null && s.cls !== 'unit_slip' && (s.a.truth as Angle | Distance).value > 0;
  const ratios = list.filter(eligible).map((s) => (s.a.parsed as Distance).value / (s.a.truth as Angle | Distance).value);
  if (ratios.length < C.DISTANCE_BIAS_MIN_ANSWERS) return;
  const median = medianOf(ratios);
  if (!(Math.abs(median - 1) >= C.DISTANCE_BIAS_MIN) || !(median > 0)) return;
  const words = median < 1 ? `under-estimates by ${percent(1 - median)}` : `over-estimates by ${percent(median - 1)}`;
  out.bias = { medianRatio: median, answers: ratios.length, words };
  for (const s of list) {
    if (!eligible(s)) continue;
    const r = rescaleDistance(s.a.parsed as Distance, median);
    s.wide = r;
    if (s.score < 1 && s.cls === null && scoreParsed(s.a.truth, r, profile).score > s.score) s.cls = 'distance_bias';
  }
  corrections.set('distance_bias', `dividing every answer by the median ratio ${median.toFixed(2)}`);
  subtaskWide.add('distance_bias');
}

function medianOf(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

// ---- points ----

function classifyPoints(failed: Scored[], corrections: Map<DiagnosisClass, string>): void {
  for (const s of failed)
    if (!s.cls) [s.cls, s.corrected] = pointConvention(s.a.parsed as Point, s.a.truth as Point, s.a.imageSize) ?? [null, undefined];
  corrections.set('normalized_coordinates', 'multiplying [0, 1] coordinates by 999');
  corrections.set('pixel_coordinates', "converting pixels with the map image's size");
  corrections.set('axes_swapped', 'swapping x and y');
  corrections.set('y_flipped', 'replacing y by 999 - y');
}

// ---- choices ----

function classifyChoices(list: Scored[], failed: Scored[], out: SubtaskDiagnosis): void {
  const letters = [...CHOICE_LETTERS];
  const index = (l: string) => letters.indexOf(l);
  const picked = letters.map(() => 0);
  const truth = letters.map(() => 0);
  const confusion = letters.map(() => letters.map(() => 0));
  let n = 0;
  for (const s of list) {
    if (s.a.parsed?.kind !== 'choice' || s.a.truth.kind !== 'choice') continue;
    const pi = index(s.a.parsed.letter);
    const ti = index(s.a.truth.letter);
    if (pi < 0 || ti < 0) continue;
    picked[pi]++;
    truth[ti]++;
    confusion[ti][pi]++;
    n++;
  }
  if (n === 0) return;
  const test = chiSquareHomogeneity(picked, truth);
  let fav = 0;
  for (let i = 1; i < letters.length; i++) if (picked[i] - truth[i] > picked[fav] - truth[fav]) fav = i;
  const biased = n >= C.POSITION_BIAS_MIN_ANSWERS && test.p < C.POSITION_BIAS_ALPHA;
  const pText = test.p < 0.001 ? 'p < 0.001' : `p = ${test.p.toFixed(3)}`;
  const words =
    `picks ${letters[fav]} ${percent(picked[fav] / n)} of the time (the answer is ${letters[fav]} ${percent(truth[fav] / n)} of the time); ` +
    `χ² = ${test.statistic.toFixed(1)}, df = ${test.df}, ${pText}` +
    (biased ? '' : n < C.POSITION_BIAS_MIN_ANSWERS ? `; too few answers (${n}) to call a bias` : '; no significant position bias');
  out.choice = {
    letters,
    picked,
    truth,
    chiSquare: test.statistic,
    df: test.df,
    p: test.p,
    biased,
    favoured: letters[fav],
    words,
    confusion,
  };
  if (!biased) return;
  for (const s of failed) if (!s.cls && s.a.parsed?.kind === 'choice' && s.a.parsed.letter === letters[fav]) s.cls = 'position_bias';
}

// ---- format ----

function formatGroups(kind: AnswerKind, unparsed: readonly Scored[]): FormatGroup[] {
  const groups = new Map<FormatPattern, FormatGroup>();
  for (const s of unparsed) {
    const pattern = formatPatternOf(kind, s.a.raw);
    const g = groups.get(pattern) ?? { pattern, label: FORMAT_PATTERN_LABELS[pattern], count: 0, examples: [] };
    g.count++;
    const text = s.a.raw.length > C.FORMAT_EXAMPLE_MAX_CHARS ? `${s.a.raw.slice(0, C.FORMAT_EXAMPLE_MAX_CHARS)}…` : s.a.raw;
    // Distinct texts: three copies of one refusal show less than three refusals.
    if (g.examples.length < C.FORMAT_EXAMPLES && !g.examples.some((e) => e.text === text)) g.examples.push({ uid: s.a.uid, text });
    groups.set(pattern, g);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

// ---- input: frames the model never saw ----

function visibilityClass(
  key: SubtaskKey,
  list: Scored[],
  failed: Scored[],
  options: DiagnoseOptions,
  out: SubtaskDiagnosis,
  overallWith: (key: SubtaskKey, score: number) => number | null,
): void {
  if (!VISUAL_LOCALISATION_SUBTASKS.includes(key)) return;
  const seen = new Map<Scored, boolean>();
  for (const s of list) {
    const v = s.a.visibility;
    if (!v) continue;
    const frames = s.a.sampledFrames ?? (options.sampling ? uniformFrameIndices(v.frames, options.sampling.count) : undefined);
    if (frames) seen.set(s, anyFrameVisible(frames, v));
  }
  if (seen.size === 0) return;
  const unseen = [...seen].filter(([, v]) => !v).map(([s]) => s);
  const unseenFailed = failed.filter((s) => seen.get(s) === false);
  const sampling = options.sampling ? describeSampling(options.sampling) : 'the frames listed in the result lines';
  out.visibility = { sampling, questions: seen.size, unseen: unseen.length, unseenFailed: unseenFailed.length };
  if (unseenFailed.length === 0) return;
  // No answer can be corrected for a frame the model never saw: the what-if scores the questions whose target it saw.
  const subtask = aggregate(
    key,
    list,
    () => undefined,
    options.profile,
    (s) => seen.get(s) !== false,
  );
  out.classes.push({
    cls: 'target_unseen',
    count: unseenFailed.length,
    share: unseenFailed.length / failed.length,
    uids: unseenFailed.map((s) => s.a.uid),
    whatIf: Number.isNaN(subtask)
      ? null
      : {
          subtask,
          overall: overallWith(key, subtask),
          correction: `leaving out the ${unseen.length} question(s) whose target no sampled frame shows`,
        },
  });
}

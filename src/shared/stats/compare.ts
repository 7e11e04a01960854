// Comparing result files across the benchmark: per-file scores with bootstrap intervals, and paired deltas
// against a baseline on the questions both files answered. Pure: the extension host and the CLI share it.
import { ScoreAccumulator, type SubtaskAggregate } from '../scoring/aggregate';
import { SUBTASK_KEYS, type SubtaskKey } from '../subtasks';
import {
  BOOTSTRAP_RESAMPLES,
  CONFIDENCE_LEVEL,
  PERMUTATIONS,
  bootstrapMeans,
  excludesZero,
  percentileInterval,
  permutationPValue,
  signFlipSums,
  stream,
  type Interval,
  type ResamplingOptions,
} from './bootstrap';
import { DEFAULT_STATS_SEED } from './prng';

/** One result file's verdict on one question. */
export interface QuestionResult {
  subtask: SubtaskKey;
  /** In [0, 1]. */
  score: number;
  unparsed: boolean;
  /** The parsed answer as text ("-45°", "3.5 m", "(391, 698)", "C"), for listing disagreements. */
  answer?: string;
  /** The question's position in the dataset's order: resamples index questions in this order. */
  index: number;
}

/** What names a result set: the file, and the fields of its lines that tell runs and settings apart. */
export interface SetIdentity {
  /** Unique among the compared sets. */
  id: string;
  label: string;
  file: string;
  model?: string;
  template?: string;
  /** The `run` or `seed` field of its lines: repeated runs of one model and template differ in it. */
  run?: string;
  /** The `setting` field of its lines (`global`, `local-video`, `local-image`), if any. */
  setting?: string;
}

/** The per-question results of one result file (or of one `setting` within it); not changed once built. */
export interface ResultSet extends SetIdentity {
  /** uid -> result, in the file's line order (the order `summary` adds scores in). */
  results: ReadonlyMap<string, QuestionResult>;
}

export interface ScoreWithInterval extends SubtaskAggregate {
  /** Questions of this subtask in the dataset (or, without a dataset, in the union of the compared sets). */
  of: number;
  ci: Interval;
}

export interface SetScores extends SetIdentity {
  subtasks: Partial<Record<SubtaskKey, ScoreWithInterval>>;
  /** The paper's Avg. with its stratified bootstrap interval; null without any scored subtask. */
  overall: { score: number; ci: Interval; subtasks: number } | null;
  answered: number;
  /** Questions of the dataset this set has no result for. */
  missingFromDataset: number;
  /** Questions some other compared set answered and this one did not. */
  missingFromUnion: number;
}

export interface DeltaStat {
  /** other - baseline, in score points, on the questions both answered. */
  delta: number;
  /** Questions both answered; 0 for an unpaired comparison (different questions). */
  n: number;
  ci: Interval;
  /** Paired sign-flip permutation p-value; null for unpaired comparisons. */
  p: number | null;
  /** The interval excludes 0. */
  significant: boolean;
  /**
   * The interval excludes 0 but the paired p-value is not below 1 - level: the two disagree, as they do with
   * few questions, where the percentile bootstrap is too narrow. False for unpaired comparisons.
   */
  caution: boolean;
}

export interface PairDelta {
  baseline: string;
  other: string;
  paired: boolean;
  subtasks: Partial<Record<SubtaskKey, DeltaStat>>;
  overall: (DeltaStat & { subtasks: number }) | null;
  /** Questions only the baseline answered, and only the other: left out of the paired comparison. */
  onlyBaseline: number;
  onlyOther: number;
}

export interface CompareOptions extends Partial<ResamplingOptions> {
  /** Index of the baseline set (default 0). */
  baseline?: number;
  /** Questions per subtask in the dataset, for coverage and missing counts. */
  datasetCounts?: Partial<Record<SubtaskKey, number>>;
}

export interface Comparison {
  seed: number;
  resamples: number;
  permutations: number;
  level: number;
  baseline: string;
  sets: SetScores[];
  deltas: PairDelta[];
}

export function resamplingOptions(o: Partial<ResamplingOptions> = {}): ResamplingOptions {
  return {
    seed: o.seed ?? DEFAULT_STATS_SEED,
    resamples: o.resamples ?? BOOTSTRAP_RESAMPLES,
    permutations: o.permutations ?? PERMUTATIONS,
    level: o.level ?? CONFIDENCE_LEVEL,
  };
}

/** Means to score points, in place (the arrays are fresh from the bootstrap). */
function scaled(means: Float64Array): Float64Array {
  for (let r = 0; r < means.length; r++) means[r] *= 100;
  return means;
}

/** Sums to means, in place. A loop rather than a typed array's map: that calls a function per element. */
function divided(sums: Float64Array, n: number): Float64Array {
  for (let r = 0; r < sums.length; r++) sums[r] /= n;
  return sums;
}

/** Replicate by replicate, a - b. */
function difference(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let r = 0; r < a.length; r++) out[r] = a[r] - b[r];
  return out;
}

type Entry = { uid: string; result: QuestionResult };
const sortedCache = new WeakMap<ResultSet, Map<SubtaskKey, Entry[]>>();

/** Each subtask's results in dataset order (computed once per set). */
function sortedBySubtask(set: ResultSet): Map<SubtaskKey, Entry[]> {
  let out = sortedCache.get(set);
  if (out) return out;
  out = new Map();
  for (const [uid, result] of set.results) {
    const list = out.get(result.subtask) ?? [];
    list.push({ uid, result });
    out.set(result.subtask, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.result.index - b.result.index);
  sortedCache.set(set, out);
  return out;
}

/** Each subtask's scores in dataset order, optionally only over the uids `keep` accepts. */
function columnsBySubtask(set: ResultSet, keep?: (uid: string) => boolean): Map<SubtaskKey, QuestionResult[]> {
  const out = new Map<SubtaskKey, QuestionResult[]>();
  for (const [subtask, list] of sortedBySubtask(set)) {
    const kept = keep ? list.filter((e) => keep(e.uid)) : list;
    if (kept.length > 0)
      out.set(
        subtask,
        kept.map((e) => e.result),
      );
  }
  return out;
}

/** The point scores exactly as `summary` computes them: added up in the file's line order. */
function aggregate(set: ResultSet, keep?: (uid: string) => boolean): ScoreAccumulator {
  const acc = new ScoreAccumulator();
  for (const [uid, r] of set.results) if (!keep || keep(uid)) acc.add(r.subtask, r.score, r.unparsed);
  return acc;
}

/**
 * Bootstrap replicates (in score points) for many columns. Columns of one subtask and length share a stream
 * named by both, so files that answered the same questions are resampled on the same questions.
 */
function bootstrapAll(jobs: { subtask: SubtaskKey; column: Float64Array }[], o: ResamplingOptions, purpose = 'bootstrap'): Float64Array[] {
  const groups = new Map<string, number[]>();
  jobs.forEach((j, i) => {
    const key = `${j.subtask}/${j.column.length}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const out: Float64Array[] = new Array(jobs.length);
  for (const [key, members] of groups) {
    const [subtask, n] = key.split('/');
    const means = bootstrapMeans(
      members.map((i) => jobs[i].column),
      o.resamples,
      stream(o, purpose, subtask, n),
    );
    members.forEach((i, k) => (out[i] = scaled(means[k])));
  }
  return out;
}

/** The Avg.'s replicates: each replicate's subtask scores averaged as the paper averages (unweighted). */
function averageReplicates(perSubtask: Float64Array[], resamples: number): Float64Array {
  const avg = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (const reps of perSubtask) sum += reps[r];
    avg[r] = sum / perSubtask.length;
  }
  return avg;
}

const uidCount = (set: ResultSet) => set.results.size;

/** Per set id and subtask: the bootstrap replicates of its score over its own questions. */
export type ReplicateTable = Map<string, Map<SubtaskKey, Float64Array>>;

export function bootstrapSets(sets: readonly ResultSet[], options: Partial<ResamplingOptions> = {}): ReplicateTable {
  const jobs: { set: string; subtask: SubtaskKey; column: Float64Array }[] = [];
  for (const s of sets)
    for (const [subtask, list] of columnsBySubtask(s)) jobs.push({ set: s.id, subtask, column: Float64Array.from(list, (r) => r.score) });
  const reps = bootstrapAll(jobs, resamplingOptions(options));
  const table: ReplicateTable = new Map(sets.map((s) => [s.id, new Map()]));
  jobs.forEach((j, k) => table.get(j.set)!.set(j.subtask, reps[k]));
  return table;
}

/** Scores of every set with its intervals, coverage and missing counts. */
export function scoreSets(
  sets: readonly ResultSet[],
  options: CompareOptions = {},
  replicates = bootstrapSets(sets, options),
): SetScores[] {
  const o = resamplingOptions(options);
  const union = new Set<string>();
  const unionPerSubtask = new Map<SubtaskKey, Set<string>>();
  for (const s of sets)
    for (const [uid, r] of s.results) {
      union.add(uid);
      const u = unionPerSubtask.get(r.subtask) ?? new Set<string>();
      u.add(uid);
      unionPerSubtask.set(r.subtask, u);
    }
  const datasetTotal = options.datasetCounts ? SUBTASK_KEYS.reduce((a, k) => a + (options.datasetCounts![k] ?? 0), 0) : union.size;
  return sets.map((s) => {
    const acc = aggregate(s);
    const points = acc.subtasks();
    const subtasks: Partial<Record<SubtaskKey, ScoreWithInterval>> = {};
    const mine = replicates.get(s.id)!;
    const present: Float64Array[] = [];
    for (const key of SUBTASK_KEYS) {
      const p = points[key];
      const r = mine.get(key);
      if (!p || !r) continue;
      present.push(r);
      subtasks[key] = {
        ...p,
        of: options.datasetCounts?.[key] ?? unionPerSubtask.get(key)?.size ?? p.n,
        ci: percentileInterval(r, o.level),
      };
    }
    const overall = acc.overall();
    return {
      id: s.id,
      label: s.label,
      file: s.file,
      model: s.model,
      template: s.template,
      run: s.run,
      setting: s.setting,
      subtasks,
      overall:
        overall === null
          ? null
          : { score: overall, ci: percentileInterval(averageReplicates(present, o.resamples), o.level), subtasks: present.length },
      answered: uidCount(s),
      missingFromDataset: Math.max(0, datasetTotal - uidCount(s)),
      missingFromUnion: union.size - uidCount(s),
    };
  });
}

/** One subtask's paired differences (other - baseline) on the questions both answered, in dataset order. */
interface PairedSubtask {
  subtask: SubtaskKey;
  differences: Float64Array;
  /** Both sets answered exactly these questions of the subtask: their own replicates already pair them. */
  sameQuestions: boolean;
}

/**
 * Paired deltas of each `others` set against `baseline`, on the questions both answered: per subtask and for
 * the Avg., a paired bootstrap interval and a sign-flip permutation p-value of the mean score difference.
 * Where both sets answered the same questions of a subtask, their own replicates (`replicates`) were drawn on
 * the same resampled questions, so the delta's replicates are their differences and are not drawn again.
 */
export function pairedDeltas(
  baseline: ResultSet,
  others: readonly ResultSet[],
  options: Partial<ResamplingOptions> = {},
  replicates?: ReplicateTable,
): PairDelta[] {
  const o = resamplingOptions(options);
  const sizes = (set: ResultSet) => new Map([...sortedBySubtask(set)].map(([k, list]) => [k, list.length]));
  const baseSizes = sizes(baseline);
  const baseAll = aggregate(baseline).subtasks();
  const perPair = others.map((other) => {
    const counts = exclusiveCounts(baseline, other);
    // With the same questions on both sides, every uid passes: no filter, and the baseline's scores are its own.
    const same = counts.onlyBaseline === 0 && counts.onlyOther === 0;
    const both = same ? undefined : (uid: string) => baseline.results.has(uid) && other.results.has(uid);
    const b = columnsBySubtask(baseline, both);
    const otherSizes = sizes(other);
    const jobs: PairedSubtask[] = [];
    for (const [subtask, list] of columnsBySubtask(other, both)) {
      const base = b.get(subtask)!;
      // Both lists hold the same uids sorted by dataset index, so position k is the same question in each.
      const differences = Float64Array.from(list, (r, k) => r.score - base[k].score);
      jobs.push({ subtask, differences, sameQuestions: list.length === baseSizes.get(subtask) && list.length === otherSizes.get(subtask) });
    }
    jobs.sort((x, y) => SUBTASK_KEYS.indexOf(x.subtask) - SUBTASK_KEYS.indexOf(y.subtask));
    return { other, both, jobs, counts };
  });
  const reusable = (other: ResultSet, j: PairedSubtask) =>
    j.sameQuestions && replicates?.get(other.id)?.has(j.subtask) === true && replicates.get(baseline.id)?.has(j.subtask) === true;
  const reuse = (other: ResultSet, j: PairedSubtask) => {
    const ro = replicates!.get(other.id)!.get(j.subtask)!;
    const rb = replicates!.get(baseline.id)!.get(j.subtask)!;
    return difference(ro, rb);
  };
  const fresh = perPair.flatMap((p) =>
    p.jobs.filter((j) => !reusable(p.other, j)).map((j) => ({ subtask: j.subtask, column: j.differences })),
  );
  const drawn = bootstrapAll(fresh, o);
  let next = 0;
  return perPair.map(({ other, both, jobs, counts }) => {
    const accB = both ? aggregate(baseline, both).subtasks() : baseAll;
    const accO = aggregate(other, both).subtasks();
    const subtasks: Partial<Record<SubtaskKey, DeltaStat>> = {};
    const boots: Float64Array[] = [];
    const flips: Float64Array[] = [];
    let observedAvg = 0;
    for (const j of jobs) {
      const boot = reusable(other, j) ? reuse(other, j) : drawn[next++];
      const n = j.differences.length;
      const flip = divided(signFlipSums(j.differences, o.permutations, stream(o, 'signflip', j.subtask, n)), n);
      const observed = j.differences.reduce((a, d) => a + d, 0) / n;
      boots.push(boot);
      flips.push(flip);
      observedAvg += observed;
      const ci = percentileInterval(boot, o.level);
      subtasks[j.subtask] = {
        delta: accO[j.subtask]!.score - accB[j.subtask]!.score,
        n,
        ci,
        ...verdict(ci, permutationPValue(observed, flip), o.level),
      };
    }
    let overall: PairDelta['overall'] = null;
    if (jobs.length > 0) {
      const ci = percentileInterval(averageReplicates(boots, o.resamples), o.level);
      const avgOf = (acc: typeof accB) => jobs.reduce((a, j) => a + acc[j.subtask]!.score, 0) / jobs.length;
      overall = {
        delta: avgOf(accO) - avgOf(accB),
        n: jobs.reduce((a, j) => a + j.differences.length, 0),
        ci,
        ...verdict(ci, permutationPValue(observedAvg / jobs.length, averageReplicates(flips, o.permutations)), o.level),
        subtasks: jobs.length,
      };
    }
    return { baseline: baseline.id, other: other.id, paired: true, subtasks, overall, ...counts };
  });
}

/**
 * Unpaired deltas, for sets of different questions (e.g. the paper's local-control questions against global
 * ones): each side is resampled on its own questions from its own stream; no p-value.
 */
export function unpairedDelta(baseline: ResultSet, other: ResultSet, options: Partial<ResamplingOptions> = {}): PairDelta {
  const o = resamplingOptions(options);
  const [b, x] = [baseline, other].map((set, side) => {
    const jobs = [...columnsBySubtask(set)].map(([subtask, list]) => ({ subtask, column: Float64Array.from(list, (r) => r.score) }));
    const reps = bootstrapAll(jobs, o, `unpaired-${side}`);
    return { points: aggregate(set).subtasks(), reps: new Map(jobs.map((j, k) => [j.subtask, reps[k]])) };
  });
  const subtasks: Partial<Record<SubtaskKey, DeltaStat>> = {};
  const boots: Float64Array[] = [];
  const present: SubtaskKey[] = [];
  for (const key of SUBTASK_KEYS) {
    const rb = b.reps.get(key);
    const rx = x.reps.get(key);
    if (!rb || !rx) continue;
    const diff = difference(rx, rb);
    boots.push(diff);
    present.push(key);
    const ci = percentileInterval(diff, o.level);
    subtasks[key] = { delta: x.points[key]!.score - b.points[key]!.score, n: 0, ci, ...verdict(ci, null, o.level) };
  }
  let overall: PairDelta['overall'] = null;
  if (boots.length > 0) {
    const ci = percentileInterval(averageReplicates(boots, o.resamples), o.level);
    const avgOf = (points: typeof b.points) => present.reduce((a, k) => a + points[k]!.score, 0) / present.length;
    overall = { delta: avgOf(x.points) - avgOf(b.points), n: 0, ci, ...verdict(ci, null, o.level), subtasks: boots.length };
  }
  return { baseline: baseline.id, other: other.id, paired: false, subtasks, overall, ...exclusiveCounts(baseline, other) };
}

function verdict(ci: Interval, p: number | null, level: number): Pick<DeltaStat, 'p' | 'significant' | 'caution'> {
  const significant = excludesZero(ci);
  return { p, significant, caution: significant && p !== null && p >= 1 - level };
}

function exclusiveCounts(baseline: ResultSet, other: ResultSet): { onlyBaseline: number; onlyOther: number } {
  let common = 0;
  for (const uid of other.results.keys()) if (baseline.results.has(uid)) common++;
  return { onlyBaseline: baseline.results.size - common, onlyOther: other.results.size - common };
}

/** Every set's scores, and every other set's paired deltas against the baseline. */
export function compareSets(sets: readonly ResultSet[], options: CompareOptions = {}): Comparison {
  if (sets.length === 0) throw new RangeError('compare needs at least one result set');
  const o = resamplingOptions(options);
  const b = options.baseline ?? 0;
  if (b < 0 || b >= sets.length) throw new RangeError(`baseline ${b} is not one of the ${sets.length} sets`);
  const replicates = bootstrapSets(sets, o);
  return {
    ...o,
    baseline: sets[b].id,
    sets: scoreSets(sets, options, replicates),
    deltas: pairedDeltas(
      sets[b],
      sets.filter((_, i) => i !== b),
      o,
      replicates,
    ),
  };
}

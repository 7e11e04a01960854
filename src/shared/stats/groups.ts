// Groupings across compared result sets: repeated runs of one model and template, and the paper's local
// control (the same model under `setting` global / local-video / local-image).
import { LOCAL_SETTINGS, paperLocalControl, type LocalSetting } from '../reference/paper';
import { SUBTASK_KEYS, type SubtaskKey } from '../subtasks';
import type { ResamplingOptions } from './bootstrap';
import { pairedDeltas, unpairedDelta, type PairDelta, type ResultSet, type SetScores } from './compare';

export interface Spread {
  mean: number;
  /** Sample standard deviation (n - 1 in the denominator); 0 for a single run. */
  sd: number;
  min: number;
  max: number;
  runs: number;
}

export interface RunGroup {
  model: string;
  template?: string;
  setting?: string;
  /** Ids of the sets in the group, one per run. */
  members: string[];
  runs: string[];
  subtasks: Partial<Record<SubtaskKey, Spread>>;
  overall: Spread | null;
}

export function spreadOf(values: readonly number[]): Spread {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
  return { mean, sd, min: Math.min(...values), max: Math.max(...values), runs: n };
}

const groupKey = (...parts: (string | undefined)[]) => JSON.stringify(parts.map((p) => p ?? null));

/**
 * Sets that share `model`, `template` and `setting` but differ in `run` (or `seed`) form a group: the mean
 * and spread of each score across the runs. Sets without a model, or alone in their group, form none.
 */
export function runGroups(scores: readonly SetScores[]): RunGroup[] {
  const groups = new Map<string, SetScores[]>();
  for (const s of scores) {
    if (!s.model || s.run === undefined) continue;
    const key = groupKey(s.model, s.template, s.setting);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const out: RunGroup[] = [];
  for (const members of groups.values()) {
    if (new Set(members.map((m) => m.run)).size < 2) continue;
    const subtasks: Partial<Record<SubtaskKey, Spread>> = {};
    for (const key of SUBTASK_KEYS) {
      const values = members.flatMap((m) => (m.subtasks[key] ? [m.subtasks[key]!.score] : []));
      if (values.length > 0) subtasks[key] = spreadOf(values);
    }
    const overalls = members.flatMap((m) => (m.overall ? [m.overall.score] : []));
    const first = members[0];
    out.push({
      model: first.model!,
      template: first.template,
      setting: first.setting,
      members: members.map((m) => m.id),
      runs: members.map((m) => m.run!),
      subtasks,
      overall: overalls.length > 0 ? spreadOf(overalls) : null,
    });
  }
  return out;
}

export interface SettingComparison {
  model?: string;
  template?: string;
  run?: string;
  setting: Exclude<LocalSetting, 'global'>;
  /** The delta of this setting against `global`: paired on the common questions when there are any, else unpaired. */
  delta: PairDelta;
  /** The paper's own numbers for this model, per subtask: global, this setting, and their difference. */
  paper: Partial<Record<SubtaskKey, { global: number; local: number; delta: number }>>;
}

const shareQuestions = (a: ResultSet, b: ResultSet) => [...a.results.keys()].some((u) => b.results.has(u));

/**
 * For each model/template/run with a `global` set and local-control sets, the deltas against global beside
 * the paper's local-control numbers for that model (matched by name, ignoring case).
 */
export function settingComparisons(sets: readonly ResultSet[], options: Partial<ResamplingOptions> = {}): SettingComparison[] {
  const families = new Map<string, ResultSet[]>();
  for (const s of sets) {
    if (!s.setting) continue;
    const key = groupKey(s.model, s.template, s.run);
    families.set(key, [...(families.get(key) ?? []), s]);
  }
  const out: SettingComparison[] = [];
  for (const family of families.values()) {
    const global = family.find((s) => s.setting === 'global');
    if (!global) continue;
    for (const setting of LOCAL_SETTINGS) {
      if (setting === 'global') continue;
      const local = family.find((s) => s.setting === setting);
      if (!local) continue;
      const delta = shareQuestions(global, local) ? pairedDeltas(global, [local], options)[0] : unpairedDelta(global, local, options);
      const paper: SettingComparison['paper'] = {};
      for (const r of paperLocalControl(global.model))
        paper[r.subtask] = { global: r.scores.global, local: r.scores[setting], delta: r.scores[setting] - r.scores.global };
      out.push({ model: global.model, template: global.template, run: global.run, setting, delta, paper });
    }
  }
  return out;
}

// The whole compare report of a list of result sets: scores and paired deltas against the baseline, repeated
// runs grouped, local-control settings against global. `gst-bench compare` and the Compare panel both call
// this, so the panel shows exactly the CLI's numbers.
import type { SubtaskKey } from '../subtasks';
import { compareSets, type Comparison, type ResultSet } from './compare';
import { runGroups, settingComparisons, type RunGroup, type SettingComparison } from './groups';

export interface CompareReport {
  comparison: Comparison;
  runGroups: RunGroup[];
  settings: SettingComparison[];
}

export interface CompareReportOptions {
  /** Index of the baseline set. */
  baseline: number;
  seed?: number;
  datasetCounts?: Partial<Record<SubtaskKey, number>>;
}

export function compareReport(sets: readonly ResultSet[], o: CompareReportOptions): CompareReport {
  const comparison = compareSets(sets, { baseline: o.baseline, seed: o.seed, datasetCounts: o.datasetCounts });
  return { comparison, runGroups: runGroups(comparison.sets), settings: settingComparisons(sets, comparison) };
}

/**
 * The baseline set of a file: its `global` set (or its only set, without `setting`), else its first set; -1
 * when no set belongs to it.
 */
export function baselineIndexOf(sets: readonly ResultSet[], isFile: (s: ResultSet) => boolean): number {
  const global = sets.findIndex((s) => isFile(s) && (s.setting ?? 'global') === 'global');
  return global >= 0 ? global : sets.findIndex(isFile);
}

// What the scoreboard needs from the rest of the extension, and the store's implementation of it.
import type { Dataset, Evaluation, ScoringProfile } from '../../core';
import { resultLabel } from '../../model';
import type { InspectorState } from '../../store/state';
import { anyEvent, type Event } from '../../store/slices';
import type { DiagnosisHost } from '../common/diagnosisHost';

export interface ScoreboardFile {
  id: string;
  /** As the Results view names it. */
  name: string;
  colorIndex: number;
  active: boolean;
  evaluation: Evaluation;
}

export interface ScoreboardHost {
  /** The files on the board: the ticked ones (in load order, the colour order), else the active one. */
  files(): { basis: 'ticked' | 'active' | 'none'; files: ScoreboardFile[] };
  /** The loaded questions (all datasets merged), or undefined without a dataset. */
  dataset(): Dataset | undefined;
  profile(): ScoringProfile;
  /** Puts a loaded file on the board: ticks it in the Results view. False when it is not loaded. */
  include(file: string): boolean;
  /** Files, their scores, the ticked set or the datasets changed. */
  readonly onDidChange: Event<unknown>;
  /** The files' diagnoses, for the Diagnosis sections; without it the board has none. */
  readonly diagnosis?: DiagnosisHost;
}

export function createScoreboardHost(state: InspectorState, profile: () => ScoringProfile, diagnosis?: DiagnosisHost): ScoreboardHost {
  const { datasets, results, comparison } = state.slices;
  const fileOf = (r: ReturnType<InspectorState['results']>[number]): ScoreboardFile[] =>
    r.evaluation ? [{ id: r.id, name: resultLabel(r), colorIndex: r.colorIndex, active: r.active, evaluation: r.evaluation }] : [];
  return {
    files() {
      const ticked = state
        .results()
        .filter((r) => r.compared)
        .sort((a, b) => a.colorIndex - b.colorIndex)
        .flatMap(fileOf);
      if (ticked.length > 0) return { basis: 'ticked', files: ticked };
      const active = state.activeResult();
      const files = active ? fileOf(active) : [];
      return { basis: files.length > 0 ? 'active' : 'none', files };
    },
    dataset: () => state.mergedDataset()?.dataset,
    profile,
    include(file) {
      const r = state.result(file);
      if (!r) return false;
      state.setCompared(r.id, true);
      return true;
    },
    onDidChange: anyEvent(results.onDidChange, comparison.onDidChange, datasets.onDidChange),
    diagnosis,
  };
}

// What the Compare panel needs from the rest of the extension, and the state's implementation of it.
// The panel never reaches into views or the store directly.
import * as path from 'node:path';
import type { Dataset, EvaluateOptions, Evaluation } from '../../core';
import { scoresUnsavedText } from '../../store/readResult';
import type { InspectorState } from '../../store/state';
import { anyEvent, type Event } from '../../store/slices';
import type { DiagnosisHost } from '../common/diagnosisHost';

/** A ticked result file with its evaluation. */
export interface CompareInput {
  id: string;
  name: string;
  colorIndex: number;
  evaluation: Evaluation;
}

export interface CompareHost {
  /** The files ticked in the Results view that have an evaluation, in load (colour) order. */
  comparedFiles(): CompareInput[];
  /** How many files are ticked, with or without an evaluation (for the message when fewer than two are). */
  tickedCount(): number;
  /** The comparison slice's baseline (a file id), if one is set. */
  baseline(): string | undefined;
  setBaseline(id: string): void;
  /** The merged dataset the evaluations were scored against. */
  dataset(): Dataset | undefined;
  /** Profile, reader and field mapping, as the Results view scores with. */
  options(): EvaluateOptions;
  /** Opens the question in the sample viewer and selects it in the Questions view. */
  showQuestion(uid: string): void;
  /** The text of the file's open editor with unsaved changes, when the store scores that text rather than the
   * file on disk (JSON lines files); otherwise undefined and the file is read. */
  unsavedText(file: string): string | undefined;
  /** The ticked files, their scores, the baseline or the datasets changed. */
  readonly onDidChange: Event<unknown>;
  /** The files' diagnoses, for the diagnosis deltas; without it the panel has none. */
  readonly diagnosis?: DiagnosisHost;
}

export function createCompareHost(
  state: InspectorState,
  deps: {
    options(): EvaluateOptions;
    showQuestion(uid: string): void;
    unsavedText?(file: string): string | undefined;
    diagnosis?: DiagnosisHost;
  },
): CompareHost {
  const { datasets, results, comparison } = state.slices;
  return {
    comparedFiles: () =>
      state
        .results()
        .filter((r) => comparison.isCompared(r.id) && r.evaluation)
        .sort((a, b) => a.colorIndex - b.colorIndex)
        .map((r) => ({ id: r.id, name: path.basename(r.file), colorIndex: r.colorIndex, evaluation: r.evaluation! })),
    tickedCount: () => comparison.compared().length,
    baseline: () => comparison.baseline(),
    setBaseline: (id) => comparison.setBaseline(id),
    dataset: () => state.mergedDataset()?.dataset,
    options: deps.options,
    showQuestion: deps.showQuestion,
    unsavedText: (file) => (scoresUnsavedText(file) ? deps.unsavedText?.(file) : undefined),
    onDidChange: anyEvent(results.onDidChange, comparison.onDidChange, datasets.onDidChange),
    diagnosis: deps.diagnosis,
  };
}

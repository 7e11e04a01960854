// The extension's state without VS Code: the slices with their typed change events (datasets, results with
// the active file, comparison, filter, selection, audit), the Questions tree built from them (cached until an
// input changes), and `onDidChange` after any change. A view listens to the slices it shows.
import * as path from 'node:path';
import type { Dataset, Problem, Question } from '../core';
import { buildQuestionTree, QuestionNodeCache, type FilterState, type QuestionTree, type ResultFileState } from '../model';
import {
  AuditSlice,
  ComparisonSlice,
  DatasetsSlice,
  DiagnosisSlice,
  Emitter,
  FilterSlice,
  ResultsSlice,
  SelectionSlice,
  type DatasetEntry,
  type MergedDataset,
} from './slices';

export class InspectorState {
  readonly slices = {
    datasets: new DatasetsSlice(),
    results: new ResultsSlice(),
    comparison: new ComparisonSlice(),
    filter: new FilterSlice(),
    selection: new SelectionSlice(),
    audit: new AuditSlice(),
    diagnosis: new DiagnosisSlice(),
  };
  private cachedTree: QuestionTree | undefined;
  private questionNodes = new QuestionNodeCache();
  private readonly emitter = new Emitter<void>();
  private readonly subscriptions: Array<{ dispose(): void }>;
  /** Fires after any change of datasets, results, the active/compared set, the filter or the selection. */
  readonly onDidChange = this.emitter.event;

  constructor() {
    const { datasets, results, comparison, filter, selection, audit, diagnosis } = this.slices;
    const treeInput = () => {
      this.cachedTree = undefined;
    };
    this.subscriptions = [
      // The compared flag on each file mirrors the comparison slice, for the pure tree and label code.
      comparison.onDidChange(() => {
        for (const r of results.all()) r.compared = comparison.isCompared(r.id);
      }),
      results.onDidChange((e) => {
        if (e.kind === 'removed') e.ids.forEach((id) => comparison.forget(id));
        // Only the active file's scores are in the tree.
        if (e.kind !== 'evaluation' || e.ids.includes(results.active()?.id ?? '')) treeInput();
      }),
      datasets.onDidChange((e) => {
        // Checked media change a question's problems in place: the rows kept for it would keep its old warning.
        if (e.kind === 'media') this.questionNodes = new QuestionNodeCache();
        treeInput();
      }),
      filter.onDidChange(treeInput),
      audit.onDidChange(() => {
        if (filter.get().audit !== undefined) treeInput();
      }),
      // The tree's tooltips and diagnosis filter read the active file's diagnosis.
      diagnosis.onDidChange((e) => {
        const shown = [results.active()?.id, filter.get().diagnosis?.resultId];
        if (shown.some((id) => id !== undefined && e.ids.includes(id))) treeInput();
      }),
      ...[datasets, results, comparison, filter, selection, audit, diagnosis].map((slice) =>
        (slice.onDidChange as (l: () => void) => { dispose(): void })(() => this.emitter.fire()),
      ),
    ];
  }

  datasets(): DatasetEntry[] {
    return this.slices.datasets.all();
  }

  loadedDatasets(): Dataset[] {
    return this.slices.datasets.loaded();
  }

  /** True once a dataset has loaded (one that failed to load shows in Problems, and the welcome stays). */
  hasDataset(): boolean {
    return this.loadedDatasets().length > 0;
  }

  /** All loaded datasets merged: questions in dataset order; a uid held by two datasets maps to the first. */
  mergedDataset(): MergedDataset | undefined {
    return this.slices.datasets.mergedDataset();
  }

  getQuestion(uid: string): { question: Question; dataset: Dataset } | undefined {
    return this.slices.datasets.getQuestion(uid);
  }

  /** Resolves once this question's media refs and problems are final. Datasets given whole (tests) are final. */
  async mediaOf(_question: Question): Promise<void> {}

  /** Resolves once every loaded dataset's media are checked. */
  async allMediaChecked(): Promise<void> {}

  results(): ResultFileState[] {
    return this.slices.results.all();
  }

  result(idOrFile: string): ResultFileState | undefined {
    return this.slices.results.get(path.resolve(idOrFile));
  }

  activeResult(): ResultFileState | undefined {
    return this.slices.results.active();
  }

  setActive(idOrFile: string): void {
    this.slices.results.setActive(path.resolve(idOrFile));
  }

  setCompared(idOrFile: string, compared: boolean): void {
    const id = path.resolve(idOrFile);
    if (this.slices.results.get(id)) this.slices.comparison.setCompared(id, compared);
  }

  // ---------- filter and tree ----------

  get filter(): Readonly<FilterState> {
    return this.slices.filter.get();
  }

  setFilter(patch: Partial<FilterState>): void {
    this.slices.filter.set(patch);
  }

  clearFilter(): void {
    this.slices.filter.clear();
  }

  filterActive(): boolean {
    return this.slices.filter.isActive();
  }

  /** The Questions tree for the current datasets, active result and filter (cached until the next change). */
  tree(): QuestionTree {
    if (!this.cachedTree) {
      const active = this.activeResult();
      const m = this.mergedDataset();
      const activeEvaluation = active?.evaluation ? { label: path.basename(active.file), evaluation: active.evaluation } : undefined;
      const filter = this.slices.filter.get();
      const { diagnosis } = this.slices;
      this.cachedTree = buildQuestionTree(
        m?.questions ?? [],
        activeEvaluation,
        filter,
        this.slices.audit.states(),
        {
          filter: filter.diagnosis ? diagnosis.get(filter.diagnosis.resultId)?.byUid : undefined,
          active: active ? diagnosis.get(active.id) : undefined,
        },
        this.questionNodes,
      );
    }
    return this.cachedTree;
  }

  // ---------- problems ----------

  /** Every problem of the loaded datasets and result files, for the Problems panel. */
  problems(): Problem[] {
    const out: Problem[] = [];
    for (const d of this.slices.datasets.all()) {
      if (d.dataset) out.push(...d.dataset.problems);
      else if (d.error) out.push({ file: d.path, severity: 'error', message: `cannot read dataset: ${d.error}` });
    }
    for (const r of this.slices.results.all()) {
      if (r.evaluation) out.push(...r.evaluation.problems);
    }
    return out;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    for (const slice of Object.values(this.slices)) slice.dispose();
    this.emitter.dispose();
  }
}

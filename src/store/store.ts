// The extension's state: loaded datasets, result files with their evaluations, the active result, the
// results checked for comparison, and the Questions filter. Views, diagnostics, the status bar and the
// viewer all read from here and listen to `onDidChange`.
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  DEFAULT_FIELDS,
  DEFAULT_PROFILE,
  evaluateResultFileWithSettings,
  evaluateTextInSlices,
  isScoringProfile,
  readDataset,
  type Dataset,
  type Evaluation,
  type FieldMapping,
  type Problem,
  type Question,
  type ScoringProfile,
} from '../core';
import { DEFAULT_READER, isReaderName, type ReaderName } from '../shared/parsing/readers';
import { SETTINGS } from '../ids';
import { buildQuestionTree, DEFAULT_FILTER, isFilterActive, type FilterState, type QuestionTree, type ResultFileState } from '../model';

export type DatasetSource = 'setting' | 'user' | 'detected' | 'demo';

export interface DatasetEntry {
  /** The path as given (resolved to absolute); the key of the entry. */
  path: string;
  sources: Set<DatasetSource>;
  dataset?: Dataset;
  error?: string;
}

/** Debounce for watcher events: editors and tools often write a file in several steps. */
export const RELOAD_DEBOUNCE_MS = 300;

/** Files whose change reloads a folder dataset. Not result files or media: a rescore in the dataset must not reload it. */
export const DATASET_WATCH_GLOB = '**/{question.json,sample_summary.json}';

export class InspectorStore implements vscode.Disposable {
  private readonly datasetEntries = new Map<string, DatasetEntry>();
  private readonly resultEntries = new Map<string, ResultFileState>();
  private readonly watchers = new Map<string, vscode.Disposable>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private nextColorIndex = 0;
  private activeId: string | undefined;
  private filterState: FilterState = { ...DEFAULT_FILTER };
  private merged: { dataset: Dataset; questions: Question[]; owner: Map<string, Dataset> } | undefined;
  private cachedTree: QuestionTree | undefined;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires after any change of datasets, results, the active/checked set or the filter. */
  readonly onDidChange = this.emitter.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  // ---------- settings ----------

  fields(): FieldMapping {
    const c = vscode.workspace.getConfiguration();
    return {
      uidField: c.get<string>(SETTINGS.uidField)?.trim() || DEFAULT_FIELDS.uidField,
      predictionField: c.get<string>(SETTINGS.predictionField)?.trim() || DEFAULT_FIELDS.predictionField,
    };
  }

  profile(): ScoringProfile {
    const p = vscode.workspace.getConfiguration().get<string>(SETTINGS.scoringProfile) ?? DEFAULT_PROFILE;
    return isScoringProfile(p) ? p : DEFAULT_PROFILE;
  }

  reader(): ReaderName {
    const r = vscode.workspace.getConfiguration().get<string>(SETTINGS.parsingReader);
    return isReaderName(r) ? r : DEFAULT_READER;
  }

  // ---------- datasets ----------

  datasets(): DatasetEntry[] {
    return [...this.datasetEntries.values()];
  }

  loadedDatasets(): Dataset[] {
    return this.datasets().flatMap((d) => (d.dataset ? [d.dataset] : []));
  }

  /** True once a dataset has loaded (one that failed to load shows in Problems, and the welcome stays). */
  hasDataset(): boolean {
    return this.loadedDatasets().length > 0;
  }

  /** Adds (or reloads) a dataset folder or annotations file. Resolves once it is loaded and results re-scored. */
  addDataset(target: string, source: DatasetSource): Promise<void> {
    const key = path.resolve(target);
    const existing = this.datasetEntries.get(key);
    if (existing) {
      existing.sources.add(source);
      return this.track(this.reloadDataset(key));
    }
    this.datasetEntries.set(key, { path: key, sources: new Set([source]) });
    this.changed();
    return this.track(this.reloadDataset(key));
  }

  /** Drops a source from a dataset; the dataset goes when no source holds it any more. */
  removeDatasetSource(target: string, source: DatasetSource): void {
    const key = path.resolve(target);
    const e = this.datasetEntries.get(key);
    if (!e) return;
    e.sources.delete(source);
    if (e.sources.size > 0) return;
    this.datasetEntries.delete(key);
    this.unwatch(`dataset:${key}`);
    this.datasetsChanged();
  }

  private async reloadDataset(key: string): Promise<void> {
    const gen = this.bump(`dataset:${key}`);
    const entry = this.datasetEntries.get(key);
    if (!entry) return;
    const started = Date.now();
    try {
      const dataset = await readDataset(key);
      if (this.generations.get(`dataset:${key}`) !== gen || !this.datasetEntries.has(key)) return;
      entry.dataset = dataset;
      entry.error = undefined;
      this.log.info(`dataset ${key}: ${dataset.questions.length} questions, ${dataset.problems.length} problems (${Date.now() - started} ms)`);
      this.watch(`dataset:${key}`, dataset.file ? new vscode.RelativePattern(vscode.Uri.file(path.dirname(dataset.file)), path.basename(dataset.file)) : new vscode.RelativePattern(vscode.Uri.file(dataset.root), DATASET_WATCH_GLOB), () =>
        this.track(this.reloadDataset(key)),
      );
    } catch (e) {
      if (this.generations.get(`dataset:${key}`) !== gen) return;
      entry.dataset = undefined;
      entry.error = (e as Error).message;
      this.log.error(`dataset ${key}: ${entry.error}`);
    }
    await this.datasetsChanged();
  }

  private async datasetsChanged(): Promise<void> {
    this.merged = undefined;
    this.changed();
    await Promise.all([...this.resultEntries.keys()].map((id) => this.reloadResult(id)));
  }

  /** All loaded datasets merged: questions in dataset order; a uid held by two datasets maps to the first. */
  mergedDataset(): { dataset: Dataset; questions: Question[]; owner: Map<string, Dataset> } | undefined {
    if (this.merged) return this.merged;
    const loaded = this.loadedDatasets();
    if (loaded.length === 0) return undefined;
    if (loaded.length === 1) {
      const d = loaded[0];
      this.merged = { dataset: d, questions: d.questions.filter((q) => d.byUid.get(q.uid) === q), owner: new Map(d.questions.map((q) => [q.uid, d])) };
      return this.merged;
    }
    const byUid = new Map<string, Question>();
    const owner = new Map<string, Dataset>();
    const questions: Question[] = [];
    for (const d of loaded) {
      for (const q of d.questions) {
        if (byUid.has(q.uid)) continue;
        byUid.set(q.uid, q);
        owner.set(q.uid, d);
        questions.push(q);
      }
    }
    const dataset: Dataset = { root: loaded[0].root, layout: loaded[0].layout, questions, byUid, problems: [] };
    this.merged = { dataset, questions, owner };
    return this.merged;
  }

  getQuestion(uid: string): { question: Question; dataset: Dataset } | undefined {
    const m = this.mergedDataset();
    const question = m?.dataset.byUid.get(uid);
    const dataset = m?.owner.get(uid);
    return question && dataset ? { question, dataset } : undefined;
  }

  // ---------- result files ----------

  results(): ResultFileState[] {
    return [...this.resultEntries.values()];
  }

  result(idOrFile: string): ResultFileState | undefined {
    return this.resultEntries.get(path.resolve(idOrFile));
  }

  activeResult(): ResultFileState | undefined {
    return this.activeId ? this.resultEntries.get(this.activeId) : undefined;
  }

  /** Loads (or reloads) a result file. The first one loaded becomes active, as does one loaded with `makeActive`. */
  addResult(file: string, options: { makeActive?: boolean } = {}): Promise<void> {
    const id = path.resolve(file);
    let entry = this.resultEntries.get(id);
    if (!entry) {
      entry = { id, file: id, colorIndex: this.nextColorIndex++, active: false, compared: false };
      this.resultEntries.set(id, entry);
      this.watch(`result:${id}`, new vscode.RelativePattern(vscode.Uri.file(path.dirname(id)), path.basename(id)), () => this.track(this.reloadResult(id)));
    }
    if (options.makeActive || !this.activeId) this.setActive(id);
    else this.changed();
    return this.track(this.reloadResult(id));
  }

  unloadResult(idOrFile: string): void {
    const id = path.resolve(idOrFile);
    if (!this.resultEntries.delete(id)) return;
    this.unwatch(`result:${id}`);
    this.bump(`result:${id}`);
    if (this.activeId === id) {
      const next = this.resultEntries.values().next().value as ResultFileState | undefined;
      this.activeId = undefined;
      if (next) this.setActive(next.id);
    }
    this.changed();
  }

  setActive(idOrFile: string): void {
    const id = path.resolve(idOrFile);
    if (!this.resultEntries.has(id)) return;
    this.activeId = id;
    for (const r of this.resultEntries.values()) r.active = r.id === id;
    this.changed();
  }

  setCompared(idOrFile: string, compared: boolean): void {
    const r = this.resultEntries.get(path.resolve(idOrFile));
    if (!r || r.compared === compared) return;
    r.compared = compared;
    this.changed();
  }

  /** Sets a file's evaluation directly, e.g. after a rescore into an editor buffer. */
  setEvaluation(idOrFile: string, evaluation: Evaluation): void {
    const r = this.resultEntries.get(path.resolve(idOrFile));
    if (!r) return;
    this.bump(`result:${r.id}`); // a reload started before this must not overwrite it
    r.evaluation = evaluation;
    r.error = undefined;
    this.changed();
  }

  private async reloadResult(id: string): Promise<void> {
    const gen = this.bump(`result:${id}`);
    const entry = this.resultEntries.get(id);
    const merged = this.mergedDataset();
    if (!entry) return;
    if (!merged) {
      entry.evaluation = undefined;
      this.changed();
      return;
    }
    const options = { profile: this.profile(), reader: this.reader(), fields: this.fields() };
    try {
      // An open editor with unsaved changes is what the user sees: score that text.
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && path.resolve(d.uri.fsPath) === id);
      const evaluation = doc?.isDirty ? await evaluateTextInSlices(merged.dataset, id, doc.getText(), options) : await evaluateResultFileWithSettings(merged.dataset, id, options);
      if (this.generations.get(`result:${id}`) !== gen || !this.resultEntries.has(id)) return;
      entry.evaluation = evaluation;
      entry.error = undefined;
    } catch (e) {
      if (this.generations.get(`result:${id}`) !== gen) return;
      entry.evaluation = undefined;
      entry.error = `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
      this.log.error(`result file ${id}: ${(e as Error).message}`);
    }
    this.changed();
  }

  /** Re-reads every dataset and result file (after a settings change or the Refresh command). */
  reloadAll(): Promise<void> {
    // A dataset reload re-scores every result file; without datasets, re-read the results alone.
    const datasets = [...this.datasetEntries.keys()];
    return this.track(datasets.length > 0 ? Promise.all(datasets.map((k) => this.reloadDataset(k))).then(() => undefined) : this.reevaluateResults());
  }

  /** Re-scores the loaded result files (after the profile or field mapping changed). */
  reevaluateResults(): Promise<void> {
    return this.track(Promise.all([...this.resultEntries.keys()].map((id) => this.reloadResult(id))).then(() => undefined));
  }

  // ---------- filter and tree ----------

  get filter(): Readonly<FilterState> {
    return this.filterState;
  }

  setFilter(patch: Partial<FilterState>): void {
    this.filterState = { ...this.filterState, ...patch };
    if (this.filterState.text !== undefined && this.filterState.text.trim() === '') this.filterState.text = undefined;
    this.changed();
  }

  clearFilter(): void {
    this.filterState = { ...DEFAULT_FILTER };
    this.changed();
  }

  filterActive(): boolean {
    return isFilterActive(this.filterState);
  }

  /** The Questions tree for the current datasets, active result and filter (cached until the next change). */
  tree(): QuestionTree {
    if (!this.cachedTree) {
      const active = this.activeResult();
      const m = this.mergedDataset();
      this.cachedTree = buildQuestionTree(m?.questions ?? [], active?.evaluation ? { label: path.basename(active.file), evaluation: active.evaluation } : undefined, this.filterState);
    }
    return this.cachedTree;
  }

  // ---------- problems ----------

  /** Every problem of the loaded datasets and result files, for the Problems panel. */
  problems(): Problem[] {
    const out: Problem[] = [];
    for (const d of this.datasetEntries.values()) {
      if (d.dataset) out.push(...d.dataset.problems);
      else if (d.error) out.push({ file: d.path, severity: 'error', message: `cannot read dataset: ${d.error}` });
    }
    for (const r of this.resultEntries.values()) {
      if (r.evaluation) out.push(...r.evaluation.problems);
    }
    return out;
  }

  // ---------- bookkeeping ----------

  /** Resolves when every load started so far (and any it started) has finished. */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    const tracked = p.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return tracked;
  }

  private bump(key: string): number {
    const g = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, g);
    return g;
  }

  private watch(key: string, pattern: vscode.RelativePattern, reload: () => unknown): void {
    if (this.watchers.has(key)) return;
    const w = vscode.workspace.createFileSystemWatcher(pattern);
    const fire = () => {
      clearTimeout(this.timers.get(key));
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          reload();
        }, RELOAD_DEBOUNCE_MS),
      );
    };
    w.onDidChange(fire);
    w.onDidCreate(fire);
    w.onDidDelete(fire);
    this.watchers.set(key, w);
  }

  private unwatch(key: string): void {
    this.watchers.get(key)?.dispose();
    this.watchers.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  private changed(): void {
    this.cachedTree = undefined;
    this.emitter.fire();
  }

  dispose(): void {
    for (const k of [...this.watchers.keys()]) this.unwatch(k);
    this.emitter.dispose();
  }
}

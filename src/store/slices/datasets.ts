// The datasets slice: loaded datasets (or why one failed) by path, and their merge by uid.
import type { Dataset, Question } from '../../core';
import { Emitter } from './emitter';

export type DatasetSource = 'setting' | 'user' | 'detected' | 'demo';

export interface DatasetEntry {
  /** The path as given (resolved to absolute); the key of the entry. */
  path: string;
  sources: Set<DatasetSource>;
  dataset?: Dataset;
  error?: string;
}

export interface MergedDataset {
  dataset: Dataset;
  questions: Question[];
  owner: Map<string, Dataset>;
}

/** Which datasets were added, reloaded or removed; or (`media`) whose media were checked, their questions kept. */
export interface DatasetsChange {
  paths: string[];
  kind?: 'media';
}

export class DatasetsSlice {
  private readonly entries = new Map<string, DatasetEntry>();
  private merged: MergedDataset | undefined;
  private readonly emitter = new Emitter<DatasetsChange>();
  readonly onDidChange = this.emitter.event;

  all(): DatasetEntry[] {
    return [...this.entries.values()];
  }

  get(path: string): DatasetEntry | undefined {
    return this.entries.get(path);
  }

  loaded(): Dataset[] {
    return this.all().flatMap((d) => (d.dataset ? [d.dataset] : []));
  }

  /** Adds an entry (not yet loaded); returns the existing one when the path is known. */
  add(path: string, source: DatasetSource): { entry: DatasetEntry; isNew: boolean } {
    const existing = this.entries.get(path);
    if (existing) {
      existing.sources.add(source);
      return { entry: existing, isNew: false };
    }
    const entry: DatasetEntry = { path, sources: new Set([source]) };
    this.entries.set(path, entry);
    this.changed([path]);
    return { entry, isNew: true };
  }

  remove(path: string): void {
    if (this.entries.delete(path)) this.changed([path]);
  }

  /** Records a load: the dataset, or the error that stopped it. */
  setLoaded(path: string, result: { dataset: Dataset } | { error: string }): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    entry.dataset = 'dataset' in result ? result.dataset : undefined;
    entry.error = 'error' in result ? result.error : undefined;
    this.changed([path]);
  }

  /** The media of a loaded dataset were checked: its questions' media refs and problems changed in place. */
  mediaChecked(path: string): void {
    if (this.entries.get(path)?.dataset) this.changed([path], 'media');
  }

  /** All loaded datasets merged: questions in dataset order; a uid held by two datasets maps to the first. */
  mergedDataset(): MergedDataset | undefined {
    if (this.merged) return this.merged;
    const loaded = this.loaded();
    if (loaded.length === 0) return undefined;
    if (loaded.length === 1) {
      const d = loaded[0];
      this.merged = {
        dataset: d,
        questions: d.questions.filter((q) => d.byUid.get(q.uid) === q),
        owner: new Map(d.questions.map((q) => [q.uid, d])),
      };
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

  private changed(paths: string[], kind?: 'media'): void {
    this.merged = undefined;
    this.emitter.fire(kind ? { paths, kind } : { paths });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

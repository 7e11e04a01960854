// The extension's store: the state (state.ts: slices with typed change events, the Questions tree) plus
// what needs VS Code: settings, loading datasets and result files into the slices, and watching the files.
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  DEFAULT_FIELDS,
  DEFAULT_PROFILE,
  formatLossInSlices,
  formatLossOf,
  isScoringProfile,
  DatasetReadCache,
  readDatasetDeferringMedia,
  type Dataset,
  type DeferredMedia,
  type Question,
  type Evaluation,
  type FieldMapping,
  type FormatOptions,
  type ResultFormatInfo,
  type ScoringProfile,
  formatOptionsFromSettings,
  TimeSlicer,
  WORK_SLICE_MS,
  CONCURRENT_RESULT_PARSES,
  TaskLimiter,
} from '../core';
import type { FieldMappings } from './fieldMappings';
import { readErrorText, readResultForStore } from './readResult';
import { DEFAULT_READER, isReaderName, type ReaderName } from '../shared/parsing/readers';
import { PredictionMemos } from '../shared/parsing/repeatedPredictions';
import { SETTINGS } from '../ids';
import type { DatasetSource } from './slices';
import { InspectorState } from './state';
import { DiagnosisService } from './diagnosisService';
import { parseFrameSampling, type FrameSampling } from '../shared/diagnosis';
import { unsavedTextOf } from './unsavedText';
import { diskIdentity, isAbort, ResultReadCache, sameDatasetContent } from './loadCache';
import { withLoadProgress } from './resultLoads';
import { settledOrAfter } from './coalesce';
import {
  countDatasetRead,
  countResultCacheHit,
  countResultLoadCancelled,
  countResultParse,
  markFirstShow,
  markStage,
  markStageOnce,
} from '../perf/extensionStats';

export type { DatasetSource };

/** Debounce for watcher events: editors and tools often write a file in several steps. */
export const RELOAD_DEBOUNCE_MS = 300;

/**
 * How long a diagnosis waits for the loads in flight before it asks for the media checks itself. A dataset's first
 * read checks its media after its results are scored (0.4 s of checks at paper size); asked for sooner, they would
 * run between the files' scoring. A load of a very large file does not hold a diagnosis back longer.
 */
export const MEDIA_WAIT_FOR_LOADS_MAX_MS = 2_000;

/** Files whose change reloads a folder dataset. Not result files or media: a rescore in the dataset must not reload it. */
const DATASET_WATCH_GLOB = '**/{question.json,sample_summary.json}';

/** A dataset's first read's media checks, run once its results are scored (or when a diagnosis stops waiting). */
interface MediaCheck {
  media: DeferredMedia;
  controller: AbortController;
  started: boolean;
}

/** Starts the checks, or joins those running; marks when a dataset's checks first started. */
function runMediaCheck(check: MediaCheck): Promise<void> {
  if (!check.started) {
    check.started = true;
    markStage('dataset.mediaCheckStarted');
  }
  return check.media.all(check.controller.signal);
}

export class InspectorStore extends InspectorState implements vscode.Disposable {
  private readonly watchers = new Map<string, vscode.Disposable>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Each result file's failure diagnosis, computed from its evaluation (docs/DIAGNOSIS.md). */
  readonly diagnosis: DiagnosisService;
  /** The running load of each result file, aborted by a newer one, an unload or the progress's Cancel. */
  private readonly loads = new Map<string, AbortController>();
  /** What each dataset's last read found, so a Refresh opens only the media files that changed. */
  private readonly datasetReads = new Map<string, DatasetReadCache>();
  /** The media checks a dataset's first read left for after its results are scored, by dataset; aborted by a reload. */
  private readonly mediaChecks = new Map<string, MediaCheck>();
  private readonly readCache = new ResultReadCache();
  /** The answer readers' memory of repeated predictions, shared by every result file the store reads. */
  private readonly predictionMemos = new PredictionMemos();
  private readonly parses = new TaskLimiter(CONCURRENT_RESULT_PARSES);
  /** The settings as last read; dropped when they change, and after the event loop's turn (see `settings`). */
  private settingsRead: vscode.WorkspaceConfiguration | undefined;
  private readonly settingsWatch: vscode.Disposable;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    /** Per-workspace field mappings set in the UI; none in tests that build a bare store. */
    readonly mappings?: FieldMappings,
  ) {
    super();
    // Registered before any other listener of the extension, so theirs read the new settings.
    this.settingsWatch = vscode.workspace.onDidChangeConfiguration(() => (this.settingsRead = undefined));
    this.diagnosis = new DiagnosisService(
      this,
      () => ({ profile: this.profile(), sampling: this.frameSampling() }),
      (id, e) => this.log.error(`diagnosis of ${id}: ${e.message}`),
    );
  }

  // ---------- settings ----------

  /**
   * The workspace's settings, read once for a burst of work: a Refresh asks for the options of 25 files at once,
   * and each `getConfiguration` costs the extension host a millisecond or more.
   */
  private settings(): vscode.WorkspaceConfiguration {
    if (!this.settingsRead) {
      this.settingsRead = vscode.workspace.getConfiguration();
      setImmediate(() => (this.settingsRead = undefined));
    }
    return this.settingsRead;
  }

  fields(): FieldMapping {
    const c = this.settings();
    return {
      uidField: c.get<string>(SETTINGS.uidField)?.trim() || DEFAULT_FIELDS.uidField,
      predictionField: c.get<string>(SETTINGS.predictionField)?.trim() || DEFAULT_FIELDS.predictionField,
    };
  }

  profile(): ScoringProfile {
    const p = this.settings().get<string>(SETTINGS.scoringProfile) ?? DEFAULT_PROFILE;
    return isScoringProfile(p) ? p : DEFAULT_PROFILE;
  }

  /** The frame sampling the diagnosis assumes where a result line does not say which frames its model saw. */
  frameSampling(): FrameSampling | undefined {
    const text = this.settings().get<string>(SETTINGS.diagnosisFrameSampling)?.trim();
    if (!text) return undefined;
    const s = parseFrameSampling(text);
    if (typeof s === 'string') {
      this.log.warn(`${SETTINGS.diagnosisFrameSampling}: ${s}; no sampling is assumed`);
      return undefined;
    }
    return s;
  }

  reader(): ReaderName {
    const r = this.settings().get<string>(SETTINGS.parsingReader);
    return isReaderName(r) ? r : DEFAULT_READER;
  }

  /** How a result file is read and rescored: the profile, the reader, and its field mapping (UI, else settings). */
  formatOptions(file: string): FormatOptions & { mapping?: ReturnType<FieldMappings['get']> } {
    const mapping = this.mappings?.get(file);
    return { ...formatOptionsFromSettings({ profile: this.profile(), reader: this.reader(), fields: this.fields(), mapping }), mapping };
  }

  // ---------- datasets ----------

  /** Adds (or reloads) a dataset folder or annotations file. Resolves once it is loaded and results re-scored. */
  addDataset(target: string, source: DatasetSource): Promise<void> {
    const key = path.resolve(target);
    this.slices.datasets.add(key, source);
    return this.track(this.reloadDataset(key));
  }

  /** Drops a source from a dataset; the dataset goes when no source holds it any more. */
  removeDatasetSource(target: string, source: DatasetSource): void {
    const key = path.resolve(target);
    const e = this.slices.datasets.get(key);
    if (!e) return;
    e.sources.delete(source);
    if (e.sources.size > 0) return;
    this.unwatch(`dataset:${key}`);
    this.datasetReads.delete(key);
    this.mediaChecks.get(key)?.controller.abort();
    this.mediaChecks.delete(key);
    this.slices.datasets.remove(key);
    void this.reevaluateResults();
  }

  private readCacheOf(key: string): DatasetReadCache {
    let cache = this.datasetReads.get(key);
    if (!cache) this.datasetReads.set(key, (cache = new DatasetReadCache()));
    return cache;
  }

  /**
   * Reads a dataset. Its first read shows the questions without looking at any media file: the results are
   * scored, and then each media file is checked (`checkFirstReadMedia`). A read again (Refresh, a watcher event)
   * checks them before it compares what it read with what is shown, so that an unchanged dataset re-scores nothing.
   */
  private async reloadDataset(key: string): Promise<void> {
    const gen = this.bump(`dataset:${key}`);
    if (!this.slices.datasets.get(key)) return;
    const started = Date.now();
    const current = () => this.generations.get(`dataset:${key}`) === gen && this.slices.datasets.get(key) !== undefined;
    this.mediaChecks.get(key)?.controller.abort();
    this.mediaChecks.delete(key);
    let firstRead: { dataset: Dataset; media: DeferredMedia } | undefined;
    try {
      countDatasetRead();
      const read = await readDatasetDeferringMedia(key, { cache: this.readCacheOf(key) });
      if (!current()) return;
      const { dataset } = read;
      const loaded = this.slices.datasets.get(key)?.dataset;
      if (!loaded) {
        firstRead = read;
        this.mediaChecks.set(key, { media: read.media, controller: new AbortController(), started: false });
        this.slices.datasets.setLoaded(key, { dataset });
        markFirstShow(dataset.questions.reduce((n, q) => n + [q.video, ...q.images].filter((m) => m?.path).length, 0));
      } else {
        await read.media.all();
        if (!current()) return;
        if (!sameDatasetContent(loaded, dataset)) this.slices.datasets.setLoaded(key, { dataset });
      }
      this.log.info(
        `dataset ${key}: ${dataset.questions.length} questions, ${firstRead ? 'media not yet checked' : `${dataset.problems.length} problems`} (${Date.now() - started} ms)`,
      );
      this.watch(
        `dataset:${key}`,
        dataset.file
          ? new vscode.RelativePattern(vscode.Uri.file(path.dirname(dataset.file)), path.basename(dataset.file))
          : new vscode.RelativePattern(vscode.Uri.file(dataset.root), DATASET_WATCH_GLOB),
        () => this.track(this.reloadDataset(key)),
      );
    } catch (e) {
      if (this.generations.get(`dataset:${key}`) !== gen) return;
      this.slices.datasets.setLoaded(key, { error: (e as Error).message });
      this.log.error(`dataset ${key}: ${(e as Error).message}`);
    }
    await Promise.all(this.slices.results.all().map((r) => this.reloadResult(r.id)));
    if (!firstRead) return;
    markStage('dataset.resultsScored');
    await this.checkFirstReadMedia(key, firstRead.dataset);
  }

  /** Checks the media of a dataset's first read, then tells the views: its refs and problems are now final. */
  private async checkFirstReadMedia(key: string, dataset: Dataset): Promise<void> {
    const check = this.mediaChecks.get(key);
    if (!check) return;
    const started = Date.now();
    try {
      await runMediaCheck(check);
    } catch (e) {
      if (!check.controller.signal.aborted) this.log.error(`dataset ${key}: media not checked: ${(e as Error).message}`);
      return;
    } finally {
      if (this.mediaChecks.get(key) === check) this.mediaChecks.delete(key);
    }
    if (this.slices.datasets.get(key)?.dataset !== dataset) return;
    this.slices.datasets.mediaChecked(key);
    markStage('dataset.mediaChecked');
    this.log.info(`dataset ${key}: media checked, ${dataset.problems.length} problems (${Date.now() - started} ms)`);
  }

  /** Checks the question's own media now when its dataset's check has not reached it yet (and finds its record's line). */
  override async mediaOf(question: Question): Promise<void> {
    for (const { media } of this.mediaChecks.values()) await media.question(question);
  }

  override async allMediaChecked(): Promise<void> {
    // Only a first read's checks not yet started are worth the wait; otherwise a diagnosis goes ahead at once.
    if ([...this.mediaChecks.values()].some((c) => !c.started)) await settledOrAfter(this.whenIdle(), MEDIA_WAIT_FOR_LOADS_MAX_MS);
    await Promise.allSettled([...this.mediaChecks.values()].map(runMediaCheck));
  }

  // ---------- result files ----------

  /**
   * Loads (or reloads) a result file. The first one loaded becomes active, as does one loaded with `makeActive`;
   * a file that becomes active as it loads is also compared, so the viewer shows it. Later, the two are independent.
   */
  addResult(file: string, options: { makeActive?: boolean } = {}): Promise<void> {
    const id = path.resolve(file);
    const { isNew } = this.slices.results.add(id);
    if (isNew)
      this.watch(`result:${id}`, new vscode.RelativePattern(vscode.Uri.file(path.dirname(id)), path.basename(id)), () =>
        this.track(this.reloadResult(id)),
      );
    if (options.makeActive || !this.slices.results.active()) {
      this.slices.results.setActive(id);
      if (isNew) this.slices.comparison.setCompared(id, true);
    }
    return this.track(this.reloadResult(id));
  }

  unloadResult(idOrFile: string): void {
    const id = path.resolve(idOrFile);
    if (!this.slices.results.get(id)) return;
    this.unwatch(`result:${id}`);
    this.bump(`result:${id}`);
    this.loads.get(id)?.abort();
    this.readCache.delete(id);
    this.slices.results.remove(id);
  }

  /** Sets a file's evaluation directly, e.g. after a rescore into an editor buffer. */
  setEvaluation(idOrFile: string, evaluation: Evaluation, format?: ResultFormatInfo): void {
    const id = path.resolve(idOrFile);
    if (!this.slices.results.get(id)) return;
    this.bump(`result:${id}`); // a reload started before this must not overwrite it
    this.readCache.delete(id); // what the views show no longer comes from the file's bytes
    const merged = this.mergedDataset();
    if (merged) this.addFormatLoss(merged.dataset, evaluation);
    this.slices.results.setEvaluation(id, format ? { evaluation, format } : { evaluation });
  }

  private async reloadResult(id: string): Promise<void> {
    const gen = this.bump(`result:${id}`);
    this.loads.get(id)?.abort(); // the newer load replaces it: stop its read
    const results = this.slices.results;
    const merged = this.mergedDataset();
    if (!results.get(id)) return;
    if (!merged) {
      results.setEvaluation(id, { evaluation: undefined });
      return;
    }
    const controller = new AbortController();
    this.loads.set(id, controller);
    const current = () => this.generations.get(`result:${id}`) === gen && results.get(id) !== undefined;
    try {
      // An open editor with unsaved changes is what the user sees: score that text.
      const unsaved = unsavedTextOf(id);
      const options = this.formatOptions(id);
      const optionsKey = JSON.stringify(options);
      const disk = unsaved === undefined ? await diskIdentity(id) : undefined;
      const cached = disk && this.readCache.get(id, disk.key, merged.dataset, optionsKey);
      if (cached) {
        countResultCacheHit();
        if (!current()) return;
        // The same read again: nothing the views show changed, unless a direct evaluation replaced it meanwhile.
        const r = results.get(id);
        if (r?.evaluation !== cached.evaluation || r.error !== undefined) results.setEvaluation(id, cached);
        return;
      }
      const read = await this.parses.run(
        () => {
          controller.signal.throwIfAborted(); // replaced or cancelled while it waited for a slot
          countResultParse(id);
          return withLoadProgress(id, disk?.size ?? 0, controller, (onBytesRead) =>
            readResultForStore(
              merged.dataset,
              id,
              {
                ...options,
                signal: controller.signal,
                onBytesRead,
                sliceMs: WORK_SLICE_MS,
                formatLoss: true,
                predictionMemos: this.predictionMemos,
              },
              unsaved,
            ),
          );
        },
        { first: results.active()?.id === id },
      );
      if (!current()) return;
      // A file read from disk has its format loss from the read itself; unsaved text is scored by a rescore, without it.
      if (read.evaluation && !read.evaluation.formatLoss) {
        read.evaluation.formatLoss = await formatLossInSlices(merged.dataset, read.evaluation, this.formatLossOptions(), new TimeSlicer());
        if (!current()) return;
      }
      if (disk) this.readCache.set(id, disk.key, merged.dataset, optionsKey, read);
      else this.readCache.delete(id);
      results.setEvaluation(id, read);
      if (read.evaluation && results.active()?.id === id) markStageOnce('result.activeScored');
    } catch (e) {
      if (isAbort(e, controller.signal)) {
        countResultLoadCancelled();
        if (!current()) return;
        // Cancelled by the user: a file that was loaded keeps its last scores; one that was not says so.
        const r = results.get(id);
        if (!r?.evaluation) results.setEvaluation(id, { error: `not loaded: ${(e as Error).message}; Refresh loads it again` });
        this.log.info(`result file ${id}: ${(e as Error).message}`);
        return;
      }
      if (!current()) return;
      const needsMapping = (e as { needsMapping?: unknown }).needsMapping === true;
      results.setEvaluation(id, { error: readErrorText(e as Error, needsMapping), needsMapping });
      this.log.error(`result file ${id}: ${(e as Error).message}`);
    } finally {
      if (this.loads.get(id) === controller) this.loads.delete(id);
    }
  }

  /** The file's lenient and strict scores, which the tree and the viewer show as format loss. */
  private addFormatLoss(dataset: Dataset, evaluation: Evaluation): void {
    evaluation.formatLoss = formatLossOf(dataset, evaluation, this.formatLossOptions());
  }

  private formatLossOptions(): { profile: ScoringProfile; reader: ReaderName } {
    return { profile: this.profile(), reader: this.reader() };
  }

  /** Re-reads every dataset and result file (after a settings change or the Refresh command). */
  reloadAll(): Promise<void> {
    // A dataset reload re-scores every result file; without datasets, re-read the results alone.
    const datasets = this.slices.datasets.all().map((d) => d.path);
    return this.track(
      datasets.length > 0 ? Promise.all(datasets.map((k) => this.reloadDataset(k))).then(() => undefined) : this.reevaluateResults(),
    );
  }

  /** Re-scores the loaded result files (after the profile or field mapping changed). */
  reevaluateResults(): Promise<void> {
    return this.track(Promise.all(this.slices.results.all().map((r) => this.reloadResult(r.id))).then(() => undefined));
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

  override dispose(): void {
    this.settingsWatch.dispose();
    this.diagnosis.dispose();
    for (const c of this.loads.values()) c.abort();
    for (const k of [...this.watchers.keys()]) this.unwatch(k);
    super.dispose();
  }
}

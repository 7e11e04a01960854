// Computes each result file's diagnosis from the evaluation the store already holds (no second scoring of the
// file), once per evaluation, and keeps it in the diagnosis slice. The active file is diagnosed once it is scored
// and its dataset's media are checked (after the loads in flight), so the tree's filter and tooltips have it; other
// files when a panel asks (`ensure`).
import { diagnosisAnswers, readLineFrames, TimeSlicer, type Evaluation, type LineFrames } from '../core';
import {
  diagnoseInSlices,
  VISUAL_LOCALISATION_SUBTASKS,
  type DiagnoseOptions,
  type FileDiagnosis,
  type TargetVisibility,
} from '../shared/diagnosis';
import type { VisibilityCoverage } from '../shared/diagnosis/visibilityCoverage';
import { isSubtaskKey } from '../shared/subtasks';
import type { Event } from './slices';
import type { InspectorState } from './state';
import { videoNeedingDetection } from './targetFrames';

/** Where the dataset's geometry does not say where a target is visible: what the extension found in the videos. */
export interface VisibilitySource {
  /** Checks the videos' identity against the known detections (no decoding). */
  verify(files: Iterable<string>): Promise<void>;
  visibility(file: string): TargetVisibility | undefined;
  /** True while more detections are on their way (then recomputes are spaced out). */
  busy(): boolean;
  readonly onDidChange: Event<{ files: string[] }>;
}

/** New detections arrive one video at a time; the diagnoses they affect are recomputed once per burst. */
export const DETECTION_RECOMPUTE_DELAY_MS = 300;
/** While a batch of videos is decoded, at most one recompute this often (not one per video); the last follows the batch. */
export const DETECTION_RECOMPUTE_INTERVAL_MS = 5_000;

export class DiagnosisService {
  /** Keyed by the evaluation object: a rescore or reload makes a new one, so a stale diagnosis is never served. */
  private readonly pending = new WeakMap<Evaluation, Promise<FileDiagnosis | undefined>>();
  /** The frames fields read for each evaluation, for the viewer's timeline. */
  private readonly frames = new WeakMap<Evaluation, LineFrames>();
  private readonly subscriptions: Array<{ dispose(): void }>;
  /** Diagnoses run one after another: each file's arrives as soon as it is done, not all of them at the end. */
  private queue: Promise<unknown> = Promise.resolve();
  private visibilitySource: VisibilitySource | undefined;
  private readonly coverage = new WeakMap<Evaluation, VisibilityCoverage>();
  /** Videos whose detections changed since the last recompute. */
  private readonly changedVideos = new Set<string>();
  private recomputeTimer: ReturnType<typeof setTimeout> | undefined;
  private recomputeDelay = 0;
  /** Bumps with every detection change; each diagnosis remembers the one it saw, so it is not recomputed for it. */
  private detectionGeneration = 0;
  private readonly seenGeneration = new WeakMap<Evaluation, number>();

  constructor(
    private readonly state: InspectorState,
    private readonly options: () => DiagnoseOptions,
    private readonly onError: (resultId: string, e: Error) => void = () => undefined,
  ) {
    const { results } = state.slices;
    this.subscriptions = [
      results.onDidChange((e) => {
        if (e.kind === 'removed') for (const id of e.ids) state.slices.diagnosis.set(id, undefined);
        if (e.kind === 'evaluation')
          for (const id of e.ids) {
            // The old diagnosis describes answers that may have changed.
            if (state.slices.diagnosis.get(id)) state.slices.diagnosis.set(id, undefined);
          }
        const active = results.active();
        if (active?.evaluation && (e.kind === 'active' || e.ids.includes(active.id))) void this.ensure(active.id);
      }),
    ];
  }

  /** The file's diagnosis, computed for its current evaluation if it is not yet; undefined while it has none. */
  ensure(resultId: string): Promise<FileDiagnosis | undefined> {
    const r = this.state.slices.results.get(resultId);
    const merged = this.state.mergedDataset();
    if (!r?.evaluation || !merged) return Promise.resolve(undefined);
    const evaluation = r.evaluation;
    let p = this.pending.get(evaluation);
    if (!p) {
      const jsonLines = r.format?.name === 'canonical' || r.format === undefined;
      // Held weakly while it waits its turn: a file unloaded or scored again meanwhile frees its evaluation at once,
      // not when the queue reaches it (25 files queued held every one of them).
      const ref = new WeakRef(evaluation);
      // A file scored again while it waited has a newer evaluation: its own ensure diagnoses that one.
      const current = () => {
        const e = ref.deref();
        return e !== undefined && this.state.slices.results.get(resultId)?.evaluation === e ? e : undefined;
      };
      const computed = this.queue.then(() => {
        const e = current();
        return e ? this.compute(e, jsonLines) : undefined;
      });
      this.queue = computed.catch(() => undefined);
      p = computed.then(
        (d) => {
          // Only the evaluation still current gets into the slice.
          if (current()) this.state.slices.diagnosis.set(resultId, d);
          return d;
        },
        (e: Error) => {
          const ev = ref.deref();
          if (ev) this.pending.delete(ev);
          this.onError(resultId, e);
          return undefined;
        },
      );
      this.pending.set(evaluation, p);
    }
    return p;
  }

  /** After the sampling or profile setting changed: every diagnosis is recomputed (the active one at once). */
  recompute(): void {
    for (const r of this.state.results()) {
      if (r.evaluation) this.pending.delete(r.evaluation);
      this.state.slices.diagnosis.set(r.id, undefined);
    }
    const active = this.state.activeResult();
    if (active) void this.ensure(active.id);
  }

  private async compute(evaluation: Evaluation, jsonLines: boolean): Promise<FileDiagnosis | undefined> {
    // Which videos exist decides where their target frames are looked for.
    await this.state.allMediaChecked();
    const merged = this.state.mergedDataset();
    if (!merged) return undefined;
    // A line's own `frames` field says what its model saw; only JSON lines keep fields beyond the answer.
    const frames = jsonLines ? await readLineFrames(evaluation).catch(() => undefined) : undefined;
    if (frames) this.frames.set(evaluation, frames);
    const source = this.visibilitySource;
    // In slices of a few milliseconds: 25 compared files are seconds of work the panels and the tree must not wait on.
    const slicer = new TimeSlicer();
    const videos = new Map<string, string>();
    for (const uid of evaluation.byUid.keys()) {
      if (slicer.due()) await slicer.pause();
      const q = merged.dataset.byUid.get(uid);
      const video = q && videoNeedingDetection(q);
      if (video) videos.set(uid, video);
    }
    if (source) await source.verify(videos.values());
    this.seenGeneration.set(evaluation, this.detectionGeneration);
    const visibilityOf = source ? (q: { uid: string }) => source.visibility(videos.get(q.uid) ?? '') : undefined;
    const { answers } = await diagnosisAnswers(merged.dataset, evaluation, { frames, visibilityOf, slicer });
    const visual = answers.filter((a) => isSubtaskKey(a.subtask) && VISUAL_LOCALISATION_SUBTASKS.includes(a.subtask));
    this.coverage.set(evaluation, { known: visual.filter((a) => a.visibility).length, total: visual.length });
    return diagnoseInSlices(answers, this.options(), slicer);
  }

  /**
   * Uses what the extension finds in the videos where geometry is silent; when detections arrive, the diagnoses of
   * the files answering those questions are recomputed (coalesced over DETECTION_RECOMPUTE_DELAY_MS).
   */
  setVisibilitySource(source: VisibilitySource): void {
    this.visibilitySource = source;
    this.subscriptions.push(
      source.onDidChange((e) => {
        this.detectionGeneration++;
        for (const f of e.files) this.changedVideos.add(f);
        const delay = source.busy() ? DETECTION_RECOMPUTE_INTERVAL_MS : DETECTION_RECOMPUTE_DELAY_MS;
        // The batch ended: what waits for the interval is done after the short delay instead.
        if (this.recomputeTimer !== undefined && this.recomputeDelay > delay) {
          clearTimeout(this.recomputeTimer);
          this.recomputeTimer = undefined;
        }
        if (this.recomputeTimer === undefined) {
          this.recomputeDelay = delay;
          this.recomputeTimer = setTimeout(() => this.recomputeForVideos(), delay);
        }
      }),
      { dispose: () => clearTimeout(this.recomputeTimer) },
    );
  }

  private recomputeForVideos(): void {
    this.recomputeTimer = undefined;
    const changed = new Set(this.changedVideos);
    this.changedVideos.clear();
    const merged = this.state.mergedDataset();
    if (!merged) return;
    const uids = merged.dataset.questions.filter((q) => changed.has(videoNeedingDetection(q) ?? '')).map((q) => q.uid);
    const active = this.state.activeResult();
    for (const r of this.state.results()) {
      const evaluation = r.evaluation;
      // Only diagnoses someone asked for are recomputed; the old one stays shown until the new one replaces it.
      if (!evaluation || !this.pending.has(evaluation) || this.seenGeneration.get(evaluation) === this.detectionGeneration) continue;
      if (!uids.some((u) => evaluation.byUid.has(u))) continue;
      this.pending.delete(evaluation);
      if (this.state.slices.diagnosis.get(r.id) || r.id === active?.id) void this.ensure(r.id);
    }
  }

  /** For how many answered EDv, EDistv and GPv questions visibility is known, once the file is diagnosed. */
  visibilityCoverage(resultId: string): VisibilityCoverage | undefined {
    const evaluation = this.state.slices.results.get(resultId)?.evaluation;
    return evaluation && this.coverage.get(evaluation);
  }

  /** The `frames` field of each line of the file's current evaluation, once diagnosed (JSON lines files only). */
  lineFrames(resultId: string): LineFrames | undefined {
    const evaluation = this.state.slices.results.get(resultId)?.evaluation;
    return evaluation && this.frames.get(evaluation);
  }

  dispose(): void {
    clearTimeout(this.recomputeTimer);
    for (const s of this.subscriptions) s.dispose();
  }
}

// Computes each result file's diagnosis from the evaluation the store already holds (no second scoring of the
// file), once per evaluation, and keeps it in the diagnosis slice. The active file is diagnosed as soon as it is
// scored, so the tree's filter and tooltips have it; other files when a panel asks (`ensure`).
import { diagnosisAnswers, readLineFrames, type Evaluation, type LineFrames } from '../core';
import { diagnoseInSlices, type DiagnoseOptions, type FileDiagnosis } from '../shared/diagnosis';
import type { InspectorState } from './state';

export class DiagnosisService {
  /** Keyed by the evaluation object: a rescore or reload makes a new one, so a stale diagnosis is never served. */
  private readonly pending = new WeakMap<Evaluation, Promise<FileDiagnosis | undefined>>();
  /** The frames fields read for each evaluation, for the viewer's timeline. */
  private readonly frames = new WeakMap<Evaluation, LineFrames>();
  private readonly subscriptions: Array<{ dispose(): void }>;
  /** Diagnoses run one after another: each file's arrives as soon as it is done, not all of them at the end. */
  private queue: Promise<unknown> = Promise.resolve();

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
      // A file scored again while it waited has a newer evaluation: its own ensure diagnoses that one.
      const stale = () => this.state.slices.results.get(resultId)?.evaluation !== evaluation;
      const computed = this.queue.then(() => (stale() ? undefined : this.compute(evaluation, jsonLines)));
      this.queue = computed.catch(() => undefined);
      p = computed.then(
        (d) => {
          // Only the evaluation still current gets into the slice.
          if (this.state.slices.results.get(resultId)?.evaluation === evaluation) this.state.slices.diagnosis.set(resultId, d);
          return d;
        },
        (e: Error) => {
          this.pending.delete(evaluation);
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
    const merged = this.state.mergedDataset();
    if (!merged) return undefined;
    // A line's own `frames` field says what its model saw; only JSON lines keep fields beyond the answer.
    const frames = jsonLines ? await readLineFrames(evaluation).catch(() => undefined) : undefined;
    if (frames) this.frames.set(evaluation, frames);
    const { answers } = await diagnosisAnswers(merged.dataset, evaluation, { frames });
    // In slices, one subtask each: 25 compared files are seconds of work the panels and the tree must not wait on.
    return diagnoseInSlices(answers, this.options(), () => new Promise((resolve) => setImmediate(resolve)));
  }

  /** The `frames` field of each line of the file's current evaluation, once diagnosed (JSON lines files only). */
  lineFrames(resultId: string): LineFrames | undefined {
    const evaluation = this.state.slices.results.get(resultId)?.evaluation;
    return evaluation && this.frames.get(evaluation);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

// What the Compare panel shows and when it sends it. The numbers come from the shared compare report, the
// same code `gst-bench compare` runs, over the same per-question sets (each ticked file read with the CLI's
// loader, once per evaluation). No `vscode` import: the panel glue (index.ts) feeds it, unit tests drive it.
import * as path from 'node:path';
import {
  formatLossOf,
  loadResultFile,
  loadResultText,
  resultFileFromEvaluation,
  datasetSubtaskCounts,
  type Dataset,
  type Evaluation,
  type LoadedResultFile,
} from '../../core';
import type { CompareFileView, CompareNotification, CompareRequests, CompareView } from '../../shared/protocol/compare';
import { coverageNotes } from '../../shared/report/compareTable';
import type { FormatLoss } from '../../shared/report/formatLoss';
import { formatProblem } from '../../shared/problems';
import { baselineIndexOf } from '../../shared/stats/compareReport';
import { computeReportHere, type ReportComputer } from '../../core/compare/reportWorker';
import type { ResultSet } from '../../shared/stats/compare';
import { disagreements } from '../../shared/stats/disagreements';
import type { Disposable } from '../../store/slices';
import { coalesce, type Coalesced, type CoalesceTiming } from '../../store/coalesce';
import type { CompareHost, CompareInput } from './compareHost';
import { diagnosisDeltaViews } from './diagnosisDeltas';
import { DIAGNOSIS_PUSH_TIMING } from '../common/diagnosisHost';

export interface CompareSessionDeps {
  host: CompareHost;
  /** Posts to the webview; false when it does not listen (then `ready` brings a full push). */
  notify(message: CompareNotification): boolean;
  isReady(): boolean;
  /** Called after each table sent, with the time from the change to the table being sent. */
  onSent?(ms: number): void;
  /** Computes the statistics (the extension: on a worker thread); on the calling thread without it. */
  computeReport?: ReportComputer;
  /** Compute the table ahead, while no page shows it (worth it when the statistics run off the host's thread). */
  computeAhead?: boolean;
  /**
   * Send the diagnosis deltas once the page says it painted the table (`tablePainted`), not with it: diagnosing 25
   * files on the host's thread while the page lays the table out slows its first paint on a machine of 2 cores.
   */
  diagnosisAfterPaint?: boolean;
}

/** Problems listed in the panel; the rest are counted (all of them are in the Problems panel). */
const MAX_PROBLEMS = 20;

/** Ahead of the page, the table waits for the ticked files to be quiet for a second (a load of 25 files is one burst). */
const AHEAD_TIMING: CoalesceTiming = { quietMs: 1000, maxWaitMs: 10_000 };

export const TOO_FEW_FILES = (ticked: number) => `Tick two or more result files in the Results view to compare them (${ticked} ticked).`;

interface Loaded {
  input: CompareInput;
  file: LoadedResultFile;
  formatLoss: FormatLoss | null;
}

/** What the last table was computed from, for the disagreement lists. */
interface Computed {
  sets: ResultSet[];
  baseline: number;
}

/** A table (or why there is none) and what it was computed from. */
interface Table {
  view: CompareView | string;
  computed: Computed | undefined;
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export class CompareSession {
  /** Each evaluation's sets, read once: an evaluation is replaced (not changed) when its file is scored again. */
  private readonly cache = new WeakMap<Evaluation, { dataset: Dataset; loaded: Promise<Loaded> }>();
  private sentKey: string | undefined;
  private lastMessage: CompareNotification | undefined;
  private computed: Computed | undefined;
  /** The last table and what it was computed from (the evaluations and dataset are replaced, never changed). */
  private last: { key: unknown[]; table: Promise<Table> } | undefined;
  /** The last table computed, for the diagnosis deltas sent beside it. */
  private shown: Table | undefined;
  private running: Promise<void> | undefined;
  private preparing: Promise<void> | undefined;
  private again = false;
  private readonly subscriptions: Disposable[];
  /** A burst of store changes (a watcher loading 25 files) is one refresh. */
  private readonly update: Coalesced;
  /** The computation ahead of the page, after the ticked files settle. */
  private readonly ahead: Coalesced;
  /** The diagnosis deltas the webview holds (sent apart from the table, which they do not change). */
  private sentDiagnosis: string | undefined;
  /** The ticked files' diagnoses that came in since the deltas were last sent. */
  private readonly diagnosisUpdate: Coalesced;

  constructor(private readonly deps: CompareSessionDeps) {
    this.update = coalesce(() => void this.refresh());
    this.ahead = coalesce(() => void this.prepare(), AHEAD_TIMING);
    this.diagnosisUpdate = coalesce(() => this.pushDiagnosis(), DIAGNOSIS_PUSH_TIMING);
    this.subscriptions = [
      deps.host.onDidChange(() => {
        this.update.schedule();
        // With no page to send to, the table of the ticked files is computed once they stop changing, so
        // that opening the panel shows it without waiting for the statistics.
        if (deps.computeAhead && !deps.isReady()) this.ahead.schedule();
      }),
    ];
    const diagnosis = deps.host.diagnosis;
    if (diagnosis)
      this.subscriptions.push(
        diagnosis.onDidChange((e) => {
          if (deps.host.comparedFiles().some((f) => e.ids.includes(f.id))) this.diagnosisUpdate.schedule();
        }),
      );
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.update.dispose();
    this.ahead.dispose();
    this.diagnosisUpdate.dispose();
  }

  /** Resolves once the changes so far have been computed and sent (or, with no page, computed ahead). */
  async settled(): Promise<void> {
    await this.update.idle();
    await this.running;
    await this.ahead.idle();
    await this.preparing;
    await this.diagnosisUpdate.idle();
  }

  /** The webview's page was (re)loaded: it holds nothing. A baseline it remembers is taken when none is set. */
  ready(restoredBaseline: string | undefined): Promise<void> {
    this.sentKey = undefined;
    this.sentDiagnosis = undefined;
    const { host } = this.deps;
    if (restoredBaseline && host.baseline() === undefined && host.comparedFiles().some((f) => f.id === restoredBaseline))
      host.setBaseline(restoredBaseline); // fires a change, which refreshes
    return this.refresh();
  }

  pageGone(): void {
    this.sentKey = undefined;
    this.sentDiagnosis = undefined;
  }

  /** Computes the table again and sends it when it differs from what the webview holds. Calls coalesce. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.push();
      } while (this.again);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async push(): Promise<void> {
    if (!this.deps.isReady()) return;
    const started = performance.now();
    const { host } = this.deps;
    const inputs = host.comparedFiles();
    const dataset = host.dataset();
    if (inputs.length < 2 || !dataset) {
      this.computed = undefined;
      const message = !dataset ? 'Open a GST-Bench dataset to compare result files.' : TOO_FEW_FILES(host.tickedCount());
      this.send({ type: 'empty', message });
      return;
    }
    const pending = inputs.filter((i) => this.cache.get(i.evaluation)?.dataset !== dataset);
    if (pending.length > 0) this.send({ type: 'loading', message: `Reading ${pending.length} result file(s)…` });
    let loaded: Loaded[];
    try {
      loaded = await Promise.all(inputs.map((i) => this.load(i, dataset)));
    } catch (e) {
      this.computed = undefined;
      this.send({ type: 'empty', message: `Cannot read a compared file: ${(e as Error).message}` });
      return;
    }
    if (this.again) return; // a newer change is waiting: compute that one
    let view: CompareView | string;
    try {
      view = await this.tableFor(inputs, loaded, dataset);
    } catch (e) {
      this.computed = undefined;
      this.send({ type: 'empty', message: `Cannot compute the comparison: ${(e as Error).message}` });
      return;
    }
    if (this.again) return;
    if (typeof view === 'string') this.send({ type: 'empty', message: view });
    else if (this.send({ type: 'table', view })) this.deps.onSent?.(performance.now() - started);
    if (!this.deps.diagnosisAfterPaint) this.pushDiagnosis();
  }

  /** The page painted the table: the diagnosis deltas go beside it now (see `diagnosisAfterPaint`). */
  tablePainted(): void {
    this.pushDiagnosis();
  }

  /**
   * Computes the table before the page asks for it (called as the panel opens): the statistics then run while
   * the webview boots, and its `ready` finds them done. Nothing is sent.
   */
  prepare(): Promise<void> {
    this.preparing = this.computeTable().finally(() => (this.preparing = undefined));
    return this.preparing;
  }

  private async computeTable(): Promise<void> {
    const { host } = this.deps;
    const inputs = host.comparedFiles();
    const dataset = host.dataset();
    if (inputs.length < 2 || !dataset) return;
    try {
      const loaded = await Promise.all(inputs.map((i) => this.load(i, dataset)));
      if (host.dataset() === dataset) await this.tableFor(inputs, loaded, dataset);
    } catch {
      // push() reads and computes again, and says what failed
    }
  }

  /** The table of these inputs: the last one when nothing changed since (a page shown again gets the table it had). */
  private async tableFor(inputs: readonly CompareInput[], loaded: readonly Loaded[], dataset: Dataset): Promise<CompareView | string> {
    const key = [dataset, this.deps.host.baseline(), ...inputs.map((i) => i.evaluation)];
    let last = this.last;
    if (!last || !sameItems(last.key, key)) {
      // Kept as a promise, so prepare() and a push() that comes while it runs share one computation.
      last = { key, table: this.view(loaded, dataset) };
      this.last = last;
    }
    try {
      const table = await last.table;
      this.computed = table.computed;
      this.shown = table;
      return table.view;
    } catch (e) {
      if (this.last === last) this.last = undefined;
      throw e;
    }
  }

  /** Sends each compared file's diagnosis deltas against the baseline of the table shown, when they changed. */
  pushDiagnosis(): void {
    const diagnosis = this.deps.host.diagnosis;
    const view = this.shown?.view;
    if (!diagnosis || !view || typeof view === 'string' || !this.deps.isReady()) return;
    const m = { type: 'diagnosis' as const, deltas: diagnosisDeltaViews(this.deps.host.comparedFiles(), view.baselineFile, diagnosis) };
    const key = JSON.stringify(m);
    if (key !== this.sentDiagnosis && this.deps.notify(m)) this.sentDiagnosis = key;
  }

  /** The table for files already read: what opening the panel costs once the files are loaded. */
  async view(loaded: readonly Loaded[], dataset: Dataset): Promise<Table> {
    const sets = loaded.flatMap((l) => l.file.sets);
    if (sets.length < 2) return { view: 'Fewer than two of the ticked files have a scorable line.', computed: undefined };
    const wanted = this.deps.host.baseline();
    const byFile = (id: string) => baselineIndexOf(sets, (s) => s.file === id);
    const b = wanted !== undefined && byFile(wanted) >= 0 ? byFile(wanted) : 0;
    const compute = this.deps.computeReport ?? computeReportHere;
    const report = await compute(sets, { baseline: b, datasetCounts: datasetSubtaskCounts(dataset) });
    const computed: Computed = { sets, baseline: b };
    const problems = loaded.flatMap((l) => l.file.problems.map((p) => formatProblem({ ...p, file: path.basename(p.file) })));
    const files: CompareFileView[] = loaded.map((l) => ({
      id: l.input.id,
      name: l.input.name,
      colorIndex: l.input.colorIndex,
      sets: l.file.sets.map((s) => s.id),
      lines: l.file.lines,
      scored: l.file.scored,
      skipped: l.file.skipped,
      formatLoss: l.formatLoss,
    }));
    const view: CompareView = {
      ...report,
      files,
      coverage: coverageNotes(report.comparison),
      baselineFile: sets[b].file,
      problems:
        problems.length > MAX_PROBLEMS
          ? [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more (see the Problems panel)`]
          : problems,
    };
    return { view, computed };
  }

  /** A file's per-question sets, once per evaluation and dataset: from the evaluation the store holds (the same
   * sets the CLI's loader reads), or, for a file split by `setting`, read with that loader (from its unsaved
   * editor when it has one, as the store scored it). */
  load(input: CompareInput, dataset: Dataset): Promise<Loaded> {
    const cached = this.cache.get(input.evaluation);
    if (cached?.dataset === dataset) return cached.loaded.then((l) => ({ ...l, input }));
    const { host } = this.deps;
    const options = host.options();
    const file = input.evaluation.file;
    const held = resultFileFromEvaluation(dataset, input.evaluation);
    const unsaved = held ? undefined : host.unsavedText(file);
    const read = held
      ? Promise.resolve(held)
      : unsaved === undefined
        ? loadResultFile(dataset, file, options)
        : loadResultText(dataset, file, unsaved, options);
    const loaded = read.then((file) => ({
      input,
      file,
      // The store computes it with each evaluation, under the same profile and reader.
      formatLoss: input.evaluation.scored > 0 ? (input.evaluation.formatLoss ?? formatLossOf(dataset, input.evaluation, options)) : null,
    }));
    this.cache.set(input.evaluation, { dataset, loaded });
    // A file that cannot be read now may be readable after its next change.
    loaded.catch(() => this.cache.delete(input.evaluation));
    return loaded;
  }

  private send(m: CompareNotification): boolean {
    const key = JSON.stringify(m);
    if (key === this.sentKey) return false;
    if (!this.deps.notify(m)) return false;
    this.sentKey = key;
    this.lastMessage = m;
    return true;
  }

  /** What the webview was sent last (for the extension-host tests, through the API). */
  lastSent(): CompareNotification | undefined {
    return this.lastMessage;
  }

  setBaseline(file: string): CompareRequests['setBaseline']['result'] {
    const { host } = this.deps;
    if (!host.comparedFiles().some((f) => f.id === file)) return { ok: false };
    host.setBaseline(file);
    return { ok: true };
  }

  disagreements(params: CompareRequests['disagreements']['params']): CompareRequests['disagreements']['result'] {
    const c = this.computed;
    if (!c) return { error: 'Nothing is compared.' };
    const base = c.sets[c.baseline];
    const other = c.sets.find((s) => s.id === params.other);
    if (!other) return { error: 'That file is no longer compared.' };
    if (other === base) return { error: 'The baseline agrees with itself.' };
    return { list: disagreements(base, other, params.subtask), baselineLabel: base.label, otherLabel: other.label };
  }

  openQuestion(uid: string): CompareRequests['openQuestion']['result'] {
    if (!this.deps.host.dataset()?.byUid.has(uid)) return { opened: false };
    this.deps.host.showQuestion(uid);
    return { opened: true };
  }
}

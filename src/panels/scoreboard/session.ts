// What the scoreboard panel shows and when: the whole board (a few files and 25 paper rows) once a burst of
// changes to the files, their scores, the ticked set or the datasets is over, and the exports of what the
// panel shows.
// No `vscode` import: the panel glue (index.ts) feeds it, unit tests drive it.
import {
  DEFAULT_SCOREBOARD_DISPLAY,
  PAPER_SOURCE,
  PAPER_TABLE1,
  RANDOM_BASELINE_NOTE,
  datasetSubtaskCounts,
  evaluationResultSet,
  renderScoreboard,
  scoreSets,
  scoreboardNotes,
  scoreboardRows,
  simulateRandomBaseline,
  visibleScoreboardRows,
  type Dataset,
  type RandomBaseline,
  type ScoreboardDisplay,
  type ScoringProfile,
  type TableFormat,
} from '../../core';
import type { ScoreboardModel, ScoreboardNotification } from '../../shared/protocol';
import { DIAGNOSIS_PUSH_TIMING, fileDiagnosisViews } from '../common/diagnosisHost';
import type { Disposable } from '../../store/slices';
import { coalesce, type Coalesced } from '../../store/coalesce';
import type { ScoreboardHost } from './scoreboardHost';

export interface ScoreboardSessionDeps {
  host: ScoreboardHost;
  /** Posts to the webview; false when it does not listen (then `ready` brings the board). */
  notify(message: ScoreboardNotification): boolean;
  /** True while the webview listens; the board is not built for a closed panel. */
  isReady(): boolean;
  /** The board's title for the panel's tab. */
  onTitle?(title: string): void;
}

const PAPER_RANDOM_AVG = PAPER_TABLE1.find((r) => r.group === 'random')!.avg;

export class ScoreboardSession {
  private display: ScoreboardDisplay = DEFAULT_SCOREBOARD_DISPLAY;
  private readonly subscriptions: Disposable[];
  /** The simulation is the slow part (200 guessers over every question): kept per dataset and profile. */
  private randomCache: { dataset: Dataset; profile: ScoringProfile; random: RandomBaseline } | undefined;
  private model: ScoreboardModel | undefined;
  private readonly update: Coalesced;
  /** The board's files' diagnoses that came in since the sections were last sent. */
  private readonly diagnosisUpdate: Coalesced;

  constructor(private readonly deps: ScoreboardSessionDeps) {
    const { host } = deps;
    this.update = coalesce(() => this.push());
    this.diagnosisUpdate = coalesce(() => this.pushDiagnosis(), DIAGNOSIS_PUSH_TIMING);
    this.subscriptions = [
      host.onDidChange(() => {
        // Stale at once (an export reads the new state), rebuilt and sent once the burst is over.
        this.model = undefined;
        this.update.schedule();
      }),
    ];
    if (host.diagnosis)
      this.subscriptions.push(
        host.diagnosis.onDidChange((e) => {
          // Not for a closed panel: the board is built only for a webview that listens.
          if (deps.isReady() && this.current().files.some((f) => e.ids.includes(f.id))) this.diagnosisUpdate.schedule();
        }),
      );
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.update.dispose();
    this.diagnosisUpdate.dispose();
  }

  /** Resolves once the changes so far have been sent. */
  async settled(): Promise<void> {
    await this.update.idle();
    await this.diagnosisUpdate.idle();
  }

  /** The webview listens (first load or a reload): it gets the board; a filter it restored is kept. */
  ready(restored: ScoreboardDisplay | undefined): void {
    if (restored) this.display = restored;
    this.push();
  }

  setDisplay(display: ScoreboardDisplay): void {
    this.display = display;
  }

  currentDisplay(): ScoreboardDisplay {
    return this.display;
  }

  /** Sends the board (built when something changed since the last one). */
  push(): void {
    if (!this.deps.isReady()) return;
    const model = this.current();
    const n = model.files.length;
    this.deps.onTitle?.(n === 0 ? 'GST-Bench Scoreboard' : `GST-Bench Scoreboard · ${n} ${n === 1 ? 'file' : 'files'}`);
    this.deps.notify({ type: 'model', model });
    this.pushDiagnosis();
  }

  /** Sends the board's files' Diagnosis sections; those not diagnosed yet are asked for and follow. */
  pushDiagnosis(): void {
    const diagnosis = this.deps.host.diagnosis;
    if (!diagnosis || !this.deps.isReady()) return;
    this.deps.notify({ type: 'diagnosis', files: fileDiagnosisViews(this.current().files, diagnosis) });
  }

  /** The board for the files and datasets loaded now. */
  current(): ScoreboardModel {
    this.model ??= this.build();
    return this.model;
  }

  /** The table the panel shows with `display`, as the CLI prints it; null without a dataset. */
  exportText(format: Exclude<TableFormat, 'text'>, display = this.display): string | null {
    const model = this.current();
    if (!model.random) return null;
    return renderScoreboard(visibleScoreboardRows(model.rows, display), model.random, format) + '\n';
  }

  private build(): ScoreboardModel {
    const { host } = this.deps;
    const dataset = host.dataset();
    const { basis, files } = host.files();
    const base = { randomNote: RANDOM_BASELINE_NOTE, paperRandomAvg: PAPER_RANDOM_AVG, source: PAPER_SOURCE };
    if (!dataset)
      return {
        ...base,
        basis,
        files: [],
        rows: scoreboardRows([]),
        random: null,
        notes: [],
        message: 'Open a GST-Bench dataset to score result files against it.',
      };
    const random = this.randomBaseline(dataset, host.profile());
    const sets = files.map((f) => evaluationResultSet(f.evaluation, dataset, f.id));
    const scored = sets.length > 0 ? scoreSets(sets, { datasetCounts: datasetSubtaskCounts(dataset) }) : [];
    return {
      ...base,
      basis,
      files: files.map((f) => ({ id: f.id, name: f.name, colorIndex: f.colorIndex, active: f.active })),
      rows: scoreboardRows(scored, { random }),
      random,
      notes: scoreboardNotes(random),
    };
  }

  private randomBaseline(dataset: Dataset, profile: ScoringProfile): RandomBaseline {
    const c = this.randomCache;
    if (c && c.dataset === dataset && c.profile === profile) return c.random;
    const random = simulateRandomBaseline(dataset.questions, { profile });
    this.randomCache = { dataset, profile, random };
    return random;
  }
}

// What the sample viewer shows and when it sends it: a new question goes whole, a change while it is shown
// goes as a small notification (results, position), so a filter keystroke never re-reads the video header or
// repaints the sample. No `vscode` import: the panel glue (index.ts) feeds it, unit tests drive it.
import type { NavigationDirection, ResultView, SampleView, ViewerNotification } from '../../shared/protocol';
import { buildSampleView, navigationTarget, positionIn, resultViews, type ToWebviewUri } from './sampleView';
import type { VideoInfo } from './mp4Info';
import type { Disposable } from '../../store/slices';
import type { ViewerHost } from './viewerHost';

export interface ViewerSessionDeps {
  host: ViewerHost;
  /** Posts to the webview; false when it does not listen (then `ready` brings a full push). */
  notify(message: ViewerNotification): boolean;
  /** True while the webview listens; nothing is built before. */
  isReady(): boolean;
  toUri: ToWebviewUri;
  readVideoInfo?: (file: string) => Promise<VideoInfo | null>;
  /** The panel's title for the sample shown. */
  onTitle?(title: string): void;
  /** The datasets changed (before the sample is rebuilt): e.g. the media roots the webview may load. */
  onDatasetsChanged?(): void;
}

const WRAP_NOTICE: Record<NavigationDirection, string> = {
  next: 'Wrapped to the first question in the current order.',
  previous: 'Wrapped to the last question in the current order.',
  nextFailure: 'Wrapped to the first failure in the current order.',
};

export class ViewerSession {
  private current: string | undefined;
  /** What the webview holds: the question, and the results and position last sent with it. */
  private sent: { uid: string; results: string; position: string; overlay: string } | undefined;
  /** Bumps on every full push, so a slow build for an older question is dropped. */
  private generation = 0;
  private building = false;

  private readonly subscriptions: Disposable[];

  constructor(private readonly deps: ViewerSessionDeps) {
    // Each change reaches the webview as what it is: new questions rebuild the sample, the rest are small updates.
    this.subscriptions = [
      deps.host.onDidChangeDatasets(() => {
        deps.onDatasetsChanged?.();
        void this.push();
      }),
      deps.host.onDidChangeResults(() => {
        this.resultsChanged();
        this.overlayChanged();
      }),
      deps.host.onDidChangeDiagnosis(() => this.overlayChanged()),
      deps.host.onDidChangeOrder(() => this.orderChanged()),
    ];
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }

  uid(): string | undefined {
    return this.current;
  }

  /** The question to show once the webview listens (a restored or new panel). */
  setUid(uid: string | undefined): void {
    if (uid !== undefined) this.current = uid;
  }

  /** Shows this question: a full push when it is not what the webview holds. */
  async show(uid: string): Promise<void> {
    this.current = uid;
    if (this.sent?.uid !== uid) await this.push();
  }

  /** The webview's page was (re)loaded: it holds nothing. */
  async ready(restoredUid: string | undefined): Promise<void> {
    this.sent = undefined;
    if (this.current === undefined && restoredUid) this.current = restoredUid;
    await this.push();
  }

  /** The page went away (panel hidden without retained context, or closed). */
  pageGone(): void {
    this.sent = undefined;
  }

  /** Builds the whole sample again (the questions changed) and sends it. */
  async push(): Promise<void> {
    const uid = this.current;
    if (uid === undefined || !this.deps.isReady()) return;
    const generation = ++this.generation;
    const { host } = this.deps;
    const found = host.getQuestion(uid);
    if (!found) {
      if (this.deps.notify({ type: 'notFound', uid, message: `Question ${uid} is not in any open dataset.` })) this.sent = undefined;
      return;
    }
    this.building = true;
    let sample: SampleView;
    try {
      await host.mediaOf(found.question);
      sample = await buildSampleView(found.question, found.dataset, {
        results: host.getResults(),
        order: host.navigationOrder(),
        toUri: this.deps.toUri,
        readVideoInfo: this.deps.readVideoInfo,
      });
    } finally {
      if (generation === this.generation) this.building = false;
    }
    if (generation !== this.generation) return;
    const overlay = host.diagnosisOverlay(uid);
    if (overlay) sample.diagnosisOverlay = overlay;
    const sent = this.deps.notify({ type: 'show', sample });
    // After the sample: a new title redraws the workbench's tabs, which the message would otherwise wait behind.
    this.deps.onTitle?.(`${sample.subtask?.abbreviation ?? 'Other'} · ${sample.scene || uid}`);
    if (!sent) return;
    this.sent = {
      uid,
      results: JSON.stringify(sample.results),
      position: JSON.stringify(sample.position),
      overlay: JSON.stringify(overlay ?? null),
    };
    // Changes that came while the sample was being built.
    this.resultsChanged();
    this.orderChanged();
    this.overlayChanged();
  }

  /** The active file, its diagnosis or the sampling changed: send the question's what-if and timeline when they differ. */
  overlayChanged(): void {
    const sent = this.sent;
    if (!sent || this.building || sent.uid !== this.current) return;
    const overlay = this.deps.host.diagnosisOverlay(sent.uid);
    const key = JSON.stringify(overlay ?? null);
    if (key === sent.overlay || !overlay) return;
    if (this.deps.notify({ type: 'diagnosisOverlay', uid: sent.uid, overlay })) sent.overlay = key;
  }

  /** The compared files or their scores changed: send the question's results when they differ. */
  resultsChanged(): void {
    const sent = this.sent;
    if (!sent || this.building || sent.uid !== this.current) return;
    const subtask = this.deps.host.getQuestion(sent.uid)?.question.subtask;
    const results: ResultView[] = resultViews(sent.uid, this.deps.host.getResults(), subtask);
    const key = JSON.stringify(results);
    if (key === sent.results) return;
    if (this.deps.notify({ type: 'results', uid: sent.uid, results })) sent.results = key;
  }

  /** The tree's order or filter changed: send the question's position when it moved. */
  orderChanged(): void {
    const sent = this.sent;
    if (!sent || this.building || sent.uid !== this.current) return;
    const position = positionIn(this.deps.host.navigationOrder(), sent.uid);
    const key = JSON.stringify(position);
    if (key === sent.position) return;
    if (this.deps.notify({ type: 'position', uid: sent.uid, position })) sent.position = key;
  }

  /** The question after this one in the tree's order; at an end both directions wrap and say so. */
  navigate(direction: NavigationDirection): { uid: string | null; message?: string } {
    const { host } = this.deps;
    const order = host.navigationOrder();
    const active = host.activeResult();
    if (direction === 'nextFailure' && !active) return { uid: null, message: 'No active result file: load one to find failures.' };
    const isFailure = (uid: string) => {
      const o = active?.evaluation.byUid.get(uid);
      return !o || o.score < 1;
    };
    const target = navigationTarget(order, this.current, direction, isFailure);
    if (!target)
      return {
        uid: null,
        message: direction === 'nextFailure' ? 'No other failure in the current filter.' : 'No other question in the current order.',
      };
    return target.wrapped ? { uid: target.uid, message: WRAP_NOTICE[direction] } : { uid: target.uid };
  }
}

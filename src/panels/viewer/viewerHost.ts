// What the sample viewer needs from the rest of the extension, and the store's implementation of it.
// The viewer never reaches into views or the store directly.
import * as path from 'node:path';
import type { Dataset, Evaluation, Question } from '../../core';
import { datasetCounts, resultCoverage, resultLabel } from '../../model';
import { isPartial, overallLong } from '../../shared/coverage';
import { formatScore } from '../../shared/format';
import type { InspectorState } from '../../store/state';
import type { FileDiagnosis } from '../../shared/diagnosis';
import { anyEvent, type Event } from '../../store/slices';
import type { LineFrames } from '../../core/diagnosis/collect';
import type { FrameSampling } from '../../shared/diagnosis/visibility';
import { DEFAULT_PROFILE, type ScoringProfile } from '../../shared/scoring/profiles';
import type { DiagnosisOverlayView } from '../../shared/protocol/viewerDiagnosis';
import type { DetectedTargetFrames } from '../../store/targetFrames';
import { diagnosisOverlayView } from './diagnosisOverlay';

/** A loaded result file as the viewer sees it. `colorIndex` picks its colour everywhere (tree, viewer, legend). */
export interface ViewerResult {
  id: string;
  label: string;
  colorIndex: number;
  active: boolean;
  evaluation: Evaluation;
  /** The file's overall score with its coverage, as the header shows it. */
  overall?: string;
  partial?: boolean;
  /** The file's diagnosis, once computed. */
  diagnosis?: FileDiagnosis;
}

export interface ViewerHost {
  /** The question with this uid and the dataset that holds it. */
  getQuestion(uid: string): { question: Question; dataset: Dataset } | undefined;
  /** Resolves once the question's media refs and problems are final (checked now when its dataset's check has not reached it). */
  mediaOf(question: Question): Promise<void>;
  /** The result files compared in the viewer (ticked in the Results view), in a stable order. */
  getResults(): ViewerResult[];
  /** The active result file (the one "next failure" follows), compared or not. */
  activeResult(): ViewerResult | undefined;
  /** Uids in the Questions tree's current order and filter (for next / previous / next failure). */
  navigationOrder(): string[];
  /** The viewer moved to this question (j, k, n): the selection follows, and the tree reveals it. */
  select(uid: string): void;
  /** Roots the webview may load media from: the open datasets' root folders. */
  datasetRoots(): string[];
  /** The questions may have changed: the sample shown is built again. */
  readonly onDidChangeDatasets: Event<unknown>;
  /** The compared files, the active one, or their scores changed: only the results are sent. */
  readonly onDidChangeResults: Event<unknown>;
  /** The tree's order or filter may have changed: only the position is sent. */
  readonly onDidChangeOrder: Event<unknown>;
  /** The active file's what-if for the question and its visibility timeline (docs/DIAGNOSIS.md, "In the viewer"). */
  diagnosisOverlay(uid: string): DiagnosisOverlayView | undefined;
  /** A file's diagnosis changed: the overlay is sent again when it differs. */
  readonly onDidChangeDiagnosis: Event<unknown>;
}

/** What the viewer reads from the extension's settings and diagnosis service (the store); absent in plain-state tests. */
export interface ViewerDiagnosisSource {
  profile(): ScoringProfile;
  /** The sampling the setting assumes; undefined when the setting is empty or unreadable. */
  frameSampling(): FrameSampling | undefined;
  /** The frames fields of a result file's lines, once its diagnosis read them. */
  lineFrames(resultId: string): LineFrames | undefined;
  /** Where geometry is silent: the target frames found in the question's video (asking for them when allowed). */
  targetFrames?(question: Question): DetectedTargetFrames | undefined;
  /** A video's detection started, finished or failed. */
  readonly onDidChangeTargetFrames?: Event<unknown>;
}

function viewerResult(store: InspectorState, r: ReturnType<InspectorState['results']>[number]): ViewerResult | undefined {
  if (!r.evaluation) return undefined;
  const coverage = resultCoverage(r, datasetCounts(store.mergedDataset()?.questions));
  const base = {
    id: r.id,
    label: resultLabel(r),
    colorIndex: r.colorIndex,
    active: r.active,
    evaluation: r.evaluation,
    diagnosis: store.slices.diagnosis.get(r.id),
  };
  return coverage ? { ...base, overall: overallLong(r.evaluation.overall, coverage, formatScore), partial: isPartial(coverage) } : base;
}

export function createViewerHost(store: InspectorState, source?: ViewerDiagnosisSource): ViewerHost {
  const { datasets, results, comparison, filter, selection, diagnosis } = store.slices;
  const activeResult = () => {
    const active = store.activeResult();
    return active ? viewerResult(store, active) : undefined;
  };
  return {
    getQuestion: (uid) => store.getQuestion(uid),
    mediaOf: (question) => store.mediaOf(question),
    getResults(): ViewerResult[] {
      // Load order (the colorIndex order): a stable order for the legend.
      return store
        .results()
        .filter((r) => r.compared)
        .sort((a, b) => a.colorIndex - b.colorIndex)
        .flatMap((r) => viewerResult(store, r) ?? []);
    },
    activeResult,
    navigationOrder: () => store.tree().order,
    select: (uid) => selection.select(uid),
    datasetRoots: () => [...new Set(store.loadedDatasets().map((d) => (d.file ? path.dirname(d.file) : d.root)))],
    onDidChangeDatasets: datasets.onDidChange,
    onDidChangeResults: anyEvent(results.onDidChange, comparison.onDidChange, store.slices.diagnosis.onDidChange),
    onDidChangeOrder: anyEvent(filter.onDidChange, results.onDidChange, datasets.onDidChange),
    diagnosisOverlay(uid) {
      const found = store.getQuestion(uid);
      if (!found) return undefined;
      const active = activeResult();
      return diagnosisOverlayView({
        question: found.question,
        active: active && { result: active, diagnosis: diagnosis.get(active.id) },
        sampling: source ? source.frameSampling() : undefined,
        profile: source?.profile() ?? DEFAULT_PROFILE,
        lineFrames: active && source?.lineFrames(active.id)?.get(uid)?.value,
        detected: source?.targetFrames?.(found.question),
      });
    },
    onDidChangeDiagnosis: source?.onDidChangeTargetFrames
      ? anyEvent(diagnosis.onDidChange, source.onDidChangeTargetFrames)
      : diagnosis.onDidChange,
  };
}

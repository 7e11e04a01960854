// The Compare panel's contract: its messages between the extension host and the webview (machinery in rpc.ts).
// The numbers travel as the shared statistics computed them (the same objects `gst-bench compare --json` prints);
// the webview only formats them. Imported by both sides: no `vscode` and no `node:` imports.
import type { FormatLoss } from '../report/formatLoss';
import type { Comparison } from '../stats/compare';
import type { DisagreementList } from '../stats/disagreements';
import type { RunGroup, SettingComparison } from '../stats/groups';
import type { SubtaskKey } from '../subtasks';
import { contractGuards, type PanelHostMessage, type RequestHandlers } from './rpc';
import type { DiagnosisDeltaView } from './diagnosis';

/** One compared result file. A file whose lines carry `setting` holds one result set per setting. */
export interface CompareFileView {
  /** The Results view's id of the file (its absolute path). */
  id: string;
  /** The file name, as the Results view shows it. */
  name: string;
  colorIndex: number;
  /** Ids of its result sets in `comparison.sets`. */
  sets: string[];
  lines: number;
  scored: number;
  skipped: number;
  /** Lenient minus strict reader, per subtask; null when the file has no scored question. */
  formatLoss: FormatLoss | null;
}

export interface CompareView {
  comparison: Comparison;
  runGroups: RunGroup[];
  settings: SettingComparison[];
  files: CompareFileView[];
  /** Which questions each set lacks, and what the deltas leave out (shared coverageNotes). */
  coverage: string[];
  /** The baseline as a Results view file id. */
  baselineFile: string;
  /** Problems of the compared files, one line each (file:line: message). */
  problems: string[];
}

export type CompareRequests = {
  /** Makes this compared file the baseline (the comparison slice's baseline). */
  setBaseline: { params: { file: string }; result: { ok: boolean } };
  /** That subtask's questions on which set `other` and the baseline disagree. */
  disagreements: {
    params: { subtask: SubtaskKey; other: string };
    result: { list: DisagreementList; baselineLabel: string; otherLabel: string } | { error: string };
  };
  /** Opens the question in the sample viewer, which shows every compared file's prediction. */
  openQuestion: { params: { uid: string }; result: { opened: boolean } };
};

/** Host to webview. */
export type CompareNotification =
  /** The compared files, their scores or the baseline changed: the whole table again (it is a few kB). */
  | { type: 'table'; view: CompareView }
  /** Nothing to compare (fewer than two files with scorable lines), or the files are being read. */
  | { type: 'empty'; message: string }
  | { type: 'loading'; message: string }
  /** Each compared file's diagnosis against the baseline's, after the table (files are diagnosed on demand). */
  | { type: 'diagnosis'; deltas: DiagnosisDeltaView[] };

/**
 * The table painted: `ms` from its arrival to the frame after its render; `sinceReady`, for the first table after
 * the page's `ready`, the page's time from posting `ready` to the table's arrival (the messages' round trip and
 * the host's work).
 */
type CompareEvent = { type: 'painted'; ms: number; sinceReady?: number };

export type CompareContract = {
  requests: CompareRequests;
  notifications: CompareNotification;
  events: CompareEvent;
  /** What the webview restored from getState: the cell whose disagreements were listed. */
  ready: { restoredBaseline?: string };
};

export type CompareHostMessage = PanelHostMessage<CompareContract>;
export type CompareRequestHandlers = RequestHandlers<CompareRequests>;

/** What the webview keeps in `setState`, so it survives hiding and reloads. */
export interface CompareState {
  baseline?: string;
  cell?: { subtask: SubtaskKey; other: string };
  sort?: DisagreementSort;
}

/** Within each group: largest score difference first (the shared order), or smallest first. */
export type DisagreementSort = 'largest' | 'smallest';

export const { isHostMessage: isCompareHostMessage, isWebviewMessage: isCompareWebviewMessage } = contractGuards<CompareContract>({
  notifications: ['table', 'empty', 'loading', 'diagnosis'],
  events: ['painted'],
});

// The scoreboard panel's contract: the host sends the whole scoreboard (small: a few files, 25 paper rows);
// the webview filters the paper's rows and asks the host to export what it shows.
import { REFERENCE_GROUPS, type ReferenceGroup } from '../reference/paper';
import type { ScoreboardDisplay, ScoreboardRow } from '../report/scoreboard';
import type { TableFormat } from '../report/export';
import type { RandomBaseline } from '../stats/randomBaseline';
import type { FileDiagnosisView, ShowDiagnosisQuestionsRequest } from './diagnosis';
import { contractGuards, type PanelHostMessage, type RequestHandlers } from './rpc';

/** A loaded file's row as the panel draws it: its name and colour as in the Results view. */
export interface ScoreboardFileView {
  /** The result file's id (its path). */
  id: string;
  /** As the Results view names it (the file stem). */
  name: string;
  colorIndex: number;
  active: boolean;
}

export interface ScoreboardModel {
  /** Which files are on the board: the ticked ones, else the active one. */
  basis: 'ticked' | 'active' | 'none';
  /** One per row of source `loaded`, in the same order. */
  files: ScoreboardFileView[];
  /** Every row: the loaded files, the simulated baseline, then all the paper's rows (the webview filters them). */
  rows: ScoreboardRow[];
  random: RandomBaseline | null;
  /** Why the simulated baseline and the paper's random row differ. */
  randomNote: string;
  /** The paper's random row's Avg., shown beside the simulated one. */
  paperRandomAvg: number;
  /** The notes the exports carry under the table. */
  notes: string[];
  source: string;
  /** Shown instead of the board when there is nothing to score (no dataset). */
  message?: string;
}

/** The export formats the panel offers (text is the CLI's terminal table). */
export type ScoreboardExportFormat = Exclude<TableFormat, 'text'>;
export const SCOREBOARD_EXPORT_FORMATS: ReadonlyArray<{ format: ScoreboardExportFormat; label: string; extension: string }> = [
  { format: 'markdown', label: 'Markdown', extension: 'md' },
  { format: 'csv', label: 'CSV', extension: 'csv' },
  { format: 'latex', label: 'LaTeX', extension: 'tex' },
];

export type ScoreboardRequests = {
  /** The panel's filter changed: the host keeps it for the export command. */
  setDisplay: { params: { display: ScoreboardDisplay }; result: { ok: true } };
  /**
   * Starts the save dialog and the atomic write; answered at once (a user may take longer in the dialog than a
   * request may wait), the outcome comes as an `exported` notification.
   */
  exportTable: { params: { format: ScoreboardExportFormat; display: ScoreboardDisplay }; result: { started: true } };
  copyTable: { params: { format: ScoreboardExportFormat; display: ScoreboardDisplay }; result: { copied: boolean } };
  /** Runs "Find Target Frames in Videos" (its progress is the host's notification); answered at once. */
  findTargetFrames: { params: Record<string, never>; result: { started: true } };
} & ShowDiagnosisQuestionsRequest;

export type ScoreboardNotification =
  | { type: 'model'; model: ScoreboardModel }
  /** An export finished: the path written, null when cancelled; `error` when it failed. */
  | { type: 'exported'; format: ScoreboardExportFormat; saved: string | null; error?: string }
  /** The board's files' diagnosis sections (they come after the board: a file is diagnosed once, on demand). */
  | { type: 'diagnosis'; files: FileDiagnosisView[] };

type ScoreboardEvent = { type: 'painted'; rows: number };

export type ScoreboardContract = {
  requests: ScoreboardRequests;
  notifications: ScoreboardNotification;
  events: ScoreboardEvent;
  /** The filter restored from setState after a reload. */
  ready: { display?: ScoreboardDisplay };
};

export type ScoreboardHostMessage = PanelHostMessage<ScoreboardContract>;
export type ScoreboardRequestHandlers = RequestHandlers<ScoreboardRequests>;

/** What the webview keeps in setState. */
export interface ScoreboardState {
  display?: ScoreboardDisplay;
  /** The paper row marked in the chart (its label), kept while a hidden page is torn down. */
  mark?: string;
}

export const { isHostMessage: isScoreboardHostMessage, isWebviewMessage: isScoreboardWebviewMessage } = contractGuards<ScoreboardContract>({
  notifications: ['model', 'exported', 'diagnosis'],
  events: ['painted'],
});

const GROUP_KEYS: ReadonlySet<string> = new Set(REFERENCE_GROUPS.map((g) => g.key));

/** A display from an untrusted message or saved state; null when it is not one. */
export function asScoreboardDisplay(value: unknown): ScoreboardDisplay | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { showReference?: unknown; groups?: unknown };
  if (typeof v.showReference !== 'boolean' || !Array.isArray(v.groups)) return null;
  if (!v.groups.every((g) => typeof g === 'string' && GROUP_KEYS.has(g))) return null;
  return { showReference: v.showReference, groups: [...new Set(v.groups as ReferenceGroup[])] };
}

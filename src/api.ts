// The object `activate()` returns. Extension-host tests (and other extensions) read the views through it
// instead of scraping the UI. Implemented by the extension's store and views.
import type { CompareNotification } from './shared/protocol/compare';
import type { ScoreboardModel } from './shared/protocol/scoreboard';
import type { ScoreboardDisplay } from './shared/report/scoreboard';
import type { ExtensionStats } from './perf/extensionStats';

export interface TreeSnapshotNode {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  /** Codicon id of the item's icon, e.g. "pass-filled". */
  icon?: string;
  children?: TreeSnapshotNode[];
}

/** `fallback` and `ambiguous` filter by how the answer was read (docs/PARSING.md), not by its score. */
export type StatusFilter = 'all' | 'failed' | 'wrong' | 'unparsed' | 'none' | 'fallback' | 'ambiguous';
export type SortOrder = 'dataset' | 'scoreAsc' | 'errorDesc';

export interface InspectorApi {
  /**
   * The Questions tree as displayed (current filter and sort), fully expanded, or its first `depth` levels (1: the
   * competencies; 2: and their subtasks, what the view shows before a subtask is expanded).
   */
  questionsTree(depth?: number): Promise<TreeSnapshotNode[]>;
  /** The Results view's items. */
  resultsTree(): Promise<TreeSnapshotNode[]>;
  /** Description shown in the Questions view's title (the active filter), or undefined. */
  questionsDescription(): string | undefined;
  /** Resolves once every dataset and result file found so far has been loaded. */
  whenIdle(): Promise<void>;
  /** Uid of the question shown in the sample viewer, if it is open. */
  viewerQuestion(): string | undefined;
  /** The audit sidecar of each loaded dataset (gst-audit.jsonl in its root, or the configured file). */
  auditFiles(): string[];
  /** True while the viewer is in blind mode (the human baseline). */
  viewerBlind(): boolean;
  /** Files ticked in the Results view (compared), in the order they were ticked. */
  comparedResults(): string[];
  /** What the Compare panel's webview was sent last (its table, or the message it shows), if anything. */
  compareSent(): CompareNotification | undefined;
  /** Resolves once the Compare panel's table of the ticked files is computed (and sent, when the panel is open). */
  compareSettled(): Promise<void>;
  /** The status bar item's text, or undefined while it is hidden (no active file, or a blind baseline). */
  statusBarText(): string | undefined;
  /** What the extension counted about its own work (result parses, cache hits, paints); see src/perf/extensionStats.ts. */
  stats(options?: { resetEventLoop?: boolean }): ExtensionStats;
  /** The scoreboard as its panel shows it (built now if needed), whether the panel is open, and its filter. */
  scoreboard(): { open: boolean; model: ScoreboardModel; display: ScoreboardDisplay };
}

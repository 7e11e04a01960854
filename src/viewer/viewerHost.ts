import type * as vscode from 'vscode';
import type { Dataset, Evaluation, Question } from '../core';

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
}

/**
 * What the sample viewer needs from the rest of the extension. The store behind the tree implements it;
 * the viewer never reaches into views directly.
 */
export interface ViewerHost {
  /** The question with this uid and the dataset that holds it. */
  getQuestion(uid: string): { question: Question; dataset: Dataset } | undefined;
  /** The active result file and every result file checked for comparison, in a stable order. */
  getResults(): ViewerResult[];
  /** Uids in the Questions tree's current order and filter (for next / previous / next failure). */
  navigationOrder(): string[];
  /** Asks the tree to select and reveal this question (the tree follows the viewer). */
  reveal(uid: string): void;
  /** Fires when datasets, results or the active/checked set change. */
  readonly onDidChange: vscode.Event<void>;
  /** Roots the webview may load media from: the open datasets' root folders. */
  datasetRoots(): string[];
}

// Status bar item: the active result file and its overall score. A click opens the scoreboard; the tooltip
// links the scoreboard and the Results view. Hidden while a blind baseline runs: a participant must not see
// how the model scores.
import * as vscode from 'vscode';
import { coverageText } from '../core';
import { COMMANDS, VIEWS } from '../ids';
import { datasetCounts, resultCoverage, statusBarText } from '../model';
import type { InspectorStore } from '../store/store';

const RESULTS_FOCUS = `${VIEWS.results}.focus`;

/** What the status bar needs of the viewer's blind mode. */
export interface BlindModeSource {
  isBlind(): boolean;
  readonly onDidChangeBlind: vscode.Event<boolean>;
}

export interface StatusBar extends vscode.Disposable {
  /** Keeps the item hidden while `source` is blind; shows it again after. */
  hideWhileBlind(source: BlindModeSource): vscode.Disposable;
  /** The text shown, or undefined while hidden (for the extension-host tests). */
  shownText(): string | undefined;
}

export function createStatusBar(store: InspectorStore): StatusBar {
  let blind: BlindModeSource | undefined;
  let shown = false;
  const item = vscode.window.createStatusBarItem('gstBench.activeResult', vscode.StatusBarAlignment.Left, 50);
  item.name = 'GST-Bench Active Result';
  item.command = COMMANDS.showScoreboard;
  const update = () => {
    const active = store.activeResult();
    const coverage = active ? resultCoverage(active, datasetCounts(store.mergedDataset()?.questions)) : undefined;
    const text = statusBarText(active, coverage);
    if (!text || !active || blind?.isBlind()) {
      item.hide();
      shown = false;
      return;
    }
    item.text = text;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.isTrusted = { enabledCommands: [COMMANDS.showScoreboard, RESULTS_FOCUS] };
    tooltip.appendText(
      `GST-Bench: active result file ${active.file}\n\nOverall = mean of the subtask scores${coverage ? `, over ${coverageText(coverage)}` : ''}.`,
    );
    tooltip.appendMarkdown(
      `\n\nA click shows the scoreboard. [Show Scoreboard](command:${COMMANDS.showScoreboard}) · [Show the Results view](command:${RESULTS_FOCUS})`,
    );
    item.tooltip = tooltip;
    item.show();
    shown = true;
  };
  update();
  const disposable = vscode.Disposable.from(store.slices.results.onDidChange(update), item);
  return {
    dispose: () => disposable.dispose(),
    hideWhileBlind(source) {
      blind = source;
      update();
      return source.onDidChangeBlind(update);
    },
    shownText: () => (shown ? item.text : undefined),
  };
}

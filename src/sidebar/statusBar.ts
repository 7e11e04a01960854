// Status bar item: the active result file and its overall score. A click opens the scoreboard; the tooltip
// links the scoreboard and the Results view.
import * as vscode from 'vscode';
import { coverageText } from '../core';
import { COMMANDS, VIEWS } from '../ids';
import { datasetCounts, resultCoverage, statusBarText } from '../model';
import type { InspectorStore } from '../store/store';

const RESULTS_FOCUS = `${VIEWS.results}.focus`;

export function createStatusBar(store: InspectorStore): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('gstBench.activeResult', vscode.StatusBarAlignment.Left, 50);
  item.name = 'GST-Bench Active Result';
  item.command = COMMANDS.showScoreboard;
  const update = () => {
    const active = store.activeResult();
    const coverage = active ? resultCoverage(active, datasetCounts(store.mergedDataset()?.questions)) : undefined;
    const text = statusBarText(active, coverage);
    if (!text || !active) {
      item.hide();
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
  };
  update();
  return vscode.Disposable.from(store.slices.results.onDidChange(update), item);
}

// Status bar item: the active result file and its overall score.
import * as vscode from 'vscode';
import { coverageText } from '../core';
import { VIEWS } from '../ids';
import { datasetCounts, resultCoverage, statusBarText } from '../model';
import type { InspectorStore } from '../store/store';

export function createStatusBar(store: InspectorStore): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('gstBench.activeResult', vscode.StatusBarAlignment.Left, 50);
  item.name = 'GST-Bench Active Result';
  item.command = `${VIEWS.results}.focus`;
  const update = () => {
    const active = store.activeResult();
    const coverage = active ? resultCoverage(active, datasetCounts(store.mergedDataset()?.questions)) : undefined;
    const text = statusBarText(active, coverage);
    if (!text || !active) {
      item.hide();
      return;
    }
    item.text = text;
    item.tooltip = `GST-Bench: active result file ${active.file}\nOverall = mean of the subtask scores${coverage ? `, over ${coverageText(coverage)}` : ''}. Click to show the Results view.`;
    item.show();
  };
  update();
  return vscode.Disposable.from(store.slices.results.onDidChange(update), item);
}

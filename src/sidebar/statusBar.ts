// Status bar item: the active result file and its overall score.
import * as vscode from 'vscode';
import { VIEWS } from '../ids';
import { statusBarText } from '../model';
import type { InspectorStore } from '../store/store';

export function createStatusBar(store: InspectorStore): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('gstBench.activeResult', vscode.StatusBarAlignment.Left, 50);
  item.name = 'GST-Bench Active Result';
  item.command = `${VIEWS.results}.focus`;
  const update = () => {
    const active = store.activeResult();
    const text = statusBarText(active);
    if (!text || !active) {
      item.hide();
      return;
    }
    item.text = text;
    item.tooltip = `GST-Bench: active result file ${active.file}\nOverall = mean of the subtask scores. Click to show the Results view.`;
    item.show();
  };
  update();
  return vscode.Disposable.from(store.slices.results.onDidChange(update), item);
}

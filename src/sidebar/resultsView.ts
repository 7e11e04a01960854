// The Results view: loaded result files; one active, others checked for comparison.
import * as vscode from 'vscode';
import type { TreeSnapshotNode } from '../api';
import { VIEWS } from '../ids';
import {
  datasetCounts,
  resultColor,
  resultCoverage,
  resultDescription,
  resultRowLabel,
  resultTooltip,
  type ResultFileState,
} from '../model';
import type { InspectorStore } from '../store/store';

function resultContextValue(r: ResultFileState): string {
  return r.active ? 'result.active' : 'result.inactive';
}

function resultIcon(r: ResultFileState): string {
  return r.error ? 'warning' : r.active ? 'star-full' : 'circle-filled';
}

class ResultsProvider implements vscode.TreeDataProvider<ResultFileState> {
  private readonly emitter = new vscode.EventEmitter<ResultFileState | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly store: InspectorStore) {}

  refresh(): void {
    this.emitter.fire(undefined);
  }

  getChildren(node?: ResultFileState): ResultFileState[] {
    return node ? [] : this.store.results().sort((a, b) => a.colorIndex - b.colorIndex);
  }

  private coverage(r: ResultFileState) {
    return resultCoverage(r, datasetCounts(this.store.mergedDataset()?.questions));
  }

  getTreeItem(r: ResultFileState): vscode.TreeItem {
    const coverage = this.coverage(r);
    const item = new vscode.TreeItem(resultRowLabel(r, coverage), vscode.TreeItemCollapsibleState.None);
    item.id = `result:${r.id}`;
    item.description = `${r.active ? 'active · ' : ''}${resultDescription(r, coverage)}`;
    item.tooltip = resultTooltip(r, coverage);
    item.contextValue = resultContextValue(r);
    item.iconPath = new vscode.ThemeIcon(
      resultIcon(r),
      new vscode.ThemeColor(r.error ? 'list.warningForeground' : resultColor(r.colorIndex)),
    );
    item.resourceUri = vscode.Uri.file(r.file);
    // The checkbox marks files compared in the viewer, independent of the active file (the star).
    item.checkboxState = {
      state: r.compared ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
      tooltip: r.compared ? 'Compared in the sample viewer: untick to hide it there' : 'Compare in the sample viewer',
    };
    item.command = { command: 'vscode.open', title: 'Open Result File', arguments: [vscode.Uri.file(r.file), { preview: true }] };
    return item;
  }

  snapshot(): TreeSnapshotNode[] {
    return this.getChildren().map((r) => ({
      id: `result:${r.id}`,
      label: resultRowLabel(r, this.coverage(r)),
      description: `${r.active ? 'active · ' : ''}${resultDescription(r, this.coverage(r))}`,
      tooltip: resultTooltip(r, this.coverage(r)),
      contextValue: resultContextValue(r),
      icon: resultIcon(r),
    }));
  }
}

export function createResultsView(
  store: InspectorStore,
): { provider: ResultsProvider; treeView: vscode.TreeView<ResultFileState> } & vscode.Disposable {
  const provider = new ResultsProvider(store);
  const treeView = vscode.window.createTreeView(VIEWS.results, { treeDataProvider: provider, manageCheckboxStateManually: true });
  const subs = vscode.Disposable.from(
    treeView,
    store.slices.results.onDidChange(() => provider.refresh()),
    store.slices.comparison.onDidChange(() => provider.refresh()),
    treeView.onDidChangeCheckboxState((e) => {
      for (const [r, state] of e.items) store.setCompared(r.id, state === vscode.TreeItemCheckboxState.Checked);
    }),
  );
  return { provider, treeView, dispose: () => subs.dispose() };
}

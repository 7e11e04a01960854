// The Questions tree: competencies → subtasks → questions, built by src/model from the store.
import * as vscode from 'vscode';
import type { TreeSnapshotNode } from '../api';
import { COMMANDS, VIEWS } from '../ids';
import { describeFilter, nodeIds, parentOf, snapshot, type TreeNode } from '../model';
import { anyEvent } from '../store/slices';
import { markStageOnce } from '../perf/extensionStats';
import { coalesce } from '../store/coalesce';
import type { InspectorStore } from '../store/store';
import { AuditDecorations, questionsViewDescription } from './auditDecorations';
import { markdownTooltip } from './markdownTooltip';

/** Scheme of the resource URIs that carry a question's warning decoration (see QuestionDecorations). */
export const QUESTION_URI_SCHEME = 'gst-bench-question';

export function questionUri(uid: string): vscode.Uri {
  return vscode.Uri.from({ scheme: QUESTION_URI_SCHEME, path: `/${encodeURIComponent(uid)}` });
}

class QuestionsProvider implements vscode.TreeDataProvider<TreeNode> {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;

  constructor(private readonly store: InspectorStore) {}

  refresh(): void {
    this.emitter.fire(undefined);
  }

  getChildren(node?: TreeNode): TreeNode[] {
    if (!node) return this.store.tree().roots;
    return node.type === 'question' ? [] : node.children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    // Resolve against the current tree: `node` may come from an older build.
    const tree = this.store.tree();
    const current = tree.byId.get(node.id);
    return current ? parentOf(tree, current) : undefined;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const collapsible =
      node.type === 'question'
        ? vscode.TreeItemCollapsibleState.None
        : node.type === 'competency'
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = node.id;
    item.description = node.description;
    item.contextValue = node.contextValue;
    item.iconPath = new vscode.ThemeIcon(node.icon, node.iconColor ? new vscode.ThemeColor(node.iconColor) : undefined);
    if (node.tooltip) item.tooltip = markdownTooltip(node.tooltip);
    if (node.type === 'question') {
      item.resourceUri = questionUri(node.uid);
      item.command = { command: COMMANDS.openQuestion, title: 'Open Question', arguments: [node.uid] };
    }
    return item;
  }

  /** The node of a question in the current tree (it may be filtered out). */
  questionNode(uid: string): TreeNode | undefined {
    return this.store.tree().byId.get(nodeIds.question(uid));
  }

  snapshot(depth?: number): TreeSnapshotNode[] {
    return snapshot(this.store.tree().roots, depth);
  }
}

/** Warning badge and colour on questions whose data has problems (missing video, bad answer). */
class QuestionDecorations implements vscode.FileDecorationProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.emitter.event;

  constructor(private readonly store: InspectorStore) {}

  refresh(): void {
    this.emitter.fire(undefined);
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== QUESTION_URI_SCHEME) return undefined;
    const uid = decodeURIComponent(uri.path.slice(1));
    const q = this.store.getQuestion(uid)?.question;
    if (!q || q.problems.length === 0) return undefined;
    const reason = q.problems.map((p) => p.message).join('; ');
    return new vscode.FileDecoration('!', reason, new vscode.ThemeColor('list.warningForeground'));
  }
}

export interface QuestionsView extends vscode.Disposable {
  provider: QuestionsProvider;
  treeView: vscode.TreeView<TreeNode>;
  reveal(uid: string): void;
  /** Resolves once the view has drawn the last burst of store changes. */
  idle(): Promise<void>;
}

export function createQuestionsView(store: InspectorStore): QuestionsView {
  const provider = new QuestionsProvider(store);
  const decorations = new QuestionDecorations(store);
  const auditDecorations = new AuditDecorations(store);
  const treeView = vscode.window.createTreeView(VIEWS.questions, { treeDataProvider: provider, showCollapseAll: true });
  const update = () => {
    if (store.activeResult()?.evaluation) markStageOnce('questions.scoresDrawn');
    provider.refresh();
    decorations.refresh();
    treeView.description = questionsViewDescription(store, describeFilter(store.filter));
    const tree = store.tree();
    treeView.message =
      store.hasDataset() && tree.order.length === 0 && store.filterActive() ? 'No question matches the filter.' : undefined;
  };
  update();
  const { datasets, results, filter, audit } = store.slices;
  // A load of 25 files fires 25 changes: the tree is rebuilt and redrawn once per burst, not per file. A filter
  // keystroke updates at once.
  const burst = coalesce(update);
  const subs = vscode.Disposable.from(
    treeView,
    anyEvent(datasets.onDidChange, results.onDidChange)(() => burst.schedule()),
    filter.onDidChange(update),
    { dispose: () => burst.dispose() },
    vscode.window.registerFileDecorationProvider(decorations),
    vscode.window.registerFileDecorationProvider(auditDecorations),
    audit.onDidChange((e) => {
      auditDecorations.refresh(e.uids.map(questionUri));
      treeView.description = questionsViewDescription(store, describeFilter(store.filter));
      if (store.filter.audit !== undefined) provider.refresh();
    }),
  );
  return {
    provider,
    treeView,
    idle: () => burst.idle(),
    reveal(uid: string) {
      const node = provider.questionNode(uid);
      if (!node || treeView.selection[0]?.id === node.id) return;
      // Only when the view is visible: revealing a hidden view would open the side bar.
      if (!treeView.visible) return;
      treeView.reveal(node, { select: true, focus: false, expand: true }).then(undefined, () => undefined);
    },
    dispose: () => subs.dispose(),
  };
}

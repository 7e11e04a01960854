import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, VIEWER_PANEL_TYPE } from '../../ids';
import { isWebviewMessage, PanelChannel, type HostMessage, type NavigationDirection, type ViewerContract, type ViewerRequestHandlers, type ViewerState } from '../../shared/protocol';
import { viewerHtml } from './html';
import { buildSampleView, navigationTarget } from './sampleView';
import type { ViewerHost } from './viewerHost';

/** The sample viewer as the rest of the extension sees it. */
export interface Viewer {
  /** Opens the viewer (or reuses it) on this question. */
  show(uid: string): void;
  /** Uid of the question shown, if the panel is open. */
  currentUid(): string | undefined;
}

const PANEL_TITLE = 'GST-Bench Sample';

/** Registers the sample viewer panel, its serializer and its navigation commands. */
export function registerViewer(context: vscode.ExtensionContext, host: ViewerHost, log: vscode.LogOutputChannel): Viewer {
  const controller = new ViewerController(context, host, log);
  context.subscriptions.push(
    controller,
    vscode.window.registerWebviewPanelSerializer(VIEWER_PANEL_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const uid = typeof (state as ViewerState | undefined)?.uid === 'string' ? (state as ViewerState).uid : undefined;
        controller.adopt(panel, uid);
      },
    }),
    vscode.commands.registerCommand(COMMANDS.viewerNext, () => controller.navigate('next')),
    vscode.commands.registerCommand(COMMANDS.viewerPrevious, () => controller.navigate('previous')),
    vscode.commands.registerCommand(COMMANDS.viewerNextFailure, () => controller.navigate('nextFailure')),
  );
  return { show: (uid) => controller.show(uid), currentUid: () => controller.currentUid() };
}

class ViewerController implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private uid: string | undefined;
  /** The protocol's host end for the current panel; ready between the webview's `ready` and its page going away. */
  private channel: PanelChannel<ViewerContract> | undefined;
  /** Bumps on every show, so a slow build for an older question is dropped. */
  private generation = 0;
  /** When show(uid) was called, for the click-to-paint time in the log. */
  private shownAt: { uid: string; at: number } | undefined;
  private readonly hostChange: vscode.Disposable;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: ViewerHost,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.hostChange = host.onDidChange(() => {
      if (!this.panel) return;
      this.updateResourceRoots();
      void this.push();
    });
  }

  currentUid(): string | undefined {
    return this.panel ? this.uid : undefined;
  }

  show(uid: string): void {
    if (this.panel && uid === this.uid) {
      if (!this.panel.visible) this.panel.reveal(undefined, true);
      return;
    }
    this.uid = uid;
    this.shownAt = { uid, at: performance.now() };
    if (!this.panel) this.adopt(vscode.window.createWebviewPanel(VIEWER_PANEL_TYPE, PANEL_TITLE, { viewColumn: vscode.ViewColumn.Active, preserveFocus: true }, this.options()), uid);
    else if (!this.panel.visible) this.panel.reveal(undefined, true);
    void this.push();
  }

  /** Takes over a panel: a new one, or one restored by the serializer after a reload. */
  adopt(panel: vscode.WebviewPanel, uid: string | undefined): void {
    this.disposePanel();
    this.panel = panel;
    this.uid = uid ?? this.uid;
    const channel = new PanelChannel<ViewerContract>({
      post: (m) => void panel.webview.postMessage(m),
      handlers: this.handlers,
      isWebviewMessage,
      onReady: (m) => {
        if (this.uid === undefined && m.restoredUid) this.uid = m.restoredUid;
        void this.push();
      },
      onEvent: (m) => this.painted(m.uid, m.ms),
    });
    this.channel = channel;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'gst-bench.svg');
    panel.webview.html = this.html(panel.webview);
    this.panelDisposables.push(
      panel.onDidDispose(() => {
        if (this.panel === panel) {
          this.panel = undefined;
          this.channel = undefined;
          this.disposePanel();
        }
      }),
      panel.onDidChangeViewState(() => {
        // Without retainContextWhenHidden a hidden webview's page is torn down; it sends `ready` again when shown.
        if (!panel.visible) channel.reset();
      }),
      panel.webview.onDidReceiveMessage((m: unknown) => void channel.receive(m)),
    );
  }

  async navigate(direction: NavigationDirection): Promise<{ uid: string | null; message?: string }> {
    const order = this.host.navigationOrder();
    const active = this.host.getResults().find((r) => r.active);
    if (direction === 'nextFailure' && !active) return { uid: null, message: 'No active result file: load one to find failures.' };
    const isFailure = (uid: string) => {
      const o = active?.evaluation.byUid.get(uid);
      return !o || o.score < 1;
    };
    const target = navigationTarget(order, this.uid, direction, isFailure);
    if (!target) {
      const message = direction === 'nextFailure' ? 'No other failure in the current filter.' : direction === 'next' ? 'Last question in the current order.' : 'First question in the current order.';
      return { uid: null, message };
    }
    this.show(target);
    this.host.reveal(target);
    return { uid: target };
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: this.resourceRoots(),
    };
  }

  private resourceRoots(): vscode.Uri[] {
    const ext = this.context.extensionUri;
    return [vscode.Uri.joinPath(ext, 'dist'), vscode.Uri.joinPath(ext, 'media'), ...this.host.datasetRoots().map((r) => vscode.Uri.file(r))];
  }

  private updateResourceRoots(): void {
    if (!this.panel) return;
    const now = (this.panel.webview.options.localResourceRoots ?? []).map((u) => u.toString()).join('\n');
    const next = this.resourceRoots();
    if (next.map((u) => u.toString()).join('\n') !== now) this.panel.webview.options = { ...this.panel.webview.options, localResourceRoots: next };
  }

  private html(webview: vscode.Webview): string {
    const dist = vscode.Uri.joinPath(this.context.extensionUri, 'dist');
    return viewerHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
    });
  }

  private post(message: Exclude<HostMessage, { type: 'response' }>): void {
    this.channel?.notify(message);
  }

  /** Sends the current question; before `ready` nothing is sent and `ready` triggers the push. */
  private async push(): Promise<void> {
    const panel = this.panel;
    const uid = this.uid;
    if (!panel || !this.channel?.ready || uid === undefined) return;
    const generation = ++this.generation;
    const found = this.host.getQuestion(uid);
    if (!found) {
      this.post({ type: 'notFound', uid, message: `Question ${uid} is not in any open dataset.` });
      return;
    }
    const sample = await buildSampleView(found.question, found.dataset, {
      results: this.host.getResults(),
      order: this.host.navigationOrder(),
      toUri: (p) => panel.webview.asWebviewUri(vscode.Uri.file(p)).toString(),
    });
    if (generation !== this.generation || panel !== this.panel) return;
    panel.title = `${sample.subtask?.abbreviation ?? 'Other'} · ${sample.scene || uid}`;
    this.post({ type: 'show', sample });
  }

  private readonly handlers: ViewerRequestHandlers = {
    navigate: ({ direction }) => this.navigate(direction),
    copyText: async ({ text }) => {
      await vscode.env.clipboard.writeText(text);
      return { copied: true };
    },
    openSource: async ({ uid, resultId }) => {
      const found = this.host.getQuestion(uid);
      if (!found) return { opened: false };
      const result = resultId ? this.host.getResults().find((r) => r.id === resultId) : undefined;
      const line = result ? result.evaluation.byUid.get(uid)?.line : found.question.source.line;
      const file = result ? result.evaluation.file : found.question.source.file;
      if (!path.isAbsolute(file)) return { opened: false };
      const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
      await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(pos, pos), viewColumn: vscode.ViewColumn.Beside, preview: true });
      return { opened: true };
    },
  };

  /** `ms`: from the message's arrival in the webview to the paint; the show-to-paint time when this host asked for it. */
  private painted(uid: string, ms: number): void {
    const sinceShow = this.shownAt?.uid === uid ? `, ${Math.round((performance.now() - this.shownAt.at) * 10) / 10} ms after show` : '';
    this.log.debug(`viewer painted ${uid} in ${ms} ms${sinceShow}`);
    if (this.shownAt?.uid === uid) this.shownAt = undefined;
  }

  private disposePanel(): void {
    for (const d of this.panelDisposables.splice(0)) d.dispose();
  }

  dispose(): void {
    this.hostChange.dispose();
    this.disposePanel();
    this.panel?.dispose();
  }
}

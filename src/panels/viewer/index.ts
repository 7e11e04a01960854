import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, VIEWER_PANEL_TYPE } from '../../ids';
import { answerRequest, isWebviewMessage, type HostMessage, type NavigationDirection, type RequestHandlers, type ViewerState } from '../../shared/protocol';
import { viewerHtml } from './html';
import { buildSampleView, navigationTarget } from './sampleView';
import type { ViewerHost } from './viewerHost';

/** The sample viewer as the rest of the extension sees it. */
export interface Viewer {
  /** Opens the viewer (or reuses it) on this question. */
  show(uid: string): void;
  /** Uid of the question shown, if the panel is open. */
  currentUid(): string | undefined;
  /**
   * Fires when the webview has painted a question. `ms`: from the message's arrival in the webview to the paint;
   * `sinceShowMs`: from the host's show(uid) call (e.g. a tree click) to the paint report's arrival, when known.
   */
  readonly onDidPaint: vscode.Event<ViewerPaint>;
}

export interface ViewerPaint {
  uid: string;
  ms: number;
  sinceShowMs?: number;
}

const PANEL_TITLE = 'GST-Bench Sample';

/** Registers the sample viewer panel, its serializer and its navigation commands. */
export function registerViewer(context: vscode.ExtensionContext, host: ViewerHost): Viewer {
  const controller = new ViewerController(context, host);
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
  return { show: (uid) => controller.show(uid), currentUid: () => controller.currentUid(), onDidPaint: controller.onDidPaint };
}

class ViewerController implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private uid: string | undefined;
  /** True between the webview's `ready` and its disposal or reload (hidden panels lose their page). */
  private ready = false;
  /** Bumps on every show, so a slow build for an older question is dropped. */
  private generation = 0;
  private readonly paintEmitter = new vscode.EventEmitter<ViewerPaint>();
  /** When show(uid) was called, for the click-to-paint time. */
  private shownAt: { uid: string; at: number } | undefined;
  readonly onDidPaint = this.paintEmitter.event;
  private readonly hostChange: vscode.Disposable;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: ViewerHost,
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
    this.ready = false;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'gst-bench.svg');
    panel.webview.html = this.html(panel.webview);
    this.panelDisposables.push(
      panel.onDidDispose(() => {
        if (this.panel === panel) {
          this.panel = undefined;
          this.ready = false;
          this.disposePanel();
        }
      }),
      panel.onDidChangeViewState(() => {
        // Without retainContextWhenHidden a hidden webview's page is torn down; it sends `ready` again when shown.
        if (!panel.visible) this.ready = false;
      }),
      panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
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

  private post(message: HostMessage): void {
    if (this.panel && this.ready) void this.panel.webview.postMessage(message);
  }

  /** Sends the current question; before `ready` nothing is sent and `ready` triggers the push. */
  private async push(): Promise<void> {
    const panel = this.panel;
    const uid = this.uid;
    if (!panel || !this.ready || uid === undefined) return;
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

  private readonly handlers: RequestHandlers = {
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

  private receive(message: unknown): void {
    if (!isWebviewMessage(message)) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.uid === undefined && message.restoredUid) this.uid = message.restoredUid;
        void this.push();
        return;
      case 'painted':
        this.paintEmitter.fire({
          uid: message.uid,
          ms: message.ms,
          ...(this.shownAt?.uid === message.uid ? { sinceShowMs: Math.round((performance.now() - this.shownAt.at) * 10) / 10 } : {}),
        });
        if (this.shownAt?.uid === message.uid) this.shownAt = undefined;
        return;
      case 'request':
        void answerRequest(message, this.handlers).then((response) => this.post(response));
        return;
    }
  }

  private disposePanel(): void {
    for (const d of this.panelDisposables.splice(0)) d.dispose();
  }

  dispose(): void {
    this.hostChange.dispose();
    this.paintEmitter.dispose();
    this.disposePanel();
    this.panel?.dispose();
  }
}

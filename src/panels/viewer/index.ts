import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, VIEWER_PANEL_TYPE } from '../../ids';
import {
  isWebviewMessage,
  PanelChannel,
  type NavigationDirection,
  type ViewerContract,
  type ViewerRequestHandlers,
  type ViewerState,
} from '../../shared/protocol';
import { connectPanel, panelPage } from '../common/webviewPanel';
import { ViewerSession } from './session';
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
  /** The protocol's host end for the current panel; ready between the webview's `ready` and its page going away. */
  private channel: PanelChannel<ViewerContract> | undefined;
  private readonly session: ViewerSession;
  /** When show(uid) was called, for the click-to-paint time in the log. */
  private shownAt: { uid: string; at: number } | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: ViewerHost,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.session = new ViewerSession({
      host,
      notify: (m) => this.channel?.notify(m) ?? false,
      isReady: () => this.channel?.ready ?? false,
      toUri: (p) => this.panel?.webview.asWebviewUri(vscode.Uri.file(p)).toString() ?? '',
      onTitle: (title) => {
        if (this.panel) this.panel.title = title;
      },
      onDatasetsChanged: () => this.updateResourceRoots(),
    });
  }

  currentUid(): string | undefined {
    return this.panel ? this.session.uid() : undefined;
  }

  show(uid: string): void {
    if (this.panel && uid === this.session.uid()) {
      if (!this.panel.visible) this.panel.reveal(undefined, true);
      return;
    }
    this.shownAt = { uid, at: performance.now() };
    if (!this.panel)
      this.adopt(
        vscode.window.createWebviewPanel(
          VIEWER_PANEL_TYPE,
          PANEL_TITLE,
          { viewColumn: vscode.ViewColumn.Active, preserveFocus: true },
          this.options(),
        ),
        uid,
      );
    else if (!this.panel.visible) this.panel.reveal(undefined, true);
    void this.session.show(uid);
  }

  /** Takes over a panel: a new one, or one restored by the serializer after a reload. */
  adopt(panel: vscode.WebviewPanel, uid: string | undefined): void {
    this.disposePanel();
    this.panel = panel;
    this.channel = undefined;
    this.session.pageGone();
    this.session.setUid(uid); // shown once the webview is ready
    const channel = new PanelChannel<ViewerContract>({
      post: (m) => void panel.webview.postMessage(m),
      handlers: this.handlers,
      isWebviewMessage,
      onReady: (m) => void this.session.ready(m.restoredUid),
      onEvent: (m) => this.painted(m.uid, m.ms),
    });
    this.channel = channel;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'gst-bench.svg');
    panel.webview.html = panelPage(panel.webview, this.context.extensionUri, 'viewer', 'GST-Bench sample');
    this.panelDisposables.push(
      ...connectPanel(panel, channel, {
        pageGone: () => this.session.pageGone(),
        disposed: () => {
          if (this.panel === panel) {
            this.panel = undefined;
            this.channel = undefined;
            this.session.pageGone();
            this.disposePanel();
          }
        },
      }),
    );
  }

  navigate(direction: NavigationDirection): { uid: string | null; message?: string } {
    const result = this.session.navigate(direction);
    if (result.uid !== null) {
      this.show(result.uid);
      this.host.select(result.uid);
    }
    return result;
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
    return [
      vscode.Uri.joinPath(ext, 'dist'),
      vscode.Uri.joinPath(ext, 'media'),
      ...this.host.datasetRoots().map((r) => vscode.Uri.file(r)),
    ];
  }

  private updateResourceRoots(): void {
    if (!this.panel) return;
    const now = (this.panel.webview.options.localResourceRoots ?? []).map((u) => u.toString()).join('\n');
    const next = this.resourceRoots();
    if (next.map((u) => u.toString()).join('\n') !== now)
      this.panel.webview.options = { ...this.panel.webview.options, localResourceRoots: next };
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
      await vscode.window.showTextDocument(vscode.Uri.file(file), {
        selection: new vscode.Range(pos, pos),
        viewColumn: vscode.ViewColumn.Beside,
        preview: true,
      });
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
    this.session.dispose();
    this.disposePanel();
    this.panel?.dispose();
  }
}

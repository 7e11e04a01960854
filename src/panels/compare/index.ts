// The Compare panel: a webview on the result files ticked in the Results view, its serializer and its command.
import { markPainted, markStage } from '../../perf/extensionStats';
import * as vscode from 'vscode';
import { COMMANDS, COMPARE_PANEL_TYPE } from '../../ids';
import { PanelChannel } from '../../shared/protocol';
import {
  isCompareWebviewMessage,
  type CompareContract,
  type CompareNotification,
  type CompareRequestHandlers,
  type CompareState,
} from '../../shared/protocol/compare';
import { connectPanel, panelPage } from '../common/webviewPanel';
import type { CompareHost } from './compareHost';
import { CompareSession, TOO_FEW_FILES } from './session';
import { CompareReportWorker } from '../../core/compare/reportWorker';

const PANEL_TITLE = 'GST-Bench Compare';

/** Registers the Compare panel, its serializer and "GST-Bench: Compare Result Files". */
export function registerCompare(
  context: vscode.ExtensionContext,
  host: CompareHost,
  log: vscode.LogOutputChannel,
): vscode.Disposable & { lastSent(): CompareNotification | undefined; settled(): Promise<void> } {
  const controller = new CompareController(context, host, log);
  const registration = vscode.Disposable.from(
    controller,
    vscode.window.registerWebviewPanelSerializer(COMPARE_PANEL_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, _state: unknown) {
        controller.adopt(panel);
      },
    }),
    vscode.commands.registerCommand(COMMANDS.compareResults, () => controller.open()),
  );
  return Object.assign(registration, { lastSent: () => controller.session.lastSent(), settled: () => controller.session.settled() });
}

class CompareController implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private channel: PanelChannel<CompareContract> | undefined;
  readonly session: CompareSession;
  /** The statistics' thread: the host's stays free while 25 files' intervals are drawn. */
  private readonly worker: CompareReportWorker;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: CompareHost,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.worker = new CompareReportWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'compareWorker.js').fsPath);
    this.session = new CompareSession({
      host,
      computeReport: this.worker.compute,
      computeAhead: true,
      diagnosisAfterPaint: true,
      notify: (m) => this.channel?.notify(m) ?? false,
      isReady: () => this.channel?.ready ?? false,
      onSent: (ms) => {
        markStage('compare.sent');
        this.log.debug(`compare table sent ${Math.round(ms)} ms after the change`);
      },
    });
  }

  /** Opens (or reveals) the panel when two or more files are ticked; otherwise says what to do. */
  open(): boolean {
    const ticked = this.host.tickedCount();
    if (ticked < 2) {
      void vscode.window.showInformationMessage(`GST-Bench: ${TOO_FEW_FILES(ticked)}`);
      return false;
    }
    if (this.panel) this.panel.reveal(undefined, false);
    else
      this.adopt(
        vscode.window.createWebviewPanel(COMPARE_PANEL_TYPE, PANEL_TITLE, { viewColumn: vscode.ViewColumn.Active }, this.options()),
      );
    return true;
  }

  /** Takes over a panel: a new one, or one restored by the serializer after a reload. */
  adopt(panel: vscode.WebviewPanel): void {
    this.disposePanel();
    this.panel = panel;
    this.session.pageGone();
    const channel = new PanelChannel<CompareContract>({
      post: (m) => void panel.webview.postMessage(m),
      handlers: this.handlers,
      isWebviewMessage: isCompareWebviewMessage,
      onReady: (m) => {
        markStage('compare.ready');
        void this.session.ready(m.restoredBaseline);
      },
      onEvent: (m) => {
        this.log.debug(`compare panel painted in ${m.ms} ms`);
        markPainted('compare', 'table', m);
        this.session.tablePainted();
      },
    });
    this.channel = channel;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'gst-bench.svg');
    panel.webview.html = panelPage(panel.webview, this.context.extensionUri, 'compare', PANEL_TITLE);
    // The statistics run while the page boots (after the page is on its way), not after its `ready`.
    setTimeout(() => void this.session.prepare(), 0);
    this.panelDisposables.push(
      ...connectPanel(panel, channel, {
        pageGone: () => this.session.pageGone(),
        disposed: () => {
          if (this.panel !== panel) return;
          this.panel = undefined;
          this.channel = undefined;
          this.session.pageGone();
          this.disposePanel();
        },
      }),
    );
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    // The table needs no dataset media: only the bundle.
    return { enableScripts: true, enableFindWidget: true, localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'dist')] };
  }

  private readonly handlers: CompareRequestHandlers = {
    setBaseline: ({ file }) => this.session.setBaseline(file),
    disagreements: (params) => this.session.disagreements(params),
    openQuestion: ({ uid }) => this.session.openQuestion(uid),
  };

  private disposePanel(): void {
    for (const d of this.panelDisposables.splice(0)) d.dispose();
  }

  dispose(): void {
    this.session.dispose();
    this.worker.dispose();
    this.disposePanel();
    this.panel?.dispose();
  }
}

export type { CompareState };

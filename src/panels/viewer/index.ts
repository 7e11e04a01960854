import * as path from 'node:path';
import { markPainted, markStage } from '../../perf/extensionStats';
import * as vscode from 'vscode';
import { COMMANDS, VIEWER_PANEL_TYPE } from '../../ids';
import {
  isWebviewMessage,
  PanelChannel,
  type NavigationDirection,
  type ViewerContract,
  type ViewerRequestHandlers,
  type AuditRequests,
  type RequestHandlers,
  type ViewerState,
} from '../../shared/protocol';
import type { ViewerAudit } from '../audit/viewerAudit';
import type { BlindRequests } from '../../shared/protocol/blind';
import type { BlindDelegate } from './blind/delegate';
import { BLIND_MEDIA_FOLDER } from './blind/mediaAliases';
import { ViewerSession } from './session';
import type { ViewerHost } from './viewerHost';
import { VIEWER_PAGE_TITLE } from '../common/html';
import { panelPage } from '../common/webviewPanel';

/** The sample viewer as the rest of the extension sees it. */
export interface Viewer {
  /** Opens the viewer (or reuses it) on this question. */
  show(uid: string): void;
  /** Uid of the question shown, if the panel is open. */
  currentUid(): string | undefined;
  /**
   * Blind mode (the human baseline): while a delegate is set, the viewer sends no sample, truth or result, and
   * the delegate answers the blind requests. Unset, the viewer shows its question again (or `closedMessage`).
   */
  setBlind(delegate: BlindDelegate | undefined, closedMessage?: string): void;
  isBlind(): boolean;
  /** Blind mode began (true) or ended (false, also when the panel is closed). */
  readonly onDidChangeBlind: vscode.Event<boolean>;
}

const PANEL_TITLE = 'GST-Bench Sample';

/** Registers the sample viewer panel, its serializer and its navigation commands. */
export function registerViewer(
  context: vscode.ExtensionContext,
  host: ViewerHost,
  log: vscode.LogOutputChannel,
  audit: ViewerAudit,
): Viewer {
  const controller = new ViewerController(context, host, log, audit);
  context.subscriptions.push(
    controller,
    controller.blindChanges,
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
  return {
    show: (uid) => controller.show(uid),
    currentUid: () => controller.currentUid(),
    setBlind: (d, closedMessage) => controller.setBlind(d, closedMessage),
    isBlind: () => controller.blind !== undefined,
    onDidChangeBlind: controller.blindChanges.event,
  };
}

class ViewerController implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  /** The protocol's host end for the current panel; ready between the webview's `ready` and its page going away. */
  private channel: PanelChannel<ViewerContract> | undefined;
  private readonly session: ViewerSession;
  /** When show(uid) was called, for the click-to-paint time in the log. */
  private shownAt: { uid: string; at: number } | undefined;
  private readonly auditChanges: vscode.Disposable;
  private readonly auditHandlers: RequestHandlers<AuditRequests>;
  /** Set in blind mode: the sample session is held back (it sends nothing) and this answers instead. */
  blind: BlindDelegate | undefined;
  readonly blindChanges = new vscode.EventEmitter<boolean>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: ViewerHost,
    private readonly log: vscode.LogOutputChannel,
    private readonly audit: ViewerAudit,
  ) {
    this.auditChanges = audit.onDidChange(() => void this.sendAudit());
    this.auditHandlers = audit.handlers(
      () => this.session.uid(),
      (uid) => {
        this.show(uid);
        this.host.select(uid);
      },
    );
    this.session = new ViewerSession({
      host,
      notify: (m) => {
        const sent = this.blind ? false : (this.channel?.notify(m) ?? false);
        if (sent && m.type === 'show') markStage('viewer.sent');
        return sent;
      },
      isReady: () => !this.blind && (this.channel?.ready ?? false),
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
    if (this.blind) {
      void vscode.window.showInformationMessage(
        'GST-Bench: a blind human baseline is running in the viewer. Pause it (its Pause button) to look at questions.',
      );
      return;
    }
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
      handlers: { ...this.handlers, ...this.auditHandlers },
      isWebviewMessage,
      onReady: (m) => {
        void this.session.ready(m.restoredUid);
        void this.pushBlind();
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
          const wasBlind = this.blind !== undefined;
          this.blind = undefined; // closing the panel pauses a blind baseline (its answers are saved)
          if (wasBlind) this.blindChanges.fire(false);
          this.session.pageGone();
          this.disposePanel();
        }
      }),
      panel.onDidChangeViewState(() => {
        // Without retainContextWhenHidden a hidden webview's page is torn down; it sends `ready` again when shown.
        if (!panel.visible) {
          channel.reset();
          this.session.pageGone();
        }
      }),
      panel.webview.onDidReceiveMessage((m: unknown) => void channel.receive(m)),
    );
  }

  setBlind(delegate: BlindDelegate | undefined, closedMessage = 'The blind baseline is paused.'): void {
    const was = this.blind !== undefined;
    this.blind = delegate;
    if (was !== (delegate !== undefined)) this.blindChanges.fire(delegate !== undefined);
    if (delegate) {
      if (!this.panel)
        this.adopt(
          vscode.window.createWebviewPanel(VIEWER_PANEL_TYPE, PANEL_TITLE, { viewColumn: vscode.ViewColumn.Active }, this.options()),
          undefined,
        );
      else this.panel.reveal(undefined, false);
      this.panel!.title = 'GST-Bench Human Baseline';
      void this.pushBlind();
      return;
    }
    this.session.pageGone();
    if (this.panel) this.panel.title = PANEL_TITLE;
    if (!this.channel?.ready) return;
    if (this.session.uid() !== undefined) void this.session.push();
    else this.channel.notify({ type: 'blindClosed', message: closedMessage });
  }

  private async pushBlind(): Promise<void> {
    const d = this.blind;
    if (!d || !this.channel?.ready) return;
    const m = await d.view((p) => this.panel?.webview.asWebviewUri(vscode.Uri.file(p)).toString() ?? '');
    if (this.blind === d) this.channel?.notify(m);
  }

  /** A blind request goes to the delegate; then the viewer shows what comes next. */
  private blindRequest<M extends keyof BlindRequests>(method: M) {
    return async (params: BlindRequests[M]['params']): Promise<BlindRequests[M]['result']> => {
      const d = this.blind;
      if (!d) throw new Error('The viewer is not in blind mode.');
      const result = await d.handlers[method](params);
      if (this.blind === d) await this.pushBlind();
      return result;
    };
  }

  navigate(direction: NavigationDirection): { uid: string | null; message?: string } {
    if (this.blind) return { uid: null, message: 'The blind baseline is running: use Submit to go on.' };
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
      vscode.Uri.joinPath(this.context.globalStorageUri, BLIND_MEDIA_FOLDER),
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

  private html(webview: vscode.Webview): string {
    return panelPage(webview, this.context.extensionUri, 'viewer', VIEWER_PAGE_TITLE);
  }

  /** The shown question's verdicts, after any audit change (the progress count changes with every verdict). */
  private async sendAudit(): Promise<void> {
    const uid = this.session.uid();
    if (!this.panel || uid === undefined || !this.channel?.ready) return;
    const audit = await this.audit.view(uid);
    if (this.session.uid() === uid) this.channel?.notify({ type: 'audit', uid, audit });
  }

  private readonly handlers: Omit<ViewerRequestHandlers, keyof AuditRequests> = {
    navigate: ({ direction }) => this.navigate(direction),
    copyText: async ({ text }) => {
      await vscode.env.clipboard.writeText(text);
      return { copied: true };
    },
    openSource: async ({ uid, resultId }) => {
      if (this.blind) return { opened: false };
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
    blindSubmit: this.blindRequest('blindSubmit'),
    blindShowResult: this.blindRequest('blindShowResult'),
    blindContinue: this.blindRequest('blindContinue'),
    blindReveal: this.blindRequest('blindReveal'),
    blindPause: this.blindRequest('blindPause'),
    blindOpenRevealed: this.blindRequest('blindOpenRevealed'),
  };

  /** `ms`: from the message's arrival in the webview to the paint; the show-to-paint time when this host asked for it. */
  private painted(uid: string, ms: number): void {
    const sinceShow = this.shownAt?.uid === uid ? `, ${Math.round((performance.now() - this.shownAt.at) * 10) / 10} ms after show` : '';
    this.log.debug(`viewer painted ${uid} in ${ms} ms${sinceShow}`);
    markPainted('viewer', uid, { ms });
    if (this.shownAt?.uid === uid) this.shownAt = undefined;
  }

  private disposePanel(): void {
    for (const d of this.panelDisposables.splice(0)) d.dispose();
  }

  dispose(): void {
    this.auditChanges.dispose();
    this.session.dispose();
    this.disposePanel();
    this.panel?.dispose();
  }
}

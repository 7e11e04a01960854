// The scoreboard panel: the shown result files' 12 subtasks and Avg. beside a random baseline simulated on the
// loaded dataset and the paper's Table 1, as a table and a bar chart; exports as Markdown, CSV, LaTeX.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FileChangedError, identityOf, writeFileAtomic, type FileIdentity } from '../../core/io/atomicWrite';
import { fileOf } from '../../commands/targets';
import { COMMANDS, SCOREBOARD_PANEL_TYPE } from '../../ids';
import {
  PanelChannel,
  SCOREBOARD_EXPORT_FORMATS,
  asScoreboardDisplay,
  isScoreboardWebviewMessage,
  type ScoreboardContract,
  type ScoreboardExportFormat,
  type ScoreboardRequestHandlers,
  type ScoreboardState,
} from '../../shared/protocol';
import type { ScoreboardDisplay } from '../../shared/report/scoreboard';
import { isDiagnosisClass } from '../../shared/diagnosis/views';
import { isSubtaskKey } from '../../shared/subtasks';
import type { ScoreboardHost } from './scoreboardHost';
import { ScoreboardSession } from './session';
import { panelPage } from '../common/webviewPanel';

const PANEL_TITLE = 'GST-Bench Scoreboard';

export interface Scoreboard {
  show(): void;
  isOpen(): boolean;
  /** What the board holds now (for the extension's API and tests). */
  session: ScoreboardSession;
}

export function registerScoreboard(context: vscode.ExtensionContext, host: ScoreboardHost, log: vscode.LogOutputChannel): Scoreboard {
  const controller = new ScoreboardController(context, host, log);
  context.subscriptions.push(
    controller,
    vscode.window.registerWebviewPanelSerializer(SCOREBOARD_PANEL_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        controller.adopt(panel, asScoreboardDisplay((state as ScoreboardState | undefined)?.display) ?? undefined);
      },
    }),
    vscode.commands.registerCommand(COMMANDS.showScoreboard, () => controller.show()),
    vscode.commands.registerCommand(COMMANDS.showInScoreboard, (arg?: unknown) => {
      const file = fileOf(arg);
      if (file && !host.include(file)) void vscode.window.showWarningMessage(`GST-Bench: ${file} is not a loaded result file.`);
      controller.show();
    }),
    vscode.commands.registerCommand(COMMANDS.exportScoreboard, (format?: unknown, target?: unknown) =>
      controller.exportCommand(format, target),
    ),
  );
  return { show: () => controller.show(), isOpen: () => controller.isOpen(), session: controller.session };
}

const isExportFormat = (v: unknown): v is ScoreboardExportFormat => SCOREBOARD_EXPORT_FORMATS.some((f) => f.format === v);

class ScoreboardController implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private channel: PanelChannel<ScoreboardContract> | undefined;
  readonly session: ScoreboardSession;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: ScoreboardHost,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.session = new ScoreboardSession({
      host,
      notify: (m) => this.channel?.notify(m) ?? false,
      isReady: () => this.channel?.ready ?? false,
      onTitle: (title) => {
        if (this.panel) this.panel.title = title;
      },
    });
  }

  isOpen(): boolean {
    return this.panel !== undefined;
  }

  show(): void {
    if (this.panel) {
      this.panel.reveal(undefined, false);
      return;
    }
    this.adopt(
      vscode.window.createWebviewPanel(SCOREBOARD_PANEL_TYPE, PANEL_TITLE, { viewColumn: vscode.ViewColumn.Active }, this.options()),
      undefined,
    );
  }

  adopt(panel: vscode.WebviewPanel, display: ScoreboardDisplay | undefined): void {
    this.disposePanel();
    this.panel = panel;
    if (display) this.session.setDisplay(display);
    const channel = new PanelChannel<ScoreboardContract>({
      post: (m) => void panel.webview.postMessage(m),
      handlers: this.handlers,
      isWebviewMessage: isScoreboardWebviewMessage,
      onReady: (m) => this.session.ready(asScoreboardDisplay(m.display) ?? undefined),
      onEvent: (m) => this.log.debug(`scoreboard painted ${m.rows} rows`),
    });
    this.channel = channel;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'gst-bench.svg');
    panel.webview.html = panelPage(panel.webview, this.context.extensionUri, 'scoreboard', PANEL_TITLE);
    this.panelDisposables.push(
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.panel = undefined;
        this.channel = undefined;
        this.disposePanel();
      }),
      panel.onDidChangeViewState(() => {
        // Without retainContextWhenHidden a hidden webview's page is torn down; it sends `ready` again when shown.
        if (!panel.visible) channel.reset();
      }),
      panel.webview.onDidReceiveMessage((m: unknown) => void channel.receive(m)),
    );
  }

  /** The command: a format (asked when not given) and a file (the save dialog when not given). */
  async exportCommand(format: unknown, target: unknown): Promise<string | null> {
    let chosen = isExportFormat(format) ? format : undefined;
    if (!chosen) {
      const picked = await vscode.window.showQuickPick(
        SCOREBOARD_EXPORT_FORMATS.map((f) => ({ label: f.label, description: `.${f.extension}`, format: f.format })),
        { title: 'Export Scoreboard', placeHolder: 'The table as the scoreboard shows it, in this format' },
      );
      chosen = picked?.format;
    }
    if (!chosen) return null;
    const file = typeof target === 'string' ? target : target instanceof vscode.Uri ? target.fsPath : undefined;
    return this.exportTable(chosen, this.session.currentDisplay(), file);
  }

  private async exportTable(format: ScoreboardExportFormat, display: ScoreboardDisplay, target?: string): Promise<string | null> {
    const text = this.session.exportText(format, display);
    if (text === null) {
      void vscode.window.showWarningMessage('GST-Bench: open a dataset first; the scoreboard scores result files against it.');
      return null;
    }
    const info = SCOREBOARD_EXPORT_FORMATS.find((f) => f.format === format)!;
    let file = target;
    if (!file) {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const picked = await vscode.window.showSaveDialog({
        title: `Export Scoreboard as ${info.label}`,
        saveLabel: 'Export',
        defaultUri: folder ? vscode.Uri.joinPath(folder, `scoreboard.${info.extension}`) : undefined,
        filters: { [info.label]: [info.extension] },
      });
      file = picked?.fsPath;
    }
    if (!file) return null;
    // The file as the dialog left it: the write replaces exactly that, or nothing (another writer wins).
    let expect: FileIdentity | null = null;
    let mode: number | undefined;
    try {
      expect = await identityOf(file);
      mode = (await stat(file)).mode & 0o7777;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    try {
      await writeFileAtomic(file, text, {
        expect,
        mode,
        changedMessage: 'the file changed while the scoreboard was written; nothing was written',
      });
    } catch (e) {
      const reason = e instanceof FileChangedError ? e.message : (e as Error).message;
      void vscode.window.showErrorMessage(`GST-Bench: cannot export the scoreboard to ${file}: ${reason}`);
      return null;
    }
    this.log.info(`scoreboard exported as ${info.label} to ${file}`);
    void vscode.window.showInformationMessage(`GST-Bench: scoreboard exported to ${path.basename(file)} (${info.label}).`);
    return file;
  }

  private readonly handlers: ScoreboardRequestHandlers = {
    setDisplay: ({ display }) => {
      const d = asScoreboardDisplay(display);
      if (d) this.session.setDisplay(d);
      return { ok: true };
    },
    exportTable: async ({ format, display }) => {
      const d = asScoreboardDisplay(display);
      if (!isExportFormat(format) || !d) throw new Error('not a scoreboard export');
      void this.exportTable(format, d).then(
        (saved) => this.channel?.notify({ type: 'exported', format, saved }),
        (e: Error) => this.channel?.notify({ type: 'exported', format, saved: null, error: e.message }),
      );
      return { started: true as const };
    },
    showDiagnosisQuestions: async ({ file, cls, subtask }) => {
      const diagnosis = this.host.diagnosis;
      const onBoard = this.session.current().files.some((f) => f.id === file);
      if (!diagnosis || !onBoard || !isDiagnosisClass(cls) || (subtask !== undefined && !isSubtaskKey(subtask)))
        throw new Error('not a diagnosis line of the board');
      return { shown: await diagnosis.showQuestions(file, cls, subtask) };
    },
    findTargetFrames: async () => {
      void vscode.commands.executeCommand(COMMANDS.findTargetFrames).then(undefined, () => undefined);
      return { started: true as const };
    },
    copyTable: async ({ format, display }) => {
      const d = asScoreboardDisplay(display);
      if (!isExportFormat(format) || !d) throw new Error('not a scoreboard export');
      const text = this.session.exportText(format, d);
      if (text === null) return { copied: false };
      await vscode.env.clipboard.writeText(text);
      return { copied: true };
    },
  };

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    // The board loads nothing but the bundle: no dataset folder is a resource root.
    return { enableScripts: true, enableFindWidget: true, localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'dist')] };
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

// The audit glue: each loaded dataset's sidecar read into the audit slice and re-read when another window or
// reviewer writes it, its unreadable lines in Problems, the settings, and "GST-Bench: Export Audit Report".
import * as path from 'node:path';
import * as vscode from 'vscode';
import { auditReportTexts, writeAuditReport } from '../../core/audit/exportReport';
import { COMMANDS, SETTINGS } from '../../ids';
import { AuditSidecars } from '../../store/auditSidecars';
import type { InspectorStore } from '../../store/store';
import { createViewerAudit, type ViewerAudit } from './viewerAudit';

/** Another writer often replaces the file in two steps (temp file, rename): one reload after the last. */
const RELOAD_DEBOUNCE_MS = 200;

export interface AuditFeature extends vscode.Disposable {
  sidecars: AuditSidecars;
  viewer: ViewerAudit;
}

export function registerAudit(store: InspectorStore, log: vscode.LogOutputChannel): AuditFeature {
  const config = () => vscode.workspace.getConfiguration();
  const sidecars = new AuditSidecars(store, {
    file: () => config().get<string>(SETTINGS.auditFile)?.trim() || undefined,
    reviewer: () => config().get<string>(SETTINGS.auditReviewer)?.trim() || undefined,
    relativeTo: () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd(),
  });
  const audit = store.slices.audit;
  const diagnostics = vscode.languages.createDiagnosticCollection('gstBench.audit');
  const watchers = new Map<string, vscode.Disposable>();
  const timers = new Map<string, NodeJS.Timeout>();

  const sync = () => sidecars.sync().catch((e) => log.error(`audit: cannot read the audit files: ${(e as Error).message}`));

  const rewatch = () => {
    const files = new Map(audit.all().map((s) => [s.file, s.root]));
    for (const [file, w] of watchers)
      if (!files.has(file)) {
        w.dispose();
        watchers.delete(file);
      }
    for (const [file, root] of files) {
      if (watchers.has(file)) continue;
      const w = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)),
      );
      const reload = () => {
        clearTimeout(timers.get(file));
        timers.set(
          file,
          setTimeout(() => {
            timers.delete(file);
            sidecars.reload(root).catch((e) => log.error(`audit: cannot re-read ${file}: ${(e as Error).message}`));
          }, RELOAD_DEBOUNCE_MS),
        );
      };
      watchers.set(file, vscode.Disposable.from(w, w.onDidChange(reload), w.onDidCreate(reload), w.onDidDelete(reload)));
    }
  };

  const showProblems = () => {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const p of audit.problems()) {
      const line = Math.max(0, (p.line ?? 1) - 1);
      const d = new vscode.Diagnostic(
        new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER),
        p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      d.source = 'GST-Bench audit';
      byFile.set(p.file, [...(byFile.get(p.file) ?? []), d]);
    }
    diagnostics.clear();
    diagnostics.set([...byFile].map(([file, ds]) => [vscode.Uri.file(file), ds] as [vscode.Uri, vscode.Diagnostic[]]));
  };

  const exportReport = async () => {
    const merged = store.mergedDataset();
    const first = audit.all()[0];
    if (!merged || !first) {
      void vscode.window.showWarningMessage('GST-Bench: open a dataset to export its audit report.');
      return;
    }
    const picked = await vscode.window.showSaveDialog({
      title: 'Export Audit Report (Markdown, with the CSV tables beside it)',
      defaultUri: vscode.Uri.file(path.join(first.root, 'gst-audit-report.md')),
      filters: { Markdown: ['md'] },
      saveLabel: 'Export',
    });
    if (!picked) return;
    const chosen = picked.fsPath;
    const markdownFile = path.extname(chosen).toLowerCase() === '.md' ? chosen : `${chosen}.md`;
    const title = audit.all().length === 1 ? path.basename(first.root) : `${audit.all().length} datasets`;
    const texts = auditReportTexts(audit.entries(), merged.questions, first.file, title, audit.problems());
    try {
      const written = await writeAuditReport(markdownFile, texts);
      log.info(`audit report written to ${written.markdown} and ${written.csv}`);
      const open = 'Open Report';
      const answer = await vscode.window.showInformationMessage(
        `GST-Bench: audit report written to ${path.basename(written.markdown)} and ${path.basename(written.csv)}.`,
        open,
      );
      if (answer === open) await vscode.window.showTextDocument(vscode.Uri.file(written.markdown));
    } catch (e) {
      void vscode.window.showErrorMessage(`GST-Bench: cannot write the audit report: ${(e as Error).message}`);
    }
  };

  const subscriptions = vscode.Disposable.from(
    diagnostics,
    store.slices.datasets.onDidChange(() => void sync()),
    audit.onDidChange(() => {
      rewatch();
      showProblems();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTINGS.auditFile) || e.affectsConfiguration(SETTINGS.auditReviewer)) void sync();
    }),
    vscode.commands.registerCommand(COMMANDS.exportAuditReport, exportReport),
  );
  void sync();
  return {
    sidecars,
    viewer: createViewerAudit(store, sidecars),
    dispose: () => {
      subscriptions.dispose();
      for (const w of watchers.values()) w.dispose();
      for (const t of timers.values()) clearTimeout(t);
    },
  };
}

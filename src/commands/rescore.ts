// "GST-Bench: Rescore Result File": rewrites parsed/score/score_detail with the core's rescore.
// A file open with unsaved changes is rescored in its editor through one WorkspaceEdit (undoable, nothing
// saved); otherwise the file is rewritten atomically on disk. Cancelling writes nothing.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RescoreCancelled, rescoreFile, rescoreTextInSlices, splitLines, subtaskDetailTable, type Evaluation, type RescoreReport } from '../core';
import { formatSubtaskScore } from '../model';
import type { InspectorStore } from '../store/store';
import { fileOf, resultFileFromContext } from './targets';

export interface RescoreOutcome {
  file: string;
  report: RescoreReport;
  /** True when the new text went into an editor with unsaved changes instead of the file on disk. */
  viaEditor: boolean;
}

export async function rescoreCommand(
  store: InspectorStore,
  log: vscode.LogOutputChannel,
  arg: unknown,
): Promise<RescoreOutcome | undefined> {
  const file = fileOf(arg) ?? (await resultFileFromContext(store, 'Rescore Result File'));
  if (!file) return undefined;
  if (!vscode.workspace.isTrusted) {
    const manage = 'Manage Workspace Trust';
    void vscode.window
      .showWarningMessage('GST-Bench: rescoring writes to the result file, which needs a trusted workspace.', manage)
      .then((c) => {
        if (c === manage) void vscode.commands.executeCommand('workbench.trust.manage');
      });
    return undefined;
  }
  await store.whenIdle();
  const merged = store.mergedDataset();
  if (!merged) {
    void vscode.window.showErrorMessage('GST-Bench: open a dataset before rescoring (the scores need its answers).');
    return undefined;
  }
  const options = { profile: store.profile(), fields: store.fields() };
  const name = path.basename(file);
  let outcome: { report: RescoreReport; evaluation: Evaluation; viaEditor: boolean };
  try {
    outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `GST-Bench: rescoring ${name}`, cancellable: true },
      async (progress, token) => {
        const isCancelled = () => token.isCancellationRequested;
        let reported = 0;
        // VS Code's progress takes increments; the core reports the fraction done.
        const onProgress = (fraction: number, lines: number) => {
          progress.report({ increment: (fraction - reported) * 100, message: `${lines.toLocaleString('en')} lines` });
          reported = fraction;
        };
        const doc = vscode.workspace.textDocuments.find(
          (d) => d.uri.scheme === 'file' && path.resolve(d.uri.fsPath) === path.resolve(file),
        );
        if (doc?.isDirty) {
          const version = doc.version;
          const before = doc.getText();
          const r = await rescoreTextInSlices(merged.dataset, file, before, { ...options, isCancelled, onProgress });
          if (isCancelled()) throw new RescoreCancelled();
          if (doc.version !== version) throw new Error('the editor changed during the rescore; nothing was written');
          if (r.text !== before && !(await vscode.workspace.applyEdit(lineEdits(doc.uri, before, r.text))))
            throw new Error('the editor refused the edit; nothing was written');
          return { report: r.report, evaluation: r.evaluation, viaEditor: true };
        }
        const r = await rescoreFile(merged.dataset, file, { ...options, isCancelled, onProgress });
        return { ...r, viaEditor: false };
      },
    );
  } catch (e) {
    if (e instanceof RescoreCancelled) {
      void vscode.window.showInformationMessage(`GST-Bench: rescore of ${name} cancelled; nothing was written.`);
      log.info(`rescore of ${file} cancelled; nothing was written`);
    } else {
      void vscode.window.showErrorMessage(`GST-Bench: rescore of ${name} failed: ${(e as Error).message}`);
      log.error(`rescore of ${file} failed: ${(e as Error).message}`);
    }
    return undefined;
  }

  const { report, evaluation, viaEditor } = outcome;
  if (store.result(file)) store.setEvaluation(file, evaluation);
  else void store.addResult(file);
  log.info(
    `rescored ${file} (profile ${options.profile}${viaEditor ? ', into the unsaved editor' : ''}): ` +
      `overall ${formatSubtaskScore(report.overallBefore)} → ${formatSubtaskScore(report.overall)}, ${report.changed} changed, ${report.skipped} skipped\n` +
      subtaskDetailTable(report.subtasks, report.overall),
  );
  const details = 'Show details';
  void vscode.window.showInformationMessage(summaryMessage(name, report, viaEditor), details).then((c) => {
    if (c === details) log.show(true);
  });
  return { file, report, viaEditor };
}

export function summaryMessage(name: string, r: RescoreReport, viaEditor: boolean): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    `Rescored ${name}: overall ${formatSubtaskScore(r.overallBefore)} → ${formatSubtaskScore(r.overall)}; ` +
    `${plural(r.changed, 'line')} changed score, ${r.skipped} skipped.` +
    (viaEditor ? ' Applied to the unsaved editor (undo with Ctrl+Z); not saved.' : '')
  );
}

/** One WorkspaceEdit replacing only the lines that changed (a rescore keeps the line structure). */
export function lineEdits(uri: vscode.Uri, before: string, after: string): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  const a = [...splitLines(before)];
  const b = [...splitLines(after)];
  if (a.length !== b.length || a.some((l, i) => l.eol !== b[i].eol)) {
    const lines = before.split('\n');
    edit.replace(uri, new vscode.Range(0, 0, lines.length - 1, lines[lines.length - 1].length), after);
    return edit;
  }
  a.forEach((l, i) => {
    if (l.text !== b[i].text) edit.replace(uri, new vscode.Range(i, 0, i, l.text.length), b[i].text);
  });
  return edit;
}

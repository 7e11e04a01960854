// "GST-Bench: Rescore Result File": rewrites parsed/score/score_detail with the core's rescore, in the file's
// format. A JSON lines file open with unsaved changes is rescored in its editor through one WorkspaceEdit
// (undoable, nothing saved); otherwise it is rewritten atomically on disk. Other formats (.xlsx, .eval, .json,
// tables) are never rewritten: the scores go to the sidecar `<file>.gst-scores.jsonl`. Cancelling writes nothing.
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  discardUndo,
  FileChangedError,
  formatInfoOf,
  RescoreCancelled,
  rescoreResultFile,
  rescoreResultText,
  splitLines,
  subtaskDetailTable,
  undoReplacement,
  untouchedReason,
  type Evaluation,
  type ReplacementUndo,
  type RescoreReport,
  type ResultFormatInfo,
} from '../core';
import { formatQuestionScore, formatScore as formatSubtaskScore } from '../shared/format';
import type { InspectorStore } from '../store/store';
import { fileOf, resultFileFromContext } from './targets';

export interface RescoreOutcome {
  file: string;
  report: RescoreReport;
  /** True when the new text went into an editor with unsaved changes instead of the file on disk. */
  viaEditor: boolean;
  /** Where the scores went: the file itself, or the sidecar beside a file that is never rewritten. */
  written: RescoreTarget;
}

/** Where a rescore put the scores. */
export type RescoreTarget = { kind: 'editor' } | { kind: 'in-place' } | { kind: 'unchanged' } | { kind: 'sidecar'; path: string };

/** JSON lines can be rescored in an editor's text; other formats are read from disk. */
const EDITABLE_FORMAT = /\.(jsonl|ndjson)$/i;

/** The last on-disk rescore of each file that can still be undone (its previous bytes are kept beside it). */
const pendingUndos = new Map<string, ReplacementUndo>();

/** Drops every pending undo (removes the kept previous files); for deactivation. */
export async function discardPendingUndos(): Promise<void> {
  const all = [...pendingUndos.values()];
  pendingUndos.clear();
  await Promise.all(all.map(discardUndo));
}

async function dropUndo(file: string): Promise<void> {
  const undo = pendingUndos.get(file);
  pendingUndos.delete(file);
  if (undo) await discardUndo(undo);
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
  const { mapping, ...options } = store.formatOptions(file);
  const name = path.basename(file);
  const shownBefore = store.result(file)?.evaluation?.overall ?? null;
  await dropUndo(file); // only the latest rescore of a file can be undone
  let outcome: {
    report: RescoreReport;
    evaluation: Evaluation;
    written: RescoreTarget;
    format: ResultFormatInfo;
    undo?: ReplacementUndo;
  };
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
        if (doc?.isDirty && !EDITABLE_FORMAT.test(file))
          throw new Error('it has unsaved changes, and the rescore of this format reads the file on disk: save it first');
        if (doc?.isDirty) {
          const version = doc.version;
          const before = doc.getText();
          const r = await rescoreResultText(merged.dataset, file, before, { ...options, isCancelled, onProgress });
          if (isCancelled()) throw new RescoreCancelled();
          if (doc.version !== version) throw new Error('the editor changed during the rescore; nothing was written');
          if (r.text !== before && !(await vscode.workspace.applyEdit(lineEdits(doc.uri, before, r.text))))
            throw new Error('the editor refused the edit; nothing was written');
          return { report: r.report, evaluation: r.evaluation, written: { kind: 'editor' }, format: formatInfoOf(file, r.format, mapping) };
        }
        const r = await rescoreResultFile(merged.dataset, file, { ...options, isCancelled, onProgress, keepPrevious: true });
        const written: RescoreTarget =
          r.written.kind === 'sidecar' ? r.written : { kind: r.written.kind === 'unchanged' ? 'unchanged' : 'in-place' };
        return { report: r.report, evaluation: r.evaluation, written, format: formatInfoOf(file, r.format, mapping), undo: r.undo };
      },
    );
  } catch (e) {
    if (e instanceof RescoreCancelled) {
      void vscode.window.showInformationMessage(`GST-Bench: rescore of ${name} cancelled; nothing was written.`);
      log.info(`rescore of ${file} cancelled; nothing was written`);
    } else if (e instanceof FileChangedError) {
      // Another writer (an editor's save, a process appending) got there first; their bytes are kept.
      log.warn(`rescore of ${file} stopped: ${e.message}`);
      const retry = 'Retry';
      const choice = await vscode.window.showErrorMessage(`GST-Bench: rescore of ${name} stopped: ${e.message}.`, retry);
      if (choice === retry) return rescoreCommand(store, log, file);
    } else {
      void vscode.window.showErrorMessage(`GST-Bench: rescore of ${name} failed: ${(e as Error).message}`);
      log.error(`rescore of ${file} failed: ${(e as Error).message}`);
    }
    return undefined;
  }

  const { report, evaluation, written, format, undo } = outcome;
  const viaEditor = written.kind === 'editor';
  if (store.result(file)) store.setEvaluation(file, evaluation, format);
  else void store.addResult(file);
  const where =
    written.kind === 'editor'
      ? ', into the unsaved editor'
      : written.kind === 'sidecar'
        ? `, into ${written.path}`
        : written.kind === 'unchanged'
          ? ', the file on disk left untouched'
          : ', in place on disk';
  log.info(`rescored ${file} (profile ${options.profile}${where}): ${summaryMessage(name, report, written, shownBefore)}`);
  log.info(changedLinesText(report) + '\n' + subtaskDetailTable(report.subtasks, report.overall));
  if (undo) pendingUndos.set(file, undo);
  const details = 'Show details';
  const undoButton = 'Undo';
  const buttons = undo ? [undoButton, details] : [details];
  void vscode.window.showInformationMessage(summaryMessage(name, report, written, shownBefore), ...buttons).then(async (choice) => {
    if (choice === details) log.show(true);
    if (choice !== undoButton) {
      // Dismissed or done with: the previous bytes are no longer needed. A later rescore replaces this undo.
      if (choice === undefined && pendingUndos.get(file) === undo) await dropUndo(file);
      return;
    }
    if (pendingUndos.get(file) !== undo) return; // a newer rescore replaced it
    pendingUndos.delete(file);
    try {
      await undoReplacement(undo!);
      log.info(`undid the rescore of ${file}: its previous bytes are back`);
      void vscode.window.showInformationMessage(`GST-Bench: restored ${name} exactly as it was before the rescore.`);
      void store.addResult(file); // reloads it; the watcher would too, but not before the next event
    } catch (e) {
      await discardUndo(undo!);
      void vscode.window.showErrorMessage(`GST-Bench: cannot undo the rescore of ${name}: ${(e as Error).message}.`);
    }
  });
  return { file, report, viaEditor, written };
}

/**
 * The notification's text. "Before" is what the file itself held (its `score` values), and what the views
 * showed, which they compute from the predictions; a first rescore says the fields were added.
 */
export function summaryMessage(name: string, r: RescoreReport, written: RescoreTarget, shownBefore: number | null = null): string {
  const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
  const after = formatSubtaskScore(r.overall);
  const asShown = shownBefore !== null && formatSubtaskScore(shownBefore) === after ? ', as shown' : '';
  const sidecar = written.kind === 'sidecar';
  // A sidecar's scores are per record (a sheet row, an archive sample), not per line of the file.
  const unit = sidecar ? 'record' : 'line';
  const parts: string[] = [];
  if (sidecar) parts.push(`Rescored ${name}: scores written to ${path.basename(written.path)} beside it; ${name} itself is unchanged.`);
  else if (written.kind === 'unchanged') parts.push(`Rescored ${name}: ${untouchedReason(r)}, so the file was left untouched.`);
  else
    parts.push(
      `Rescored ${name} ${written.kind === 'editor' ? 'in its unsaved editor (undo with Ctrl+Z; not saved)' : 'in place on disk'}.`,
    );
  // An untouched file that held no scores had no line scored: it gets no overall.
  if (r.overallBefore !== null) {
    const changed = r.changed - r.added;
    parts.push(
      `Overall ${formatSubtaskScore(r.overallBefore)} → ${after}; ${plural(changed, unit)} changed score${r.added > 0 ? `, ${plural(r.added, unit)} scored for the first time` : ''}.`,
    );
  } else if (written.kind !== 'unchanged') {
    parts.push(
      sidecar
        ? `${plural(r.added, unit)} scored. Overall ${after}${asShown}.`
        : `The file held no scores; ${plural(r.added, unit)} now carry parsed, score and score_detail. Overall ${after}${asShown}.`,
    );
  }
  if (r.skipped > 0) parts.push(`${plural(r.skipped, unit)} skipped (see Problems).`);
  return parts.join(' ');
}

/** The lines whose stored score changed, for the output channel. */
export function changedLinesText(r: RescoreReport): string {
  const changed = r.changed - r.added;
  if (changed === 0) return 'no stored score changed';
  const rows = r.changedLines.map((c) => `  line ${c.line} ${c.uid}: ${formatQuestionScore(c.before)} → ${formatQuestionScore(c.after)}`);
  const more = changed > r.changedLines.length ? [`  … and ${(changed - r.changedLines.length).toLocaleString('en')} more`] : [];
  return [`${changed.toLocaleString('en')} stored score(s) changed:`, ...rows, ...more].join('\n');
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

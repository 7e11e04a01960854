// Picks up result files created (or first filled) in the workspace after the start-up detection, without
// Refresh: a workspace-wide watcher on *.jsonl, the detection's path rules, and its first-line check.
import * as vscode from 'vscode';
import { looksLikeResultFile } from './detect';
import { isDetectableResultPath } from './resultPaths';
import { RELOAD_DEBOUNCE_MS, type InspectorStore } from './store';

export function watchNewResultFiles(store: InspectorStore, log: vscode.LogOutputChannel): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.jsonl', false, false, true);
  const timers = new Map<string, NodeJS.Timeout>();
  const consider = async (file: string) => {
    if (store.result(file)) return; // loaded files have their own watcher
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    if (!isDetectableResultPath(file, folders)) return;
    if (!(await looksLikeResultFile(file, store.fields()))) return;
    if (store.result(file)) return;
    log.info(`new result file in the workspace: ${file}`);
    await store.addResult(file);
  };
  // A tool often creates the file empty and writes it in steps: wait until it is quiet, on create or change.
  const fire = (uri: vscode.Uri) => {
    if (uri.scheme !== 'file') return;
    const file = uri.fsPath;
    clearTimeout(timers.get(file));
    timers.set(
      file,
      setTimeout(() => {
        timers.delete(file);
        consider(file).catch((e: Error) => log.error(`result file ${file}: ${e.message}`));
      }, RELOAD_DEBOUNCE_MS),
    );
  };
  return vscode.Disposable.from(watcher.onDidCreate(fire), watcher.onDidChange(fire), watcher, {
    dispose: () => {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  });
}

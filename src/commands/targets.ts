// Turns the arguments that menus, the palette and tests pass to commands into file paths.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { resultLabel } from '../model';
import type { InspectorStore } from '../store/store';

export function fileOf(arg: unknown): string | undefined {
  if (arg instanceof vscode.Uri) return arg.scheme === 'file' ? arg.fsPath : undefined;
  if (typeof arg === 'string') return arg.startsWith('file:') ? vscode.Uri.parse(arg).fsPath : path.resolve(arg);
  if (arg && typeof arg === 'object') {
    const o = arg as { file?: unknown; fsPath?: unknown; scheme?: unknown; resourceUri?: unknown };
    if (typeof o.file === 'string') return o.file;
    if (typeof o.fsPath === 'string' && (o.scheme === undefined || o.scheme === 'file')) return o.fsPath;
    if (o.resourceUri instanceof vscode.Uri) return fileOf(o.resourceUri);
  }
  return undefined;
}

/**
 * Files of an explorer command's (uri, uris[]) arguments, or of a path or Uri. A view's element is not a file
 * to load: a title-bar button passes the view's focused item, which is already loaded.
 */
export function filesOf(arg: unknown, multi?: unknown): string[] {
  const own = (a: unknown) => (a instanceof vscode.Uri || typeof a === 'string' ? fileOf(a) : undefined);
  if (Array.isArray(multi) && multi.length > 0) return multi.map(own).filter((f): f is string => f !== undefined);
  if (Array.isArray(arg)) return arg.map(own).filter((f): f is string => f !== undefined);
  const f = own(arg);
  return f ? [f] : [];
}

const JSONL_FILTERS = {
  'Result files (JSON Lines, .xlsx, .eval, .json, .csv, .tsv)': ['jsonl', 'xlsx', 'eval', 'json', 'csv', 'tsv'],
  'All files': ['*'],
};

/** Asks for result files with the open dialog. */
export async function pickResultFiles(many: boolean): Promise<string[]> {
  const uris = await vscode.window.showOpenDialog({
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: many,
    filters: JSONL_FILTERS,
    openLabel: 'Load Result File',
  });
  return (uris ?? []).map((u) => u.fsPath);
}

/**
 * The result file a command without an argument works on: the active editor's .jsonl file, else a pick
 * among the loaded result files (or a file dialog when none is loaded).
 */
export async function resultFileFromContext(store: InspectorStore, purpose: string): Promise<string | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  if (doc && doc.uri.scheme === 'file' && doc.uri.fsPath.toLowerCase().endsWith('.jsonl')) return doc.uri.fsPath;
  const loaded = store.results();
  if (loaded.length === 0) return (await pickResultFiles(false))[0];
  const browse = { label: '$(folder-opened) Browse…', file: undefined as string | undefined };
  const picked = await vscode.window.showQuickPick(
    [
      ...loaded.map((r) => ({
        label: resultLabel(r),
        description: r.active ? 'active' : undefined,
        detail: r.file,
        file: r.file as string | undefined,
      })),
      browse,
    ],
    { title: purpose, placeHolder: 'Result file' },
  );
  if (!picked) return undefined;
  return picked.file ?? (await pickResultFiles(false))[0];
}

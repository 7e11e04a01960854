// The text of an open editor with unsaved changes: what the user sees, so the extension scores that rather
// than the file on disk (the store when it reads a result file, the Compare panel when it reads its lines).
import * as path from 'node:path';
import * as vscode from 'vscode';

export function unsavedTextOf(file: string): string | undefined {
  const id = path.resolve(file);
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && path.resolve(d.uri.fsPath) === id);
  return doc?.isDirty ? doc.getText() : undefined;
}

// Dataset and result-file problems from the core, shown in the Problems panel. Rebuilt when datasets or
// result files change, so a problem that is fixed (and its file reloaded) disappears.
import * as vscode from 'vscode';
import type { Problem } from '../core';
import { anyEvent } from '../store/slices';
import type { InspectorStore } from '../store/store';

const DIAGNOSTIC_SOURCE = 'GST-Bench';

/** A problem's 1-based line as a 0-based range covering the line (VS Code clamps the end to the line's length). */
function problemRange(p: Problem): vscode.Range {
  const line = Math.max(0, (p.line ?? 1) - 1);
  return new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER);
}

function toDiagnostic(p: Problem): vscode.Diagnostic {
  const d = new vscode.Diagnostic(
    problemRange(p),
    p.message,
    p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  d.source = DIAGNOSTIC_SOURCE;
  return d;
}

export function createDiagnostics(store: InspectorStore): vscode.Disposable & { collection: vscode.DiagnosticCollection } {
  const collection = vscode.languages.createDiagnosticCollection('gstBench');
  const update = () => {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const p of store.problems()) {
      const list = byFile.get(p.file) ?? [];
      list.push(toDiagnostic(p));
      byFile.set(p.file, list);
    }
    collection.clear();
    collection.set([...byFile].map(([file, ds]) => [vscode.Uri.file(file), ds] as [vscode.Uri, vscode.Diagnostic[]]));
  };
  update();
  const sub = anyEvent(store.slices.datasets.onDidChange, store.slices.results.onDidChange)(update);
  return { collection, dispose: () => vscode.Disposable.from(sub, collection).dispose() };
}

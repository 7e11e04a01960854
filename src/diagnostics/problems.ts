// Dataset and result-file problems from the core, shown in the Problems panel. Updated when datasets or
// result files change, so a problem that is fixed (and its file reloaded) disappears.
import * as vscode from 'vscode';
import type { Problem } from '../core';
import { coalesce } from '../store/coalesce';
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

/**
 * The collection follows the store's problems. A load of 25 result files fires 25 changes, and a paper-size
 * dataset without its videos has a problem in each of its 2,772 question files: each update is coalesced with
 * the others of its burst, and only the files whose problems changed are sent to the workbench.
 */
export function createDiagnostics(store: InspectorStore): vscode.Disposable & { collection: vscode.DiagnosticCollection } {
  const collection = vscode.languages.createDiagnosticCollection('gstBench');
  /** What each file's diagnostics were made from, as sent last. */
  let sent = new Map<string, string>();
  const update = () => {
    const byFile = new Map<string, Problem[]>();
    for (const p of store.problems()) {
      const list = byFile.get(p.file);
      if (list) list.push(p);
      else byFile.set(p.file, [p]);
    }
    const next = new Map<string, string>();
    const changed: [vscode.Uri, vscode.Diagnostic[] | undefined][] = [];
    for (const [file, problems] of byFile) {
      const key = problems.map(problemKey).join('\n');
      next.set(file, key);
      if (sent.get(file) !== key) changed.push([vscode.Uri.file(file), problems.map(toDiagnostic)]);
    }
    for (const file of sent.keys()) if (!next.has(file)) changed.push([vscode.Uri.file(file), undefined]);
    sent = next;
    if (changed.length > 0) collection.set(changed);
  };
  update();
  const burst = coalesce(update);
  const sub = anyEvent(store.slices.datasets.onDidChange, store.slices.results.onDidChange)(() => burst.schedule());
  return { collection, dispose: () => vscode.Disposable.from(sub, { dispose: () => burst.dispose() }, collection).dispose() };
}

/** Everything a problem's diagnostic is made of. */
const problemKey = (p: Problem) => `${p.line ?? ''}\t${p.severity}\t${p.message}`;

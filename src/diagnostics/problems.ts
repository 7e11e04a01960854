// Dataset and result-file problems from the core, shown in the Problems panel. Updated when datasets or
// result files change, so a problem that is fixed (and its file reloaded) disappears.
import * as vscode from 'vscode';
import { TimeSlicer, type Problem } from '../core';
import { coalesce, settledOrAfter } from '../store/coalesce';
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
 * How long an update waits for the store's loads in flight before it sends problems anyway. While files load, the
 * tree's scores come first: sending a dataset's 2,772 problems took 100-150 ms of the host between the dataset's
 * read and the first file's scores. A load of a very large file does not hold the Problems panel back longer.
 */
export const PROBLEMS_WAIT_FOR_LOADS_MAX_MS = 2_000;

/**
 * The collection follows the store's problems. A load of 25 result files fires 25 changes, and a paper-size
 * dataset without its videos has a problem in each of its 2,772 question files: each update waits for the loads
 * in flight (at most PROBLEMS_WAIT_FOR_LOADS_MAX_MS), is coalesced with the others of its burst, only the files
 * whose problems changed are sent to the workbench, and they are sent a few hundred files at a time, with the
 * event loop free in between (one call for all 2,772 took 70-100 ms).
 */
export function createDiagnostics(store: InspectorStore): vscode.Disposable & { collection: vscode.DiagnosticCollection } {
  const collection = vscode.languages.createDiagnosticCollection('gstBench');
  /** What each file's diagnostics were made from, as sent last. */
  const sent = new Map<string, string>();
  /** Bumped by each update: a newer one stops an older one that is still sending. */
  let generation = 0;
  const update = async () => {
    const current = ++generation;
    await settledOrAfter(store.whenIdle(), PROBLEMS_WAIT_FOR_LOADS_MAX_MS);
    if (current !== generation) return;
    // In slices: a newer update, which starts from what was sent so far, stops this one at its next pause.
    const slicer = new TimeSlicer();
    const pause = async () => {
      await slicer.pause();
      return current === generation;
    };
    const byFile = new Map<string, Problem[]>();
    for (const p of store.problems()) {
      const list = byFile.get(p.file);
      if (list) list.push(p);
      else byFile.set(p.file, [p]);
    }
    const changed: Array<{ file: string; key: string | undefined; problems: Problem[] | undefined }> = [];
    for (const [file, problems] of byFile) {
      const key = problems.map(problemKey).join('\n');
      if (sent.get(file) !== key) changed.push({ file, key, problems });
      if (slicer.due() && !(await pause())) return;
    }
    for (const file of sent.keys()) if (!byFile.has(file)) changed.push({ file, key: undefined, problems: undefined });
    for (let start = 0; start < changed.length; start += FILES_PER_SET) {
      if (start > 0 && !(await pause())) return;
      const part = changed.slice(start, start + FILES_PER_SET);
      collection.set(part.map((c) => [vscode.Uri.file(c.file), c.problems?.map(toDiagnostic)]));
      for (const c of part) {
        if (c.key === undefined) sent.delete(c.file);
        else sent.set(c.file, c.key);
      }
    }
  };
  void update();
  const burst = coalesce(() => void update());
  const sub = anyEvent(store.slices.datasets.onDidChange, store.slices.results.onDidChange)(() => burst.schedule());
  return {
    collection,
    dispose: () => {
      generation++;
      vscode.Disposable.from(sub, { dispose: () => burst.dispose() }, collection).dispose();
    },
  };
}

/** Files whose diagnostics one `set` sends: a few milliseconds of the workbench's serialising. */
const FILES_PER_SET = 250;

/** Everything a problem's diagnostic is made of. */
const problemKey = (p: Problem) => `${p.line ?? ''}\t${p.severity}\t${p.message}`;

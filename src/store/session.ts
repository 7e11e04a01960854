// Remembers, per workspace, the datasets and result files the user opened, so a window reload (or the
// viewer's panel restore) finds them again. Detected and configured ones are found again by themselves.
import * as fs from 'node:fs';
import type * as vscode from 'vscode';
import type { InspectorStore } from './store';

const SESSION_KEY = 'gstBench.session';

interface Session {
  datasets: Array<{ path: string; source: 'user' | 'demo' }>;
  results: Array<{ file: string; compared: boolean }>;
  active?: string;
}

export function saveSession(state: vscode.Memento, store: InspectorStore): Thenable<void> {
  const session: Session = {
    datasets: store
      .datasets()
      .flatMap((d) =>
        [...d.sources].filter((s): s is 'user' | 'demo' => s === 'user' || s === 'demo').map((source) => ({ path: d.path, source })),
      ),
    results: store
      .results()
      .sort((a, b) => a.colorIndex - b.colorIndex)
      .map((r) => ({ file: r.file, compared: r.compared })),
    active: store.activeResult()?.file,
  };
  return state.update(SESSION_KEY, session);
}

export async function restoreSession(state: vscode.Memento, store: InspectorStore): Promise<void> {
  const s = state.get<Session>(SESSION_KEY);
  if (!s || !Array.isArray(s.datasets) || !Array.isArray(s.results)) return;
  const loads: Promise<void>[] = [];
  for (const d of s.datasets) if (fs.existsSync(d.path)) loads.push(store.addDataset(d.path, d.source));
  for (const r of s.results) {
    if (!fs.existsSync(r.file)) continue;
    loads.push(store.addResult(r.file, { makeActive: r.file === s.active }));
    store.setCompared(r.file, r.compared); // active and compared are independent: an unticked active file stays unticked
  }
  await Promise.all(loads);
}

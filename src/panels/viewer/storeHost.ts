// The store seen through the viewer's contract (viewerHost.ts).
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { resultLabel } from '../../model';
import type { ViewerHost, ViewerResult } from './viewerHost';
import type { InspectorStore } from '../../store/store';

export function createViewerHost(store: InspectorStore, reveal: (uid: string) => void): ViewerHost {
  return {
    getQuestion: (uid) => store.getQuestion(uid),
    getResults(): ViewerResult[] {
      // Load order (the colorIndex order), active first in no special place: a stable order for the legend.
      return store
        .results()
        .filter((r) => (r.active || r.compared) && r.evaluation)
        .sort((a, b) => a.colorIndex - b.colorIndex)
        .map((r) => ({ id: r.id, label: resultLabel(r), colorIndex: r.colorIndex, active: r.active, evaluation: r.evaluation! }));
    },
    navigationOrder: () => store.tree().order,
    reveal,
    onDidChange: store.onDidChange as vscode.Event<void>,
    datasetRoots: () => [...new Set(store.loadedDatasets().map((d) => (d.file ? path.dirname(d.file) : d.root)))],
  };
}

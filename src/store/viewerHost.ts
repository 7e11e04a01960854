// The store seen through the viewer's contract (src/viewer/viewerHost.ts).
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { isPartial, overallLong } from '../core';
import { datasetCounts, formatSubtaskScore, resultCoverage, resultLabel } from '../model';
import type { ViewerHost, ViewerResult } from '../viewer/viewerHost';
import type { InspectorStore } from './store';

export function createViewerHost(store: InspectorStore, reveal: (uid: string) => void): ViewerHost {
  return {
    getQuestion: (uid) => store.getQuestion(uid),
    getResults(): ViewerResult[] {
      const counts = datasetCounts(store.mergedDataset()?.questions);
      // Load order (the colorIndex order), active first in no special place: a stable order for the legend.
      return store
        .results()
        .filter((r) => (r.active || r.compared) && r.evaluation)
        .sort((a, b) => a.colorIndex - b.colorIndex)
        .map((r) => {
          const coverage = resultCoverage(r, counts)!;
          const overall = overallLong(r.evaluation!.overall, coverage, formatSubtaskScore);
          return { id: r.id, label: resultLabel(r), colorIndex: r.colorIndex, active: r.active, evaluation: r.evaluation!, overall, partial: isPartial(coverage) };
        });
    },
    navigationOrder: () => store.tree().order,
    reveal,
    onDidChange: store.onDidChange as vscode.Event<void>,
    datasetRoots: () => [...new Set(store.loadedDatasets().map((d) => (d.file ? path.dirname(d.file) : d.root)))],
  };
}

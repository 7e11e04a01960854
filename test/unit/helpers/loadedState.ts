// Puts a read dataset and the evaluations of result files into an inspector state, as the store does once they
// have loaded, and makes one file the active one.
import { evaluateFile, type Dataset } from '../../../src/core';
import type { InspectorState } from '../../../src/store/state';

export async function loadEvaluations(
  state: InspectorState,
  root: string,
  dataset: Dataset,
  files: readonly string[],
  active: string,
): Promise<void> {
  state.slices.datasets.add(root, 'user');
  state.slices.datasets.setLoaded(root, { dataset });
  for (const f of files) {
    state.slices.results.add(f);
    state.slices.results.setEvaluation(f, { evaluation: await evaluateFile(dataset, f, { profile: 'paper' }) });
  }
  state.slices.results.setActive(active);
}

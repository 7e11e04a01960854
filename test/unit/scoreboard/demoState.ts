// The real state with the demo dataset and some of its result files loaded (none ticked), for scoreboard tests.
import * as path from 'node:path';
import { evaluateFile, type Dataset } from '../../../src/core';
import { InspectorState } from '../../../src/store/state';
import { REPO_ROOT } from '../helpers/shared';

export const DEMO = path.join(REPO_ROOT, 'examples', 'demo');
export const demoResult = (stem: string) => path.join(DEMO, 'results', `${stem}.jsonl`);

export async function demoState(dataset: Dataset, files: readonly string[]): Promise<InspectorState> {
  const state = new InspectorState();
  state.slices.datasets.add(DEMO, 'user');
  state.slices.datasets.setLoaded(DEMO, { dataset });
  for (const file of files) {
    state.slices.results.add(file);
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
  }
  return state;
}

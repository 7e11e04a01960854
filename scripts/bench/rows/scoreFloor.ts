import type { BenchRow } from '../lib/row';
import { manyFilesRuns } from '../lib/manyFiles';

// Not a target of its own: how much of the summary row's limit the answer readers alone need. When this floor is
// over a target, no pipeline around those readers can meet it; the gap between the floor and `summary` is what
// the CLI adds (docs/PERFORMANCE.md).
export const row: BenchRow = {
  name: 'score-floor',
  figure: 'plain Node: the summary limit, then both answer readers and the scorer on every line (the floor of scoring)',
  limit: 'read dataset + read, JSON.parse every line',
  target: { report: true },
  order: 29,
  scales: true,
  measure: (ctx) => manyFilesRuns(ctx, 'floor'),
};

import type { BenchRow } from '../lib/row';
import { manyFilesRuns } from '../lib/manyFiles';

export const row: BenchRow = {
  name: 'compare',
  figure: 'CLI compare of 25 files x 2,772 lines',
  limit: 'read dataset + read, JSON.parse every line',
  target: { ratio: 'figure/limit', atMost: 1.5 },
  order: 31,
  scales: true,
  measure: (ctx) => manyFilesRuns(ctx, 'compare'),
};

import type { BenchRow } from '../lib/row';
import { rescoreRuns } from '../lib/rescore';

export const row: BenchRow = {
  name: 'rescore-first',
  figure: 'CLI rescore, 100k lines, first (owned fields inserted)',
  limit: 'read dataset + read, JSON.parse, JSON.stringify, write every line',
  target: { ratio: 'figure/limit', atMost: 1.0 },
  order: 10,
  scales: true,
  async measure(ctx) {
    const runs = await rescoreRuns(ctx, false);
    return { figure: runs.cli, limit: runs.limit, note: runs.note };
  },
};

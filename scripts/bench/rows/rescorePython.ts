import { SkipRow, type BenchRow } from '../lib/row';
import { rescoreRuns } from '../lib/rescore';
import { hasCommand } from '../lib/timing';

export const row: BenchRow = {
  name: 'rescore-python',
  figure: 'CLI rescore, 100k lines, first, against the Python script',
  limit: 'scripts/bench/rescore_peer.py (json + re) on the same file',
  target: { ratio: 'limit/figure', atLeast: 2.0 },
  order: 12,
  scales: true,
  async measure(ctx) {
    if (!hasCommand('python3')) throw new SkipRow('python3 is not on the PATH');
    const runs = await rescoreRuns(ctx, false);
    return { figure: runs.cli, limit: runs.python, note: runs.note };
  },
};

import { SkipRow, type BenchRow } from '../lib/row';
import { rescoreRuns } from '../lib/rescore';
import { hasCommand } from '../lib/timing';

// Not a target of its own: the rescore-python row's peer against the least a rescore with this project's lenient
// reader must do in plain Node, writing no owned field. Below 2, no rescore around that reader reaches the
// rescore-python target on this machine (docs/PERFORMANCE.md).
export const row: BenchRow = {
  name: 'rescore-floor',
  figure: 'plain Node: read, parse, read and score every answer with the lenient reader, write the bytes back (the floor of rescore)',
  limit: 'scripts/bench/rescore_peer.py (json + re) on the same file',
  target: { report: true, ratioOf: 'limit/figure' },
  order: 13,
  scales: true,
  async measure(ctx) {
    if (!hasCommand('python3')) throw new SkipRow('python3 is not on the PATH');
    const runs = await rescoreRuns(ctx, false);
    return { figure: runs.floor, limit: runs.python, note: runs.note };
  },
};

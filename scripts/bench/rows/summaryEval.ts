import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { BenchRow } from '../lib/row';
import { timeCommand } from '../lib/timing';

const LIMIT_SCRIPT = path.join(path.dirname(__filename), '..', 'limits', 'evalReadParse.mjs');

// A lab's logs are often Inspect's: the same scoring as `summary`, read out of a ZIP of one JSON file per sample.
export const row: BenchRow = {
  name: 'summary-eval',
  figure: "CLI summary of an Inspect .eval log of 2,772 samples (one result file's lines, each sample with a 15 KB image attachment)",
  limit: 'read dataset + read the log, inflate and JSON.parse every sample',
  target: { report: true },
  order: 32,
  scales: true,
  async measure(ctx) {
    const logs = await ctx.inputs.inspectLogs(ctx.scale);
    const { dir } = await ctx.inputs.dataset(1);
    const [cli, ...cliArgs] = ctx.cli;
    const bytes = logs.reduce((n, f) => n + statSync(f).size, 0);
    return {
      figure: () => timeCommand(cli, [...cliArgs, 'summary', ...logs, '--dataset', dir]),
      limit: () => timeCommand(process.execPath, [LIMIT_SCRIPT, dir, ...logs]),
      note: `${logs.length} log(s), ${(bytes / 1e6).toFixed(1)} MB`,
    };
  },
};

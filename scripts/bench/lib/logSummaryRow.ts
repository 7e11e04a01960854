// The rows that time `gst-bench summary` of generated Inspect logs (a foreign format labs have) against a limit
// script reading the same logs in plain Node.
import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { BenchInputs } from './inputs';
import type { BenchRow } from './row';
import { timeCommand } from './timing';

export interface LogSummaryRow {
  name: string;
  figure: string;
  limit: string;
  order: number;
  /** The limit script's file name in scripts/bench/limits/; run as `node <script> <dataset-dir> <log>...`. */
  limitScript: string;
  logs: (inputs: BenchInputs, scale: number) => Promise<string[]>;
}

export function logSummaryRow(spec: LogSummaryRow): BenchRow {
  const limitScript = path.join(path.dirname(__filename), '..', 'limits', spec.limitScript);
  return {
    name: spec.name,
    figure: spec.figure,
    limit: spec.limit,
    target: { report: true },
    order: spec.order,
    scales: true,
    async measure(ctx) {
      const logs = await spec.logs(ctx.inputs, ctx.scale);
      const { dir } = await ctx.inputs.dataset(1);
      const [cli, ...cliArgs] = ctx.cli;
      const bytes = logs.reduce((n, f) => n + statSync(f).size, 0);
      return {
        figure: () => timeCommand(cli, [...cliArgs, 'summary', ...logs, '--dataset', dir]),
        limit: () => timeCommand(process.execPath, [limitScript, dir, ...logs]),
        note: `${logs.length} log(s), ${(bytes / 1e6).toFixed(1)} MB`,
      };
    },
  };
}

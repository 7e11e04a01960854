// The summary and compare rows: a CLI command over the generated result files against reading and parsing them.
import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { Measurement, RowContext } from './row';
import { timeCommand } from './timing';

const READ_PARSE_SCRIPT = path.join(path.dirname(__filename), '..', 'limits', 'readParse.mjs');

export async function manyFilesRuns(ctx: RowContext, command: 'summary' | 'compare'): Promise<Measurement> {
  const files = await ctx.inputs.resultFiles(ctx.scale);
  const { dir } = await ctx.inputs.dataset(1);
  const [cli, ...cliArgs] = ctx.cli;
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  return {
    figure: () => timeCommand(cli, [...cliArgs, command, ...files, '--dataset', dir]),
    limit: () => timeCommand(process.execPath, [READ_PARSE_SCRIPT, dir, ...files]),
    note: `${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`,
  };
}

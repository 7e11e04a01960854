// The summary and compare rows: a CLI command over the generated result files against reading and parsing them.
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { SCORE_FLOOR_SCRIPT } from './floor';
import type { Measurement, RowContext } from './row';
import { timeCommand } from './timing';

const READ_PARSE_SCRIPT = path.join(path.dirname(__filename), '..', 'limits', 'readParse.mjs');

/**
 * A CLI command over the result files, or with `floor` the plain-Node script of the least scoring work (both
 * answer readers and the scorer), each against reading and parsing the same files.
 */
export async function manyFilesRuns(ctx: RowContext, command: 'summary' | 'compare' | 'floor'): Promise<Measurement> {
  const files = await ctx.inputs.resultFiles(ctx.scale);
  const { dir } = await ctx.inputs.dataset(1);
  const [cli, ...cliArgs] = ctx.cli;
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  return {
    figure: () =>
      command === 'floor'
        ? timeCommand(process.execPath, [SCORE_FLOOR_SCRIPT, 'files', dir, ...files])
        : timeCommand(cli, [...cliArgs, command, ...files, '--dataset', dir]),
    limit: () => timeCommand(process.execPath, [READ_PARSE_SCRIPT, dir, ...files]),
    note: `${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`,
  };
}

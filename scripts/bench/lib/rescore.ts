// The rescore rows' runs: each starts from a fresh copy of the input (untimed), then times one process.
import { copyFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { SCORE_FLOOR_SCRIPT } from './floor';
import type { RowContext, Sampler } from './row';
import { timeCommand } from './timing';

const HERE = path.dirname(__filename);
export const RESCORE_LIMIT_SCRIPT = path.join(HERE, '..', 'limits', 'rescore.mjs');
export const PYTHON_PEER_SCRIPT = path.join(HERE, '..', 'rescore_peer.py');

export interface RescoreRuns {
  /** The CLI's rescore of a fresh copy of the input. */
  cli: Sampler;
  /** The limit script on a fresh copy of the same input. */
  limit: Sampler;
  /** The Python peer on a fresh copy of the same input. */
  python: Sampler;
  /** The floor script's rescore (read, parse, read and score each answer, write the bytes back) on a fresh copy. */
  floor: Sampler;
  note: string;
}

/**
 * `repeat`: the input is the generated file once rescored by the CLI, so the runs replace the owned fields
 * instead of inserting them.
 */
export async function rescoreRuns(ctx: RowContext, repeat: boolean): Promise<RescoreRuns> {
  const generated = await ctx.inputs.rescoreFile(ctx.scale);
  const { dir } = await ctx.inputs.dataset(1);
  const [command, ...cliArgs] = ctx.cli;
  const work = `${generated}.work.jsonl`;
  const rescore = () => timeCommand(command, [...cliArgs, 'rescore', work, '--dataset', dir]);
  let input = generated;
  if (repeat) {
    input = `${generated}.rescored.jsonl`;
    copyFileSync(generated, work);
    rescore();
    copyFileSync(work, input);
  }
  const fresh = (run: () => number) => () => {
    copyFileSync(input, work);
    return run();
  };
  const lines = ctx.quick ? 'quick' : `${(statSync(input).size / 1e6).toFixed(1)} MB`;
  return {
    cli: fresh(rescore),
    limit: fresh(() => timeCommand(process.execPath, [RESCORE_LIMIT_SCRIPT, work, dir])),
    python: fresh(() => timeCommand('python3', [PYTHON_PEER_SCRIPT, work, dir])),
    floor: fresh(() => timeCommand(process.execPath, [SCORE_FLOOR_SCRIPT, 'rescore', work, dir])),
    note: `${path.basename(input)}: ${lines}`,
  };
}

// Timing one run: a command in its own process, as a user runs it, or a function in this process.
import { spawnSync } from 'node:child_process';

/** Milliseconds the command took; exit codes 0 and 1 (lines skipped) count as having run. */
export function timeCommand(command: string, args: readonly string[]): number {
  const start = performance.now();
  const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (r.error) throw r.error;
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
  return ms;
}

/** Milliseconds an in-process step took. */
export async function timeCall(step: () => unknown): Promise<number> {
  const start = performance.now();
  await step();
  return performance.now() - start;
}

/** True when `command --version` runs here. */
export function hasCommand(command: string): boolean {
  const r = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

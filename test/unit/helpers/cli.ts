import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './shared';

/**
 * Runs the gst-bench CLI from source. `timedOut` is true when it had to be killed after `timeoutMs`:
 * a generous bound that only a hang reaches, never a timing assertion.
 */
export function runCli(args: string[], timeoutMs = 60_000): { code: number | null; stdout: string; stderr: string; timedOut: boolean } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args], {
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, timedOut: r.signal === 'SIGKILL' };
}

// Who is reviewing: git's user.name where git knows it, else the configured name, else the OS account.
import { execFile } from 'node:child_process';
import { userInfo } from 'node:os';

/** git answers in milliseconds; a hung credential helper or network file system must not hang a verdict. */
const GIT_TIMEOUT_MS = 3000;

/** `git config user.name` run in `cwd` (no shell); null when git is missing, fails, times out or has no name. */
export function gitUserName(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['config', 'user.name'],
      { cwd, env, timeout: GIT_TIMEOUT_MS, windowsHide: true, encoding: 'utf8' },
      (error, stdout) => {
        const name = error ? '' : stdout.trim();
        resolve(name === '' ? null : name);
      },
    );
  });
}

function osUserName(): string | null {
  try {
    return userInfo().username.trim() || null;
  } catch {
    return null; // no passwd entry (some containers)
  }
}

/** The reviewer's name: git user.name in `cwd`, then `configured` (a setting), then the OS user, then "unknown". */
export async function resolveReviewer(cwd: string, configured?: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return (await gitUserName(cwd, env)) ?? (configured?.trim() || null) ?? osUserName() ?? 'unknown';
}

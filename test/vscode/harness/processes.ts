// Starting and stopping the servers the real-VS-Code tests need, with failures that say which and why.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { QUIET_USER_SETTINGS, RUNS_DIR } from './env';

const OUTPUT_TAIL_CHARS = 4000;
export const SERVER_START_TIMEOUT_MS = 60_000;

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh folder for one run (user data, extensions, workspace), under the git-ignored cache. */
export function freshRunDir(prefix: string): string {
  mkdirSync(RUNS_DIR, { recursive: true });
  return mkdtempSync(path.join(RUNS_DIR, `${prefix}-`));
}

/** Removes a run folder after a passing run (failing runs keep theirs for a look); GST_KEEP_RUNS=1 keeps all. */
export function removeRunDir(dir: string): void {
  if (!process.env.GST_KEEP_RUNS) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Writes <userDataDir>/User/settings.json before the first start. */
export function writeUserSettings(userDataDir: string, extra: Record<string, unknown> = {}): void {
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_USER_SETTINGS, ...extra }, null, 2));
}

/** Process groups started here and still running: ended if this process exits early (Ctrl-C, a closed pipe, a crash). */
const runningGroups = new Set<number>();
let exitHooksInstalled = false;
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const pgid of runningGroups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
  }
}

export class ServerProcess {
  private output = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exited: Promise<void>;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    echo: boolean,
  ) {
    const collect = (chunk: Buffer) => {
      const s = chunk.toString();
      this.output = (this.output + s).slice(-OUTPUT_TAIL_CHARS);
      if (echo) process.stdout.write(s);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    if (child.pid !== undefined) {
      installExitHooks();
      runningGroups.add(child.pid);
    }
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      });
      child.on('error', (err) => {
        this.output += `\n${err.message}`;
        this.exit = { code: null, signal: null };
        resolve();
      });
    });
  }

  /** Starts `command` in its own process group, so stop() ends it and everything it spawned. */
  static start(
    name: string,
    command: string,
    args: string[],
    options: { env?: NodeJS.ProcessEnv; cwd?: string; echo?: boolean } = {},
  ): ServerProcess {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    return new ServerProcess(name, child, options.echo ?? false);
  }

  get outputTail(): string {
    return this.output.trim();
  }

  get hasExited(): boolean {
    return this.exit !== undefined;
  }

  /** Polls `url` until it answers; fails fast, with the server's output, if the process exits first. */
  async waitForHttp(url: string, timeoutMs = SERVER_START_TIMEOUT_MS): Promise<number> {
    const started = Date.now();
    for (;;) {
      if (this.exit) {
        throw new Error(
          `${this.name} exited before answering ${url} (code ${this.exit.code}, signal ${this.exit.signal}). Its output:\n${this.outputTail}`,
        );
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status < 500) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`${this.name} did not answer ${url} within ${timeoutMs / 1000} s. Its output:\n${this.outputTail}`);
      }
      await sleep(100);
    }
  }

  /** Ends the whole process group and waits for the exit. */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (pid === undefined) return;
    runningGroups.delete(pid);
    try {
      process.kill(-pid, 'SIGTERM'); // the group: the server's own children (extension host, watchers) too
    } catch {
      return; // the whole group is gone
    }
    if (this.exit) return;
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Runs a command to completion; throws with its output if it fails. */
export function runCommand(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${name} could not start: ${err.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${name} failed (code ${code}, signal ${signal}):\n${out.trim().slice(-OUTPUT_TAIL_CHARS)}`));
    });
  });
}

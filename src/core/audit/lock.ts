// A lock file beside a file, held for the few milliseconds of a read-merge-write. Writers that take it (two
// windows, two CLI runs) are serialised; the identity check of writeFileAtomic still guards against any other
// program (an editor, git), which does not know the lock.
import { hostname } from 'node:os';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';

/** A lock older than this is a crashed writer's: an update holds it for milliseconds. */
const STALE_LOCK_MS = 30_000;
/** How long a writer waits for another writer before giving up. */
const LOCK_WAIT_MS = 15_000;

const HOST = hostname();

export class LockTimeoutError extends Error {
  readonly code = 'ELOCKED';
}

export function lockPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.lock`);
}

function ownerIsGone(owner: { host?: unknown; pid?: unknown }): boolean {
  if (owner.host !== HOST || typeof owner.pid !== 'number') return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Removes the lock when its writer died on this host, or it is older than any update takes. */
async function removeIfStale(lock: string): Promise<void> {
  try {
    const [text, st] = await Promise.all([readFile(lock, 'utf8'), stat(lock)]);
    let owner: { host?: unknown; pid?: unknown } = {};
    try {
      owner = JSON.parse(text);
    } catch {
      // half-written by a writer that died at once: only age can tell
    }
    if (ownerIsGone(owner) || Date.now() - st.mtimeMs > STALE_LOCK_MS) await unlink(lock);
  } catch {
    // Gone already, or taken over meanwhile: the next attempt sees.
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` holding the lock of `target`; waits for another holder (up to LOCK_WAIT_MS). */
export async function withFileLock<T>(target: string, fn: () => Promise<T>): Promise<T> {
  const lock = lockPathFor(target);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fh = await open(lock, 'wx', 0o644);
      try {
        await fh.writeFile(JSON.stringify({ host: HOST, pid: process.pid, time: new Date().toISOString() }));
      } finally {
        await fh.close();
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      await removeIfStale(lock);
      if (Date.now() > deadline) {
        throw new LockTimeoutError(
          `${target} is being written by another process (lock ${lock}); try again, or remove the lock if no GST-Bench writer is running`,
        );
      }
      await pause(5 + Math.random() * 20);
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

// Complete-or-nothing file replacement: every byte written (short writes looped, errors abort), fsynced,
// renamed over the target only if the target is still the file that was read, and no temp file left behind.
import { randomBytes } from 'node:crypto';
import { unlinkSync, writeSync } from 'node:fs';
import { link, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import * as path from 'node:path';

/** What identifies a file's state: the same path can name another file (rename) or changed bytes (save). */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

export async function identityOf(file: string): Promise<FileIdentity> {
  return identityFromStats(await stat(file, { bigint: true }));
}

async function identityOfHandle(fh: FileHandle): Promise<FileIdentity> {
  return identityFromStats(await fh.stat({ bigint: true }));
}

export function identityFromStats(s: { dev: bigint; ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }): FileIdentity {
  return { dev: s.dev, ino: s.ino, size: s.size, mtimeNs: s.mtimeNs, ctimeNs: s.ctimeNs };
}

function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** The target changed (or was replaced) after it was read: writing now would lose the other writer's bytes. */
export class FileChangedError extends Error {
  readonly code = 'EFILECHANGED';
  constructor(
    readonly file: string,
    message = 'the file changed during the rescore; nothing was written',
  ) {
    super(message);
  }
}

/** The operating system wrote fewer bytes than asked and then nothing: treated as a failed write. */
export class ShortWriteError extends Error {
  readonly code = 'ESHORTWRITE';
  constructor(
    readonly file: string,
    written: number,
    wanted: number,
  ) {
    super(`${file}: the system wrote ${written} of ${wanted} bytes`);
  }
}

/** The write primitive, replaceable so that tests can inject ENOSPC, EIO and short writes. */
export type WriteChunk = (fh: FileHandle, bytes: Uint8Array, offset: number, length: number) => Promise<number>;

const defaultWriteChunk: WriteChunk = async (fh, bytes, offset, length) => (await fh.write(bytes, offset, length)).bytesWritten;

/**
 * The write primitive as a blocking call, for a process with nothing else to do on its thread (the CLI's rescore):
 * the bytes are written when the call returns, with no round trip to the thread pool.
 */
export const blockingWriteChunk: WriteChunk = async (fh, bytes, offset, length) => writeSync(fh.fd, bytes, offset, length);

/** Writes all of `bytes`, looping over short writes; a write that makes no progress is an error. */
async function writeAll(fh: FileHandle, file: string, bytes: Uint8Array, writeChunk: WriteChunk = defaultWriteChunk): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const n = await writeChunk(fh, bytes, done, bytes.length - done);
    if (!(n > 0)) throw new ShortWriteError(file, done, bytes.length);
    done += n;
  }
}

// Temp names carry their owner (host and pid), so a later run can tell a dead process's leftovers from a
// live writer's file, and the `.tmp` ending keeps them from ever being taken for result files.
const TEMP_MARK = '.gst-tmp-';
const HOST = hostname().replace(/[^A-Za-z0-9_-]/g, '_') || 'host';

/** The temp name for `target` owned by this process. */
export function tempPathFor(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}${TEMP_MARK}${HOST}-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
}

/** Owner of a temp file name for `target` (same folder), or null when the name is not one of ours for it. */
export function tempOwner(target: string, name: string): { host: string; pid: number } | null {
  const prefix = `.${path.basename(target)}${TEMP_MARK}`;
  if (!name.startsWith(prefix) || !name.endsWith('.tmp')) return null;
  const m = /^([A-Za-z0-9_-]+)-(\d+)-[0-9a-f]{8}$/.exec(name.slice(prefix.length, -'.tmp'.length));
  return m ? { host: m[1], pid: Number(m[2]) } : null;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, but belongs to another user
  }
}

/**
 * Removes temp files for `target` left by processes of this host that are no longer running (killed, crashed).
 * A live process's temp file, or one from another host, is never touched. Returns the names removed.
 */
export async function removeStaleTemps(target: string): Promise<string[]> {
  const dir = path.dirname(target);
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const owner = tempOwner(target, name);
    if (!owner || owner.host !== HOST || owner.pid === process.pid || processIsAlive(owner.pid)) continue;
    try {
      await unlink(path.join(dir, name));
      removed.push(name);
    } catch {
      // Raced with another cleaner, or not ours to remove: either way it is not left by us.
    }
  }
  return removed;
}

/** Temp files this process has open, removed synchronously if the process is told to stop. */
const liveTemps = new Set<string>();
let signalsInstalled = false;

/**
 * Makes SIGINT and SIGTERM remove this process's temp files before it exits with the signal's usual status.
 * For command-line use; a host process (the extension host) owns its own signals and relies on removeStaleTemps.
 */
export function removeTempsOnSignals(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const t of liveTemps) {
        try {
          unlinkSync(t);
        } catch {
          // already gone
        }
      }
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  }
}

/** Flushes a file's written bytes to disk (`datasync`); replaceable so that tests can inject failures and delays. */
export type FlushFile = (fh: FileHandle) => Promise<void>;

const defaultFlush: FlushFile = (fh) => fh.datasync();

/**
 * Bytes written between two background flushes of a replacement's temp file. Dirty pages wait for the commit's
 * fsync otherwise (the kernel writes them back only after seconds, or past a tenth of memory): flushed while the
 * rest is still being made, they leave that fsync little to wait for (docs/PERFORMANCE.md, change 53).
 */
export const FLUSH_EVERY_BYTES = 8 << 20;

export interface AtomicReplaceOptions {
  /** The target's state when it was read; the rename happens only if it is unchanged. Null: target must not exist. */
  expect?: FileIdentity | null;
  /** Mode for the new file; the target's own mode by default (0o644 for a new file). */
  mode?: number;
  /** Owner for the new file, kept where the process may set it (root, or the owner's own group). */
  owner?: { uid: number; gid: number };
  /** The message when the target changed; the rescore's by default. */
  changedMessage?: string;
  writeChunk?: WriteChunk;
  /** The background flush primitive (tests). */
  flush?: FlushFile;
  /** Bytes between background flushes; FLUSH_EVERY_BYTES by default (tests use less). */
  flushEveryBytes?: number;
  /** Keep the replaced file's inode under a temp name, so `undoReplacement` can put it back byte for byte. */
  keepPrevious?: boolean;
}

/** What `undoReplacement` needs: the kept previous file, and the state of the file the commit wrote. */
export interface ReplacementUndo {
  target: string;
  previous: string;
  written: Omit<FileIdentity, 'ctimeNs'>; // a rename changes the inode's ctime, so it cannot be compared
}

/**
 * A temp file beside `target` that becomes the target on `commit()`. Until then the target is untouched, and
 * `abort()` (or any error in commit) removes the temp file.
 */
export class AtomicReplacement {
  private fh: FileHandle | null = null;
  private finished = false;
  /** Bytes written since the last background flush started. */
  private unflushed = 0;
  /**
   * The background flush in flight, or the last one if it failed: a failed flush may have lost written bytes that a
   * later fsync would not report again, so its error is the commit's.
   */
  private flushing: Promise<void> | undefined;
  /** Set by a commit with `keepPrevious`. */
  undo: ReplacementUndo | null = null;

  private constructor(
    readonly target: string,
    readonly tempPath: string,
    private readonly options: AtomicReplaceOptions,
  ) {}

  /** Creates the temp file now, so an unwritable folder fails before any work. */
  static async begin(target: string, options: AtomicReplaceOptions = {}): Promise<AtomicReplacement> {
    const r = new AtomicReplacement(target, tempPathFor(target), options);
    r.fh = await open(r.tempPath, 'wx', 0o600); // private until commit sets the final mode and owner
    liveTemps.add(r.tempPath);
    return r;
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (!this.fh) throw new Error('write after the replacement finished');
    await writeAll(this.fh, this.tempPath, bytes, this.options.writeChunk);
    this.unflushed += bytes.length;
    if (this.flushing === undefined && this.unflushed >= (this.options.flushEveryBytes ?? FLUSH_EVERY_BYTES)) {
      this.unflushed = 0;
      const flush = (this.options.flush ?? defaultFlush)(this.fh);
      this.flushing = flush;
      flush.then(
        () => {
          if (this.flushing === flush) this.flushing = undefined;
        },
        () => undefined, // kept in `flushing`, for the commit to throw
      );
    }
  }

  /** fsync, set mode and owner, check the target is unchanged, rename, fsync the folder. */
  async commit(): Promise<void> {
    try {
      const fh = this.fh!;
      await this.flushing;
      await fh.sync(); // the new bytes are on disk before the rename makes them the file
      await fh.chmod(this.options.mode ?? 0o644);
      if (this.options.owner) {
        await fh.chown(this.options.owner.uid, this.options.owner.gid).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EPERM') throw e; // only a privileged process may give a file away
        });
      }
      const after = await identityOfHandle(fh);
      const written = { dev: after.dev, ino: after.ino, size: after.size, mtimeNs: after.mtimeNs };
      await fh.close();
      this.fh = null;
      await this.checkUnchanged();
      // The window that remains: another writer between this check and the rename below (microseconds).
      const previous = this.options.keepPrevious ? await this.linkPrevious() : null;
      try {
        await rename(this.tempPath, this.target);
      } catch (e) {
        if (previous) await unlink(previous).catch(() => undefined);
        throw e;
      }
      this.finished = true;
      liveTemps.delete(this.tempPath);
      if (previous) {
        liveTemps.delete(previous);
        this.undo = { target: this.target, previous, written };
      }
      await syncFolder(path.dirname(this.target));
    } finally {
      if (!this.finished) await this.abort();
    }
  }

  /** A second name for the file about to be replaced; null where the file system has no hard links. */
  private async linkPrevious(): Promise<string | null> {
    const previous = tempPathFor(this.target);
    try {
      await link(this.target, previous);
      liveTemps.add(previous);
      return previous;
    } catch {
      return null;
    }
  }

  private async checkUnchanged(): Promise<void> {
    if (this.options.expect !== undefined) await checkUnchanged(this.target, this.options.expect, this.options.changedMessage);
  }

  async abort(): Promise<void> {
    this.finished = true;
    await this.flushing?.catch(() => undefined); // the descriptor is closed only once no flush uses it
    if (this.fh) await this.fh.close().catch(() => undefined);
    this.fh = null;
    await unlink(this.tempPath).catch(() => undefined);
    liveTemps.delete(this.tempPath);
  }
}

/**
 * Throws FileChangedError (with `message`, the rescore's by default) unless `target` is still the file `expect`
 * names (null: no file there): what a commit checks before its rename, for a writer that found nothing to write.
 */
export async function checkUnchanged(target: string, expect: FileIdentity | null, message?: string): Promise<void> {
  let now: FileIdentity | null;
  try {
    now = await identityOf(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    now = null;
  }
  const unchanged = expect === null ? now === null : now !== null && sameIdentity(expect, now);
  if (!unchanged) throw new FileChangedError(target, message);
}

/**
 * Puts back the file a `keepPrevious` commit replaced, exactly (same inode: bytes, mode, owner), if the target
 * is still what the commit wrote. Otherwise nothing changes and FileChangedError says why.
 */
export async function undoReplacement(undo: ReplacementUndo): Promise<void> {
  const now = await identityOf(undo.target).catch(() => null);
  const w = undo.written;
  if (!now || now.dev !== w.dev || now.ino !== w.ino || now.size !== w.size || now.mtimeNs !== w.mtimeNs) {
    throw new FileChangedError(undo.target, 'the file changed after the rescore; undo would lose those changes, so nothing was restored');
  }
  await rename(undo.previous, undo.target);
  await syncFolder(path.dirname(undo.target));
}

/** Gives up the chance to undo: removes the kept previous file. */
export async function discardUndo(undo: ReplacementUndo): Promise<void> {
  await unlink(undo.previous).catch(() => undefined);
}

/** Makes a rename durable: on Linux the folder entry is only on disk once the folder itself is synced. */
async function syncFolder(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // Some file systems refuse to sync a folder; the rename itself is still atomic.
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

/** Replaces `target` with `data` atomically, with the same care as the rescore. */
export async function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicReplaceOptions = {}): Promise<void> {
  const r = await AtomicReplacement.begin(target, options);
  try {
    await r.write(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  } catch (e) {
    await r.abort();
    throw e;
  }
  await r.commit();
}

import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { isInside } from './safePath';
import { utf8Text } from '../io/utf8';

/**
 * The largest dataset JSON file the reader reads (question.json, sample_summary.json, an annotations file).
 * A question.json is about 1.5 KiB, so an annotations file for all 2,762 questions is about 4 MiB; 64 MiB
 * leaves room for large extra fields, while a wrong file (a video renamed .json) is refused before it fills memory.
 */
export const MAX_DATASET_JSON_BYTES = 64 * 1024 * 1024;

/** `reason` is a short phrase that follows "not read: " in a problem naming the file. */
export type DatasetFileRead =
  { ok: true; text: string; bytes: Buffer; path: string } | { ok: false; missing: true } | { ok: false; missing: false; reason: string };

// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer, so fstat can refuse it.
// O_NOFOLLOW: the path is already resolved; a symlink swapped in after the check is refused, not followed.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Reads a dataset JSON file as media are treated: its real path must lie inside `realRoot` (a symlink pointing
 * outside is refused, never read), it must be a regular file (a FIFO or a device is refused without reading),
 * and it must not exceed `maxBytes`. A file that does not exist is `missing`, which callers may treat as normal.
 */
export async function readDatasetFile(realRoot: string, file: string, maxBytes = MAX_DATASET_JSON_BYTES): Promise<DatasetFileRead> {
  try {
    await lstat(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, missing: true };
    return { ok: false, missing: false, reason: describeFsError(e) };
  }
  let real: string;
  try {
    real = await realpath(file);
  } catch (e) {
    // A dangling symlink: whatever it named, it is not there to read.
    return { ok: false, missing: false, reason: `a link that cannot be resolved: ${describeFsError(e)}` };
  }
  if (!isInside(realRoot, real)) return { ok: false, missing: false, reason: 'a link that leaves the dataset root' };
  let fh;
  try {
    fh = await open(real, OPEN_FLAGS);
  } catch (e) {
    return { ok: false, missing: false, reason: describeFsError(e) };
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) return { ok: false, missing: false, reason: `not a regular file but ${fileKind(st)}` };
    if (st.size > maxBytes)
      return { ok: false, missing: false, reason: `${st.size} bytes, more than the ${maxBytes}-byte limit for dataset JSON files` };
    // Read one byte past the size fstat gave: a file that grows while it is read is refused, not read on and on.
    const buf = Buffer.alloc(st.size + 1);
    let length = 0;
    while (length < buf.length) {
      const { bytesRead } = await fh.read(buf, length, buf.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > st.size) return { ok: false, missing: false, reason: 'the file grew while it was read' };
    const bytes = buf.subarray(0, length);
    let text: string | undefined;
    // Decoded when first asked for: a caller that parses the bytes (`parseJsonBytes`) never needs it.
    return {
      ok: true,
      get text() {
        return (text ??= utf8Text(bytes));
      },
      bytes,
      path: real,
    };
  } catch (e) {
    return { ok: false, missing: false, reason: describeFsError(e) };
  } finally {
    await fh.close();
  }
}

function fileKind(st: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'another kind of file';
}

/** "permission denied (EACCES)": the system's reason without the path, which the problem already names. */
export function describeFsError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code === 'string' && typeof err.message === 'string') {
    // Node's messages read "EACCES: permission denied, open '/x'": keep the middle part.
    const m = err.message.startsWith(`${err.code}: `) ? err.message.slice(err.code.length + 2) : err.message;
    const comma = m.lastIndexOf(', ');
    return `${comma > 0 && err.syscall && m.slice(comma + 2).startsWith(err.syscall) ? m.slice(0, comma) : m} (${err.code})`;
  }
  return String(err?.message ?? e);
}

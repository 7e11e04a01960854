import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import { excerpt } from '../../shared/text/messageText';

export type SafeResolution = { ok: true; path: string } | { ok: false; reason: string };

/** True when `child` is `root` or lies inside it (both absolute, normalised). */
export function isInside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Resolves a media path from a question against its folder, refusing anything that leaves the
 * dataset root: absolute paths, `..` escapes, and symlinks pointing outside. Never reads the file.
 * `realRoot` must already be the root's real path.
 */
export async function resolveMediaPath(realRoot: string, baseDir: string, rel: string): Promise<SafeResolution> {
  const lexical = lexicalMediaPath(realRoot, baseDir, rel);
  if (!lexical.ok) return lexical;
  const joined = lexical.path;
  try {
    const real = await realpath(joined);
    if (!isInside(realRoot, real)) return { ok: false, reason: `media path is a link that leaves the dataset root: ${excerpt(rel)}` };
    return { ok: true, path: real };
  } catch {
    // Missing file: the lexical check passed, so the path is safe to name; existence is checked by the caller.
    return { ok: true, path: joined };
  }
}

/** Plain names joined by '/': no '.', '..' or empty segment, no backslash or colon. Joining it needs no resolve. */
const PLAIN_RELATIVE = /^(?!\.\.?(?:\/|$))[^/\\:]+(?:\/(?!\.\.?(?:\/|$))[^/\\:]+)*$/;

/**
 * The checks of `resolveMediaPath` that need no file system: the joined path, or why it is refused.
 * `baseDirInside`: the caller knows `baseDir` is a normalised folder inside `realRoot`, so a plain relative
 * path stays inside it without path.resolve and path.relative, which dominate when thousands of media are checked.
 */
export function lexicalMediaPath(realRoot: string, baseDir: string, rel: string, baseDirInside = false): SafeResolution {
  if (rel.trim() === '') return { ok: false, reason: 'empty media path' };
  if (baseDirInside && path.sep === '/' && PLAIN_RELATIVE.test(rel)) return { ok: true, path: `${baseDir}/${rel}` };
  if (path.isAbsolute(rel) || path.win32.isAbsolute(rel)) return { ok: false, reason: `absolute media path refused: ${excerpt(rel)}` };
  const joined = path.resolve(baseDir, rel);
  if (!isInside(realRoot, joined)) return { ok: false, reason: `media path leaves the dataset root: ${excerpt(rel)}` };
  return { ok: true, path: joined };
}

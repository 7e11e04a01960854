// The blind baseline's files: the paused session (kept in the workspace) and the human-<name>.jsonl result file,
// both replaced atomically, so a crash leaves the previous version, never half of one.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import {
  humanResultFileName,
  humanResultText,
  parseBlindSession,
  serializeBlindSession,
  type BlindSession,
} from '../../shared/baseline/session';
import { identityOf, writeFileAtomic, type FileIdentity } from '../io/atomicWrite';

async function identityOrNull(file: string): Promise<FileIdentity | null> {
  try {
    return await identityOf(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Writes `text` over `file` unless another program created or changed it since this call looked. */
async function replace(file: string, text: string): Promise<void> {
  await writeFileAtomic(file, text, {
    expect: await identityOrNull(file),
    changedMessage: `${file} changed while it was written; nothing was written`,
  });
}

export async function saveBlindSession(file: string, session: BlindSession): Promise<void> {
  await replace(file, serializeBlindSession(session));
}

/** The saved session, or null when there is none; a damaged or foreign file is an error saying why. */
export async function loadBlindSession(file: string): Promise<BlindSession | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    return parseBlindSession(text);
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
}

/** Writes the answers so far as human-<name>.jsonl in `folder`; returns its path. */
export async function writeHumanResultFile(folder: string, session: BlindSession): Promise<string> {
  const file = path.join(folder, humanResultFileName(session.name));
  await replace(file, humanResultText(session));
  return file;
}

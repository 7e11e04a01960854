// Reading and writing the audit sidecar. Every write re-reads the file and applies only this writer's changes,
// under a lock shared with other GST-Bench writers, and replaces the file atomically only if nobody else
// changed it since it was read; if someone did, it reads and merges again.
import { open, realpath } from 'node:fs/promises';
import * as path from 'node:path';
import { auditEntryProblem, formatAuditDocument, formatAuditEntry, parseAuditText, type AuditDocument } from '../../shared/audit/format';
import { applyAuditChanges, type AuditChange } from '../../shared/audit/merge';
import { FileChangedError, identityFromStats, identityOf, removeStaleTemps, writeFileAtomic, type FileIdentity } from '../io/atomicWrite';
import { withFileLock } from './lock';

export interface AuditFileState {
  file: string;
  /** The bytes as read ("" for a file that does not exist yet). */
  text: string;
  /** The state the text was read in; null when the file does not exist. */
  identity: FileIdentity | null;
  mode: number | null;
  owner: { uid: number; gid: number } | null;
  links: number;
  doc: AuditDocument;
}

/** The file behind a symlink is the one written (as the rescore does); a missing file is its own path. */
async function targetOf(file: string): Promise<string> {
  const abs = path.resolve(file);
  try {
    return await realpath(abs);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return abs;
    throw e;
  }
}

/** Reads the sidecar and the state it was read in; a missing file reads as empty. */
export async function readAuditFile(file: string): Promise<AuditFileState> {
  const target = await targetOf(file);
  let fh;
  try {
    fh = await open(target, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return { file: target, text: '', identity: null, mode: null, owner: null, links: 0, doc: parseAuditText('', target) };
  }
  try {
    const st = await fh.stat({ bigint: true });
    if (!st.isFile()) throw new Error(`${target} is not a regular file`);
    const text = await fh.readFile('utf8');
    return {
      file: target,
      text,
      identity: identityFromStats(st),
      mode: Number(st.mode) & 0o7777,
      owner: { uid: Number(st.uid), gid: Number(st.gid) },
      links: Number(st.nlink),
      doc: parseAuditText(text, target),
    };
  } finally {
    await fh.close();
  }
}

/** A sidecar this process will not replace: read-only or hard-linked (a rename would split the links). */
export class AuditWriteRefused extends Error {}

function refuseUnsafeAuditTarget(state: AuditFileState): void {
  if (state.mode !== null && (state.mode & 0o222) === 0)
    throw new AuditWriteRefused(`${state.file} is read-only; make it writable, or set another audit file`);
  if (state.links > 1) throw new AuditWriteRefused(`${state.file} has ${state.links} hard links; a rewrite would split them`);
}

const MAX_MERGE_ATTEMPTS = 10;

export interface AuditUpdate {
  state: AuditFileState;
  /** False when the changes were already in the file (nothing to write). */
  wrote: boolean;
  /** How many times the file was read and merged (more than 1: another writer came between). */
  attempts: number;
}

export interface UpdateAuditOptions {
  /** Called between the read and the write; tests change the file here as a program ignoring the lock would. */
  afterRead?: (state: AuditFileState, attempt: number) => Promise<void>;
}

/**
 * Applies `changes` to the sidecar as it is on disk now and writes it atomically. Another writer's lines are
 * never lost: the file is re-read under the lock, and if it still changed before the rename (a program that
 * ignores the lock), the merge is redone on the new content.
 */
export async function updateAuditFile(
  file: string,
  changes: readonly AuditChange[],
  options: UpdateAuditOptions = {},
): Promise<AuditUpdate> {
  for (const c of changes) {
    const problem = 'set' in c ? auditEntryProblem(JSON.parse(formatAuditEntry(c.set))) : null;
    if (problem) throw new Error(`not writing an invalid verdict for ${'set' in c ? c.set.uid : ''}: ${problem}`);
  }
  const target = await targetOf(file);
  return withFileLock(target, async () => {
    await removeStaleTemps(target);
    for (let attempt = 1; ; attempt++) {
      const state = await readAuditFile(target);
      await options.afterRead?.(state, attempt);
      refuseUnsafeAuditTarget(state);
      const text = formatAuditDocument(applyAuditChanges(state.doc, changes));
      if (text === state.text) return { state, wrote: false, attempts: attempt };
      try {
        await writeFileAtomic(target, text, {
          expect: state.identity,
          mode: state.mode ?? 0o644,
          owner: state.owner ?? undefined,
          changedMessage: 'the audit file changed while it was written; nothing was written',
        });
      } catch (e) {
        if (e instanceof FileChangedError && attempt < MAX_MERGE_ATTEMPTS) continue;
        throw e;
      }
      const written = { ...state, text, identity: await identityOf(target), doc: parseAuditText(text, target) };
      return { state: written, wrote: true, attempts: attempt };
    }
  });
}

/** Writes a whole merged sidecar (the CLI's merge output), atomically, keeping an existing file's mode. */
export async function writeAuditFile(file: string, doc: Pick<AuditDocument, 'entries' | 'corrupt'>): Promise<void> {
  const target = await targetOf(file);
  await withFileLock(target, async () => {
    const before = await readAuditFile(target);
    refuseUnsafeAuditTarget(before);
    await writeFileAtomic(target, formatAuditDocument(doc), {
      expect: before.identity,
      mode: before.mode ?? 0o644,
      owner: before.owner ?? undefined,
    });
  });
}

// Where a dataset's audit sidecar lives: gst-audit.jsonl in the dataset root, or a configured path (for a
// dataset on a read-only disk or one the reviewer may not change).
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { AUDIT_FILE_NAME } from '../../shared/audit/format';

export interface AuditLocation {
  file: string;
  /** Whether verdicts can be written there; when not, `reason` says why and what to do. */
  writable: boolean;
  reason?: string;
}

/** Null for a missing path. A file without write bits is read-only even for root, as the writer treats it. */
async function canWrite(p: string): Promise<boolean | null> {
  try {
    if (((await stat(p)).mode & 0o222) === 0) return false;
    await access(p, constants.W_OK);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? null : false;
  }
}

/**
 * The sidecar for a dataset whose root folder is `datasetRoot`. A configured path wins (resolved against
 * `relativeTo`, e.g. the workspace folder); otherwise gst-audit.jsonl in the root.
 */
export async function locateAuditFile(datasetRoot: string, configured?: string, relativeTo = process.cwd()): Promise<AuditLocation> {
  const file = configured?.trim() ? path.resolve(relativeTo, configured.trim()) : path.join(datasetRoot, AUDIT_FILE_NAME);
  const fileWritable = await canWrite(file);
  const folderWritable = await canWrite(path.dirname(file));
  if (fileWritable !== false && folderWritable === true) return { file, writable: true };
  const what = fileWritable === false ? `${file} is read-only` : `the folder ${path.dirname(file)} is not writable`;
  return { file, writable: false, reason: `${what}; configure a writable audit file path instead (--audit in the CLI)` };
}

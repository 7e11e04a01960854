// The demo dataset opens from a copy in the extension's storage, never from the extension's own folder
// (or, in development, the repository): a rescore of a demo result file must not change shipped files.
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

const STAMP_FILE = '.gst-demo-copy';

/**
 * The working copy of `bundled` under `storage`, made (again) when missing or when the bundled demo changed
 * (another extension build). A copy that was cut short has no stamp, so it is made again.
 */
export async function demoWorkingCopy(bundled: string, storage: string): Promise<string> {
  const target = path.join(storage, 'demo');
  const source = await stat(path.join(bundled, 'sample_summary.json')).catch(() => stat(bundled));
  const stamp = `${bundled}\n${source.mtimeMs}\n`;
  if ((await readFile(path.join(target, STAMP_FILE), 'utf8').catch(() => '')) === stamp) return target;
  await rm(target, { recursive: true, force: true });
  await mkdir(storage, { recursive: true });
  await cp(bundled, target, { recursive: true });
  await writeFile(path.join(target, STAMP_FILE), stamp);
  return target;
}

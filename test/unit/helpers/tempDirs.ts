import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';

const made: string[] = [];
// Registered when a test file imports this module, so it runs once, after all of that file's tests.
after(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test file's tests have run. */
export function tempDir(prefix = 'gst-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Creates a real FIFO with mkfifo(1); Node has no API for it. */
export function makeFifo(file: string): void {
  const r = spawnSync('mkfifo', [file]);
  if (r.status !== 0) throw new Error(`mkfifo ${file} failed: ${r.stderr}`);
}

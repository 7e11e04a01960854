// The extension benchmark's tree click, as the two halves agree on it: the half in the extension host
// (scripts/bench/extensionHost.ts) asks for the clicks once its data is loaded, by a request file in
// $GST_BENCH_CLICK_DIR, and waits for the answer the runner's page driver (scripts/bench/clickDriver.ts) writes.
// Both files are written whole, by the project's atomic write.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../../src/core/io/atomicWrite';

export const CLICK_DIR_ENV = 'GST_BENCH_CLICK_DIR';
export const REQUEST_FILE = 'click-request.json';
export const ANSWER_FILE = 'click-answer.json';
/** How often the driver looks for the request, and the host for the answer. */
export const CLICK_POLL_MS = 100;
/** How long one click may take to paint before the driver gives up on it. */
export const PAINT_TIMEOUT_MS = 30_000;

/** One question's row: its competency and subtask rows' labels, and its own description (the tree's short label). */
export interface ClickTarget {
  uid: string;
  competency: string;
  subtask: string;
  description: string;
}
export interface ClickRequest {
  /** Rows near the tree's top (the first subtask's first questions), so they are drawn without scrolling far. The
   * first opens the viewer's panel and is not timed. */
  targets: ClickTarget[];
}
export interface ClickAnswer {
  /** Press on the row to the viewer's frame after it shows the question, in ms, for every target but the first. */
  clickToPaint: number[];
  errors: string[];
}

/** Written once each, into a fresh folder: refused if the file is already there. */
export function writeWhole(file: string, value: unknown): Promise<void> {
  return writeFileAtomic(file, JSON.stringify(value), { expect: null });
}

/** The extension host's side: asks for the clicks and waits for them. */
export async function requestClicks(dir: string, request: ClickRequest, timeoutMs: number): Promise<ClickAnswer> {
  await writeWhole(path.join(dir, REQUEST_FILE), request);
  const answer = path.join(dir, ANSWER_FILE);
  const end = Date.now() + timeoutMs;
  while (!existsSync(answer)) {
    if (Date.now() > end) throw new Error(`no answer to the click request in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, CLICK_POLL_MS));
  }
  return JSON.parse(readFileSync(answer, 'utf8')) as ClickAnswer;
}

// The extension benchmark's tree click, done as a user does it: Chromium's mouse on the Questions tree's row, in the
// workbench page, timed from the press to the viewer's next frame showing the question (scripts/bench/clickRequest.ts
// says how the extension host asks for it).
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { CONTAINER_TITLE, QUESTIONS_VIEW, findRow, openContainer, setExpanded, VIEWER } from '../../test/e2e/workbench';
import {
  ANSWER_FILE,
  CLICK_POLL_MS,
  PAINT_TIMEOUT_MS,
  REQUEST_FILE,
  writeWhole,
  type ClickAnswer,
  type ClickRequest,
  type ClickTarget,
} from './clickRequest';

/** The runner's side: waits for the request, clicks each target's row and answers; stops when `signal` aborts. */
export async function driveClicks(page: Page, dir: string, signal: AbortSignal): Promise<void> {
  const request = path.join(dir, REQUEST_FILE);
  while (!existsSync(request)) {
    if (signal.aborted) return;
    await new Promise((r) => setTimeout(r, CLICK_POLL_MS));
  }
  const { targets } = JSON.parse(readFileSync(request, 'utf8')) as ClickRequest;
  const answer: ClickAnswer = { clickToPaint: [], errors: [] };
  try {
    await openContainer(page, CONTAINER_TITLE);
    for (const [i, target] of targets.entries()) {
      const ms = await clickAndTime(page, target);
      if (i > 0) answer.clickToPaint.push(ms);
    }
  } catch (e) {
    answer.errors.push(`tree click: ${(e as Error).message.split('\n')[0]}`);
  }
  await writeWhole(path.join(dir, ANSWER_FILE), answer);
}

/** How often the driver asks the viewer's page whether it painted; the time is the page's own, not the poll's. */
const PAINT_POLL_MS = 10;

async function clickAndTime(page: Page, target: ClickTarget): Promise<number> {
  await setExpanded(await findRow(page, QUESTIONS_VIEW, target.competency, 1), true);
  await setExpanded(await findRow(page, QUESTIONS_VIEW, target.subtask, 2), true);
  const row = await findRow(page, QUESTIONS_VIEW, target.description, 3, 'description');
  await row.scrollIntoViewIfNeeded();
  const viewer = await viewerFrame(page);
  // Both ends on the wall clock (Date.now), the one clock the workbench and the webview's process share.
  if (viewer) await viewer.evaluate(watchForPaint(VIEWER.uid, target.uid));
  await page.evaluate(WATCH_FOR_PRESS);
  await row.click();
  const pressAt = (await page.evaluate('window.gstBenchPressAt')) as number | undefined;
  if (pressAt === undefined) throw new Error(`the press on the row of ${target.uid} was not seen`);
  if (!viewer) {
    // The first click opens the panel: wait for its page to show the question, untimed.
    const deadline = Date.now() + PAINT_TIMEOUT_MS;
    while (!(await viewerShows(page, target.uid))) {
      if (Date.now() > deadline) throw new Error(`the viewer did not show ${target.uid}`);
      await page.waitForTimeout(CLICK_POLL_MS);
    }
    return NaN;
  }
  // Polled by evaluate, not waitForFunction: the page's content security policy refuses the latter's eval.
  const deadline = Date.now() + PAINT_TIMEOUT_MS;
  for (;;) {
    const paintAt = (await viewer.evaluate('window.gstBenchPaintAt')) as number | undefined;
    if (paintAt !== undefined) return paintAt - pressAt;
    if (Date.now() > deadline) throw new Error(`the viewer did not paint ${target.uid} within ${PAINT_TIMEOUT_MS / 1000} s`);
    await page.waitForTimeout(PAINT_POLL_MS);
  }
}

/**
 * In the viewer's page: notes the wall clock at the frame after the question's uid appears (the page's own paint mark).
 * A string, not a function: the runner's TypeScript loader wraps named functions in a helper the page does not have.
 */
function watchForPaint(selector: string, uid: string): string {
  return `(() => {
    window.gstBenchPaintAt = undefined;
    const shows = () => document.querySelector(${JSON.stringify(selector)})?.textContent?.trim() === ${JSON.stringify(uid)};
    const observer = new MutationObserver(() => {
      if (!shows()) return;
      observer.disconnect();
      requestAnimationFrame(() => (window.gstBenchPaintAt = Date.now()));
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  })()`;
}

/** In the workbench page: notes the wall clock at the next press. */
const WATCH_FOR_PRESS = `(() => {
  window.gstBenchPressAt = undefined;
  window.addEventListener('pointerdown', () => (window.gstBenchPressAt = Date.now()), { capture: true, once: true });
})()`;

/** The frame of the viewer's page, once it has one. */
async function viewerFrame(page: Page): Promise<Frame | undefined> {
  for (const frame of page.frames()) {
    const has = await frame.evaluate((s) => document.querySelector(s) !== null, VIEWER.uid).catch(() => false);
    if (has) return frame;
  }
  return undefined;
}

async function viewerShows(page: Page, uid: string): Promise<boolean> {
  const frame = await viewerFrame(page);
  return (await frame?.evaluate((s) => document.querySelector(s)?.textContent?.trim(), VIEWER.uid).catch(() => undefined)) === uid;
}

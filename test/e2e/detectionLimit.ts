// `npm run test:e2e`: a workspace holding more result files than the search of the workspace opens, in code-server
// with the packaged .vsix. The search stops at the limit (the setting gstBench.detection.maxJsonlFiles, here 3 of
// 5 files) and says so in a warning; its "Raise the Limit" button opens the setting, and a higher value typed
// there runs the search again, which loads the rest. Screenshots in test-results/screenshots/detection-limit/.
import { copyFileSync, cpSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { createSteps, exitUnlessTestEnvironment } from './steps';
import {
  CONTAINER_TITLE,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  openContainer,
  rowLabel,
  runFromPalette,
  setColorTheme,
  THEMES,
  treeRows,
  until,
  WORKBENCH,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const SHOTS = path.join(SCREENSHOT_DIR, 'detection-limit');
const ACTION_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const LIMIT = 3;
const RUNS = ['run-1', 'run-2', 'run-3', 'run-4', 'run-5'];

let session: UiSession | undefined;
let page: Page;
const { step, failed } = createSteps({ page: () => page, screenshotPrefix: 'detection-limit/', timeoutMs: STEP_TIMEOUT_MS });

/** The notification whose message matches: a toast, or in the notification list once the toast has hidden. */
function notification(message: RegExp): Locator {
  return page
    .locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item')
    .filter({ hasText: message })
    .first();
}

/** The Results rows' file stems ("<score> · <stem>" once scored), sorted. */
async function resultStems(): Promise<string[]> {
  const stems: string[] = [];
  for (const row of await treeRows(page, RESULTS_VIEW).all())
    stems.push(
      (await rowLabel(row))
        .split(' · ')
        .pop()!
        .replace(/\.jsonl$/, ''),
    );
  return stems.sort();
}

const STOPPED = new RegExp(`opened ${LIMIT} \\.jsonl files \\(setting gstBench\\.detection\\.maxJsonlFiles\\) and stopped`);

exitUnlessTestEnvironment();

describe('The search of the workspace stops at its limit, says so, and a raised limit loads the rest', () => {
  sessionHooks(SHOTS, failed, () => session);

  const stopped = `with ${RUNS.length} result files and a limit of ${LIMIT}, ${LIMIT} load and a warning names the limit and its setting`;
  step(
    stopped,
    [],
    async () => {
      session = await startUiSession(
        'e2e-detection-limit',
        (ws) => {
          cpSync(DEMO_DIR, path.join(ws, 'gst-demo'), { recursive: true, filter: (src) => path.basename(src) !== 'results' });
          mkdirSync(path.join(ws, 'runs'));
          for (const run of RUNS) copyFileSync(path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'), path.join(ws, 'runs', `${run}.jsonl`));
        },
        ACTION_TIMEOUT_MS,
        { 'gstBench.detection.maxJsonlFiles': LIMIT },
      );
      page = session.page;
      await openContainer(page, CONTAINER_TITLE);
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible' });
      const warning = notification(STOPPED);
      // A toast hides after a while; the notification list keeps it.
      if (!(await warning.isVisible().catch(() => false)))
        await warning.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => runFromPalette(page, 'Notifications: Show Notifications'));
      await warning.waitFor({ state: 'visible' });
      assert.match(await warning.innerText(), /Raise the Limit/);
      assert.match(await warning.innerText(), /Load Result File…/);
      await until(`${LIMIT} result rows`, async () => (await treeRows(page, RESULTS_VIEW).count()) === LIMIT);
      assert.deepEqual(await resultStems(), RUNS.slice(0, LIMIT), 'the first files by name, as the search walks them');
      // The notification list keeps the warning on screen for the photographs, where a toast would hide; picking a
      // theme closes the list, so it is opened again after each.
      for (const theme of THEMES) {
        await setColorTheme(page, theme.label, theme.workbenchClass);
        await page.locator(WORKBENCH.quickInput).waitFor({ state: 'hidden' });
        await runFromPalette(page, 'Notifications: Show Notifications');
        await page.locator(WORKBENCH.quickInput).waitFor({ state: 'hidden' });
        await page.locator('.notifications-center .notification-list-item').filter({ hasText: STOPPED }).waitFor({ state: 'visible' });
        await page.screenshot({ path: path.join(SHOTS, `warning-${theme.name}.png`) });
      }
      await setColorTheme(page, THEMES[0].label, THEMES[0].workbenchClass);
    },
    SETUP_TIMEOUT_MS,
  );

  const raised = "the warning's Raise the Limit opens the setting; a higher value typed there loads the other files";
  step(raised, [stopped], async () => {
    const warning = notification(STOPPED);
    if (!(await warning.isVisible())) await runFromPalette(page, 'Notifications: Show Notifications');
    const button = warning.locator('.monaco-button', { hasText: 'Raise the Limit' });
    await button.hover();
    await button.click();
    const input = page.locator('.settings-editor .setting-item-number input').first();
    await input.waitFor({ state: 'visible' });
    assert.match(
      await page.locator('.settings-editor .setting-item-contents').first().innerText(),
      /Max Jsonl Files/i,
      'the settings editor shows the setting',
    );
    assert.equal(await input.inputValue(), String(LIMIT));
    await input.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10');
    await until(`all ${RUNS.length} result rows`, async () => {
      await openContainer(page, CONTAINER_TITLE);
      return (await treeRows(page, RESULTS_VIEW).count()) === RUNS.length;
    });
    assert.deepEqual(await resultStems(), RUNS);
    const settings = JSON.parse(readFileSync(path.join(session!.dirs.userData, 'User', 'settings.json'), 'utf8'));
    assert.equal(settings['gstBench.detection.maxJsonlFiles'], 10, 'the settings editor wrote the typed value');
  });
});

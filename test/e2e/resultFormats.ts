// `npm run test:e2e`: result files of other harnesses as a user meets them, in code-server with the packaged .vsix.
// - an lmms-eval --log_samples log in the workspace is found and scored, its format on its Results row;
// - a VLMEvalKit .xlsx added from the explorer's context menu shows its scores and format;
// - a CSV no format names, added with the Results view's add button, offers "Set Field Mapping…" in its error
//   notification; the three quick picks map it, the mapping survives a window reload, and it can be cleared;
// - the .xlsx rescore (the row's button) writes the sidecar and leaves the workbook byte for byte;
// - the sidebar in dark, light and high-contrast themes (screenshots in test-results/screenshots/formats/).
import { cpSync, existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { before, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { evaluateResultFile, readDataset, sidecarPath, type Dataset, type FieldMap } from '../../src/core';
import { formatScore } from '../../src/shared/format';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { createSteps, exitUnlessTestEnvironment } from './steps';
import { chooseFromContextMenu } from './workbenchActions';
import {
  CONTAINER_TITLE,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  WORKBENCH,
  findRow,
  openContainer,
  resultRowNamed,
  rowDescription,
  treeRows,
  setColorTheme as pickColorTheme,
  until,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'formats-demo');
const SHOTS = path.join(SCREENSHOT_DIR, 'formats');
const ACTION_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const LMMS_STEM = '20260801_samples_gst_bench';
const XLSX = 'vlmevalkit-demo.xlsx';
const CSV = 'generic-demo.csv';
const THEMES = [
  { name: 'dark', label: 'Dark Modern', workbenchClass: 'vs-dark' },
  { name: 'light', label: 'Light Modern', workbenchClass: 'vs' },
  { name: 'high-contrast', label: 'Dark High Contrast', workbenchClass: 'hc-black' },
  { name: 'high-contrast-light', label: 'Light High Contrast', workbenchClass: 'hc-light' },
] as const;

let session: UiSession | undefined;
let page: Page;
let dataset: Dataset;
// Every step leaves a screenshot in test-results/screenshots/formats/.
const { step, failed } = createSteps({ page: () => page, screenshotPrefix: 'formats/', timeoutMs: STEP_TIMEOUT_MS });

const formatsDir = () => path.join(session!.workspace, 'formats');
const quickInput = () => page.locator(WORKBENCH.quickInput);
const resultRow = (name: string) => findRow(page, RESULTS_VIEW, resultRowNamed(name));
/** A tree row's accessible name is its tooltip. */
const tooltipOf = async (row: Locator) => (await row.locator('.monaco-icon-label').first().getAttribute('aria-label')) ?? '';

const contextMenu = (row: Locator, title: string) => chooseFromContextMenu(page, row, title);
const setColorTheme = (label: string, workbenchClass: string) => pickColorTheme(page, label, workbenchClass);

/** Picks the quick pick's row whose label is `label`, with the pointer, as a user does. */
async function pickRow(label: string, placeholder: RegExp): Promise<void> {
  await until(`the quick pick "${placeholder.source}"`, async () =>
    placeholder.test((await quickInput().locator('input').first().getAttribute('placeholder')) ?? ''),
  );
  const row = quickInput()
    .locator(WORKBENCH.listRow, { has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) })
    .first();
  await row.hover();
  await row.click();
}

/** The notification whose message matches, for its buttons. */
function notification(message: RegExp): Locator {
  return page.locator('.notifications-toasts .notification-list-item').filter({ hasText: message }).first();
}

async function dismissNotifications(): Promise<void> {
  for (const clear of await page.locator('.notifications-toasts .codicon-notifications-clear').all())
    await clear.click().catch(() => undefined);
}

async function expected(file: string, fields?: FieldMap): Promise<string> {
  const fe = await evaluateResultFile(dataset, file, { profile: 'paper', fields });
  return formatScore(fe.evaluation.overall);
}

exitUnlessTestEnvironment();

describe('Result formats in the real workbench: format labels, field mapping, sidecar rescore', () => {
  sessionHooks(SHOTS, failed, () => session);
  before(async () => {
    dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
  });

  const started = 'the workspace opens: the lmms-eval log in it is found and shows its scores and format';
  step(
    started,
    [],
    async () => {
      session = await startUiSession(
        'e2e-formats',
        (ws) => {
          // `formats` sorts before `gst-demo`: auto-detection, which stops at a time limit, reaches it first.
          cpSync(DEMO_DIR, path.join(ws, 'gst-demo'), { recursive: true, filter: (src) => path.basename(src) !== 'results' });
          cpSync(FIXTURES, path.join(ws, 'formats'), { recursive: true });
        },
        ACTION_TIMEOUT_MS,
      );
      page = session.page;
      await openContainer(page, CONTAINER_TITLE);
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible' });
      const lmms = path.join(formatsDir(), 'lmms-demo-model', `${LMMS_STEM}.jsonl`);
      const score = await expected(lmms);
      const row = await resultRow(LMMS_STEM);
      await until(`the lmms-eval row to show ${score}`, async () => (await row.innerText()).includes(score));
      assert.match(await rowDescription(row), /lmms-eval · lmms-demo-model · gst_bench · 37 lines/);
      const tip = await tooltipOf(row);
      assert.match(tip, /Format: lmms-eval samples/);
      assert.match(tip, /1 record could not be joined to a dataset uid \(first: line 37\)/);
    },
    SETUP_TIMEOUT_MS,
  );

  const xlsxAdded = 'a VLMEvalKit .xlsx added from the explorer context menu shows its scores and format';
  step(xlsxAdded, [started], async () => {
    await page.keyboard.press('Control+Shift+E');
    const folder = page
      .locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: /^formats$/ }) })
      .first();
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
    const file = page
      .locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: /^vlmevalkit-demo\.xlsx$/ }) })
      .first();
    await contextMenu(file, 'Load Result File…');
    await openContainer(page, CONTAINER_TITLE);
    const score = await expected(path.join(formatsDir(), XLSX));
    const row = await resultRow(XLSX);
    await until(`the .xlsx row to show ${score}`, async () => (await row.innerText()).includes(score));
    assert.match(await rowDescription(row), /^VLMEvalKit · 36 lines$/);
    const tip = await tooltipOf(row);
    assert.match(tip, /Format: VLMEvalKit predictions/);
    assert.match(tip, /36 by index as a row index into the dataset's order, question text checked/);
    assert.match(tip, /Rescore writes vlmevalkit-demo\.xlsx\.gst-scores\.jsonl beside it/);
  });

  const mapped = 'a generic CSV added with the add button offers Set Field Mapping…, and the quick picks map it';
  step(mapped, [started], async () => {
    await openContainer(page, CONTAINER_TITLE);
    const header = page.locator(`.pane-header[aria-label^="${RESULTS_VIEW}"]`);
    await header.hover();
    await header.locator('.action-label[aria-label="Load Result File…"]').click();
    // code-server's simple file dialog: a path in a quick input. It fills in its start folder asynchronously, which
    // can overwrite a path typed too early: wait for it, type the path, and type it again while the dialog stays.
    const input = quickInput().locator('input').first();
    await input.waitFor({ state: 'visible' });
    await until('the file dialog to show its folder', async () => (await input.inputValue()).startsWith('/'));
    const csvPath = path.join(formatsDir(), CSV);
    await until('the file dialog to take the path', async () => {
      if (!(await quickInput().isVisible())) return true;
      await input.fill(csvPath);
      await page.waitForTimeout(300);
      if ((await input.inputValue()) !== csvPath) return false;
      await page.keyboard.press('Enter');
      await page.waitForTimeout(700);
      return !(await quickInput().isVisible());
    });
    const offer = notification(/generic-demo\.csv: cannot read: a table of an unknown layout/);
    await offer.waitFor({ state: 'visible' });
    const row = await resultRow(CSV);
    assert.match(await rowDescription(row), /set a field mapping/);
    await offer.getByRole('button', { name: 'Set Field Mapping…' }).click();
    await pickRow('qid', /question id/);
    await pickRow('answer', /raw output/);
    await pickRow('ground_truth', /gold answer/);
    const score = await expected(path.join(formatsDir(), CSV), { id: 'qid', idRole: 'uid', prediction: 'answer', gold: 'ground_truth' });
    await until(`the CSV row to show ${score}`, async () => (await (await resultRow(CSV)).innerText()).includes(score));
    assert.match(await rowDescription(await resultRow(CSV)), /^mapped CSV · format loss 51\.57 · 36 lines$/);
    assert.match(
      await tooltipOf(await resultRow(CSV)),
      /Field mapping \(this workspace\): id qid \(uids\), prediction answer, gold ground_truth/,
    );
    await dismissNotifications();
  });

  const rescored = 'the .xlsx rescore (the row button) writes the sidecar beside it; the workbook keeps its bytes';
  step(rescored, [xlsxAdded], async () => {
    const xlsx = path.join(formatsDir(), XLSX);
    const bytes = readFileSync(xlsx);
    const row = await resultRow(XLSX);
    await row.hover();
    await row.locator('.actions .action-label[aria-label="Rescore Result File"]').click();
    const done = notification(
      /scores written to vlmevalkit-demo\.xlsx\.gst-scores\.jsonl beside it; vlmevalkit-demo\.xlsx itself is unchanged/,
    );
    await done.waitFor({ state: 'visible' });
    assert.ok(existsSync(sidecarPath(xlsx)), 'the sidecar is on disk');
    assert.ok(readFileSync(xlsx).equals(bytes), 'the workbook is byte for byte as it was');
    await until('the row to name its sidecar', async () =>
      /Scores saved in vlmevalkit-demo\.xlsx\.gst-scores\.jsonl/.test(await tooltipOf(await resultRow(XLSX))),
    );
    await page.waitForTimeout(1500); // the workspace watcher's debounce: a sidecar must not become a row of its own
    const labels = await treeRows(page, RESULTS_VIEW).allInnerTexts();
    assert.ok(!labels.some((l) => l.includes('gst-scores')), `no row for the sidecar: ${labels.join(' | ')}`);
    await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, 'after-rescore.png') });
    await dismissNotifications();
  });

  const themes = 'the Results view with the format labels in dark, light and high-contrast themes';
  step(themes, [xlsxAdded, mapped], async () => {
    for (const theme of THEMES) {
      await setColorTheme(theme.label, theme.workbenchClass);
      await openContainer(page, CONTAINER_TITLE);
      const row = await resultRow(XLSX);
      await row.hover();
      await page
        .locator('.monaco-hover, .workbench-hover')
        .first()
        .waitFor({ state: 'visible', timeout: 5000 })
        .catch(() => undefined);
      await page.screenshot({ path: path.join(SHOTS, `${theme.name}-results.png`) });
      await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, `${theme.name}-sidebar.png`) });
      await page.mouse.move(0, 0);
    }
    await setColorTheme(THEMES[0].label, THEMES[0].workbenchClass);
  });

  const reloaded = 'the mapping is remembered in the workspace: after a window reload the CSV is read with it';
  step(reloaded, [mapped], async () => {
    await page.keyboard.press('F1');
    const input = quickInput().locator('input').first();
    await input.waitFor({ state: 'visible' });
    await input.fill('>Developer: Reload Window');
    // The old page's workbench is still there until the reload happens: wait for the new page, then its workbench.
    const newPage = page.waitForEvent('load', { timeout: 60_000 });
    await quickInput().locator(WORKBENCH.listRow, { hasText: 'Developer: Reload Window' }).first().click();
    await newPage;
    await page.locator(WORKBENCH.ready).waitFor({ state: 'visible', timeout: 60_000 });
    await openContainer(page, CONTAINER_TITLE);
    const score = await expected(path.join(formatsDir(), CSV), { id: 'qid', idRole: 'uid', prediction: 'answer', gold: 'ground_truth' });
    await until(
      `the CSV row to show ${score} after the reload`,
      async () => (await (await resultRow(CSV)).innerText()).includes(score),
      60_000,
    );
    assert.match(await rowDescription(await resultRow(CSV)), /^mapped CSV · format loss 51\.57 · 36 lines$/);
  });

  step('Clear Field Mapping (context menu) forgets it: the CSV asks for a mapping again', [reloaded], async () => {
    const asksAgain = async () => /set a field mapping/.test(await rowDescription(await resultRow(CSV)));
    await contextMenu(await resultRow(CSV), 'Clear Field Mapping');
    // Under load the reload can take long, and a menu entry chosen while the row re-renders can be lost: clearing
    // is idempotent, so it is chosen once more before the longer wait.
    const cleared = await until('the CSV row to ask for a mapping again', asksAgain, 30_000).then(
      () => true,
      () => false,
    );
    if (!cleared) {
      await contextMenu(await resultRow(CSV), 'Clear Field Mapping');
      await until('the CSV row to ask for a mapping again (the entry chosen twice)', asksAgain, 60_000);
    }
  });
});

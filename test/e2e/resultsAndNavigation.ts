// `npm run test:e2e`, second file: defects 8 and 9 as a user meets them, in code-server with the packaged .vsix.
// - a result file created in the workspace appears in the Results view without Refresh;
// - active (the star) and compared (the checkbox) are independent: a new active file leaves the previous one
//   ticked, and the active file can be unticked;
// - `j` and `n` both wrap at the end of the tree's order and say so.
// The workspace holds a copy of the demo dataset and two of its result files; a screenshot per step.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { evaluateFile, readDataset, type Dataset } from '../../src/core';
import { buildQuestionTree, DEFAULT_FILTER } from '../../src/model';
import { launchChromium } from '../vscode/harness/browser';
import { codeServerDirs, installExtension, packageExtension, startCodeServer, type RunningCodeServer } from '../vscode/harness/codeServer';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { freshRunDir, removeRunDir } from '../vscode/harness/processes';
import { createSteps, exitUnlessTestEnvironment } from './steps';
import {
  CONTAINER_TITLE,
  clickQuestionRow,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  VIEWER,
  WORKBENCH,
  findRow,
  resultRowNamed,
  openContainer,
  setResultActive,
  setResultTicked,
  treeRows,
  webview,
  until,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const ACTION_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 90_000;
const PACKAGE_STEP_TIMEOUT_MS = 6 * 60_000;

let page: Page;
let context: BrowserContext | undefined;
let codeServer: RunningCodeServer | undefined;
let runDir: string;
let workspace: string;
let dataset: Dataset;
const { step, failed } = createSteps({ page: () => page, screenshotPrefix: 'results-nav-', timeoutMs: STEP_TIMEOUT_MS });

const isTicked = async (name: string) =>
  (await (await findRow(page, RESULTS_VIEW, resultRowNamed(name))).getByRole('checkbox').getAttribute('aria-checked')) === 'true';
const rowText = async (name: string) => (await (await findRow(page, RESULTS_VIEW, resultRowNamed(name))).innerText()).replace(/\s+/g, ' ');
/** A loaded file's row gives its line count; before its scores it says what it waits for. */
const isScored = async (name: string) => /\d+ lines?\b/.test(await rowText(name));

async function viewerUid(): Promise<string> {
  return (await webview(page).locator(VIEWER.uid).innerText({ timeout: 2000 })).trim();
}

async function viewerNotice(): Promise<string> {
  return (await webview(page).locator(`${VIEWER.header} [role="status"]`).innerText({ timeout: 2000 })).trim();
}

/** Opens a question by clicking its row in the Questions tree (expanding its competency and subtask). */
async function openQuestion(uid: string): Promise<void> {
  await clickQuestionRow(page, dataset.byUid.get(uid)!);
  await until(`the viewer to show ${uid}`, async () => (await viewerUid()) === uid);
}

async function pressInViewer(key: string): Promise<void> {
  await webview(page)
    .locator(VIEWER.header)
    .click({ position: { x: 5, y: 5 } }); // keyboard focus into the viewer
  await page.keyboard.press(key);
}

exitUnlessTestEnvironment();

describe('Results and navigation in code-server (defects 8 and 9)', () => {
  before(() => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    runDir = freshRunDir('e2e-results');
    workspace = path.join(runDir, 'workspace');
    cpSync(DEMO_DIR, path.join(workspace, 'demo'), { recursive: true, filter: (src) => !src.includes(`${path.sep}results`) });
    mkdirSync(path.join(workspace, 'results'));
    for (const name of ['noisy-oracle', 'random'])
      cpSync(path.join(DEMO_DIR, 'results', `${name}.jsonl`), path.join(workspace, 'results', `${name}.jsonl`));
  });

  after(async () => {
    await context?.close().catch(() => undefined);
    await codeServer?.server.stop();
    if (failed.size === 0) removeRunDir(runDir);
    else console.log(`Run folder kept for a look (code-server logs in user-data/logs): ${runDir}`);
  });

  step(
    'the extension installs and the workspace opens with its dataset and two result files',
    [],
    async () => {
      dataset = await readDataset(path.join(workspace, 'demo'), { sniffMedia: false });
      const dirs = codeServerDirs(runDir);
      await installExtension(await packageExtension(path.join(runDir, 'vsix')), dirs);
      codeServer = await startCodeServer(dirs, workspace);
      context = await launchChromium(runDir);
      page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await page.goto(codeServer.url);
      await page.locator(WORKBENCH.ready).waitFor({ state: 'visible', timeout: 60_000 });
      await openContainer(page, CONTAINER_TITLE);
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible' });
      await findRow(page, RESULTS_VIEW, resultRowNamed('noisy-oracle'));
      await findRow(page, RESULTS_VIEW, resultRowNamed('random'));
    },
    PACKAGE_STEP_TIMEOUT_MS,
  );

  const started = 'the extension installs and the workspace opens with its dataset and two result files';

  step('defect 8: a result file created in the workspace appears without Refresh', [started], async () => {
    // VS Code starts its file watcher asynchronously and may miss a write made before it runs: write the file
    // again every few seconds (as a tool appending results would) until it shows. Without a watcher it never does.
    const file = path.join(workspace, 'results', 'late-run.jsonl');
    const text = readFileSync(path.join(DEMO_DIR, 'results', 'template-b.jsonl'));
    let writes = 0;
    let writtenAt = 0;
    await until('the Results view to list late-run.jsonl', async () => {
      if (Date.now() - writtenAt > 3000) {
        writeFileSync(file, text);
        writtenAt = Date.now();
        writes++;
      }
      return (await treeRows(page, RESULTS_VIEW).allInnerTexts()).some((t) => t.includes('late-run'));
    });
    console.log(`late-run.jsonl appeared after ${writes} write(s)`);
    // Its scores redraw the whole Results view: the next step's hover and click must not land in that redraw.
    await until('late-run.jsonl to be scored', () => isScored('late-run'));
  });

  const activeAndCompared = 'defect 9: setting a file active leaves the previous one ticked; the active file can be unticked';
  step(activeAndCompared, [started], async () => {
    assert.ok(await isTicked('noisy-oracle'), 'the first file loaded is active and compared');
    assert.match(await rowText('noisy-oracle'), /active/);
    await until('random to be scored', () => isScored('random'));
    await setResultActive(page, 'random');
    assert.ok(await isTicked('noisy-oracle'), 'the previous active file is still compared');
    assert.ok(!(await isTicked('random')), 'making a file active does not tick it');
    await setResultTicked(page, 'random', true);
    await setResultTicked(page, 'random', false, 'the active file');
    // The old code ticked the active file again on the next refresh: the Results view's Refresh reloads every file.
    const header = page.locator(`.pane-header[aria-label^="${RESULTS_VIEW}"]`);
    await header.hover();
    await header.locator('.action-label[aria-label="Refresh"]').click();
    await page.waitForTimeout(1000);
    await until('random to be scored again', () => isScored('random'));
    assert.ok(!(await isTicked('random')), 'the active file stays unticked');
    assert.match(await rowText('random'), /active/, 'and stays active');
  });

  step('defect 9: j and n wrap at the end of the order and say so', [started], async () => {
    const order = buildQuestionTree(dataset.questions, undefined, DEFAULT_FILTER).order;
    // `n` follows the active file: whichever the Results view marks (random, after the step before).
    const activeName = (await rowText('random')).includes('active') ? 'random' : 'noisy-oracle';
    const active = await evaluateFile(dataset, path.join(workspace, 'results', `${activeName}.jsonl`), { profile: 'paper' });
    const failures = order.filter((uid) => (active.byUid.get(uid)?.score ?? 0) < 1);
    assert.ok(failures.length > 1, `the ${activeName} results fail more than one question`);
    const last = order[order.length - 1];
    await openQuestion(last);
    await pressInViewer('j');
    await until(`j to wrap to ${order[0]}`, async () => (await viewerUid()) === order[0]);
    assert.match(await viewerNotice(), /Wrapped to the first question/);
    await openQuestion(last);
    await pressInViewer('n');
    const expected = failures.find((uid) => uid !== last)!; // from the last question, the next failure is the first
    await until(`n to wrap to ${expected}`, async () => (await viewerUid()) === expected);
    assert.match(await viewerNotice(), /Wrapped to the first failure/);
  });
});

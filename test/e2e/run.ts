// `npm run test:e2e`: UI end-to-end tests (Route 1 in test/vscode/README.md).
// Packages the .vsix, installs it into a fresh code-server with --install-extension, opens an empty
// workspace in headless Chromium and clicks through the extension as a user would. A screenshot per
// step goes to test-results/screenshots/ (git-ignored); timing figures are printed at the end.
import { appendFileSync, readFileSync, readdirSync, rmSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { SUBTASKS, readDataset, splitLines, type Dataset, type SubtaskInfo } from '../../src/core';
import { shortQuestionLabel } from '../../src/model/labels';
import { launchChromium } from '../vscode/harness/browser';
import { codeServerDirs, installExtension, packageExtension, startCodeServer, type RunningCodeServer } from '../vscode/harness/codeServer';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { createSteps, exitUnlessTestEnvironment } from './steps';
import { chooseFromContextMenu } from './workbenchActions';
import { freshRunDir, removeRunDir } from '../vscode/harness/processes';
import {
  CONTAINER_TITLE,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  VIEWER,
  WORKBENCH,
  findRow,
  OVERLAY_KINDS,
  openContainer,
  resultRowNamed,
  setExpanded,
  treeRows,
  webview,
  setResultTicked,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const XSS_RESULT_FILE = path.join(DEMO_DIR, 'results', 'template-b.jsonl');
const STEP_TIMEOUT_MS = 90_000;
const PACKAGE_STEP_TIMEOUT_MS = 6 * 60_000;
const ACTION_TIMEOUT_MS = 20_000;
const PAINT_SAMPLES = 3;

const timings: Array<{ what: string; ms: number | undefined; note?: string }> = [];
let page: Page;
let context: BrowserContext | undefined;
let codeServer: RunningCodeServer | undefined;
let dataset: Dataset;
let runDir: string;
let userDataDir: string;
/** Later steps that need a failed one skip with a reason instead of piling up timeouts. */
const { step, failed } = createSteps({ page: () => page, screenshotPrefix: '', timeoutMs: STEP_TIMEOUT_MS });

function subtask(key: string): SubtaskInfo {
  return SUBTASKS.find((s) => s.key === key)!;
}
function questionsOf(key: string) {
  return dataset.questions.filter((q) => q.subtask === key);
}

/** Opens a question by clicking its row in the Questions tree (expanding its competency and subtask). */
async function clickQuestion(uid: string): Promise<void> {
  const q = dataset.byUid.get(uid)!;
  const info = subtask(q.subtask);
  const row = await findRow(page, QUESTIONS_VIEW, info.abbreviation, 2);
  await setExpanded(row, true);
  await (await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(q.uid, q.scene), 3, 'description')).click();
}

async function collapseSubtask(key: string): Promise<void> {
  await setExpanded(await findRow(page, QUESTIONS_VIEW, subtask(key).abbreviation, 2), false);
}

async function viewerUid(): Promise<string> {
  return (await webview(page).locator(VIEWER.uid).innerText({ timeout: ACTION_TIMEOUT_MS })).trim();
}

async function waitForViewerUid(uid: string): Promise<void> {
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  let shown = '';
  while (Date.now() < deadline) {
    shown = await viewerUid().catch(() => '');
    if (shown === uid) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the viewer shows "${shown}", expected ${uid}`);
}

/**
 * Clicks a question in the tree and measures until the viewer has painted it: an observer inside the
 * webview stamps the first animation frame after the uid element shows the new uid (both clocks are Date.now()).
 */
async function clickAndMeasurePaint(uid: string): Promise<number> {
  const uidEl = webview(page).locator(VIEWER.uid);
  // No named functions inside evaluate(): tsx would wrap them in a helper that the page does not have.
  await uidEl.evaluate((el, target) => {
    const w = window as unknown as { __gstPaintedAt?: number };
    w.__gstPaintedAt = undefined;
    new MutationObserver((_, observer) => {
      const now = document.querySelector('[data-role="uid"]');
      if (now && now.textContent?.trim() === target) {
        observer.disconnect();
        requestAnimationFrame(() => (w.__gstPaintedAt = Date.now()));
      }
    }).observe(el.ownerDocument.body, { subtree: true, childList: true, characterData: true });
  }, uid);
  const q = dataset.byUid.get(uid)!;
  const row = await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(q.uid, q.scene), 3, 'description');
  const clickedAt = Date.now();
  await row.click();
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  for (;;) {
    const painted = await uidEl.evaluate(() => (window as unknown as { __gstPaintedAt?: number }).__gstPaintedAt);
    if (painted) return painted - clickedAt;
    if (Date.now() > deadline) throw new Error(`the viewer did not paint ${uid} within ${ACTION_TIMEOUT_MS} ms of the tree click`);
    await page.waitForTimeout(20);
  }
}

/** The extension logs "activated in N ms" to its GST-Bench output channel; code-server keeps it in user-data/logs. */
function activationFromLog(): number | undefined {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/GST-Bench\.log$/.test(e.name)) found.push(p);
    }
  };
  try {
    walk(path.join(userDataDir, 'logs'));
  } catch {
    return undefined;
  }
  for (const f of found) {
    const m = /activated in (\d+) ms/.exec(readFileSync(f, 'utf8'));
    if (m) return Number(m[1]);
  }
  return undefined;
}

function printTimings(): void {
  const rows = timings.map((t) => [t.what, t.ms === undefined ? 'n/a' : `${Math.round(t.ms)} ms`, t.note ?? '']);
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['step', 'time', 'note'][i].length));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 1 ? c.padStart(w[i]) : c.padEnd(w[i])))
      .join('  ')
      .trimEnd();
  console.log(
    `\nTiming (reported, not asserted; this machine is noisy)\n${line(['step', 'time', 'note'])}\n${w.map((n) => '-'.repeat(n)).join('  ')}\n${rows.map(line).join('\n')}\n`,
  );
  console.log(`Screenshots: ${path.relative(REPO_ROOT, SCREENSHOT_DIR)}/`);
}

exitUnlessTestEnvironment();

describe('GST-Bench Inspector in code-server (UI, packaged .vsix)', () => {
  before(() => {
    rmSync(SCREENSHOT_DIR, { recursive: true, force: true }); // stale screenshots must not pass for new ones
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    runDir = freshRunDir('e2e');
  });

  after(async () => {
    await context?.close().catch(() => undefined);
    await codeServer?.server.stop();
    printTimings();
    if (failed.size === 0) removeRunDir(runDir);
    else console.log(`Run folder kept for a look (code-server logs in user-data/logs): ${runDir}`);
  });

  step('the demo dataset reads in the core', [], async () => {
    dataset = await readDataset(DEMO_DIR, { sniffMedia: false }).catch((err: Error) => {
      throw new Error(`cannot read the demo dataset ${path.relative(REPO_ROOT, DEMO_DIR)}: ${err.message}`);
    });
    assert.equal(dataset.questions.length, SUBTASKS.length * 3, 'the demo has 3 questions per subtask');
  });

  let vsix = '';
  let dirs: ReturnType<typeof codeServerDirs>;
  step(
    'the packaged .vsix installs with code-server --install-extension',
    [],
    async () => {
      const t0 = Date.now();
      vsix = await packageExtension(path.join(runDir, 'vsix'));
      timings.push({ what: 'build + package .vsix', ms: Date.now() - t0, note: path.basename(vsix) });
      dirs = codeServerDirs(runDir);
      userDataDir = dirs.userData;
      const t1 = Date.now();
      await installExtension(vsix, dirs);
      timings.push({ what: 'code-server --install-extension', ms: Date.now() - t1 });
    },
    PACKAGE_STEP_TIMEOUT_MS,
  );

  step('code-server and Chromium start', ['the packaged .vsix installs with code-server --install-extension'], async () => {
    const workspace = path.join(runDir, 'workspace'); // empty: the welcome view must show
    mkdirSync(workspace);
    const t2 = Date.now();
    codeServer = await startCodeServer(dirs, workspace);
    timings.push({ what: 'code-server start (healthz)', ms: Date.now() - t2 });
    context = await launchChromium(runDir);
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  });

  step('workbench loads', ['code-server and Chromium start'], async () => {
    const t0 = Date.now();
    await page.goto(codeServer!.url);
    await page
      .locator(WORKBENCH.ready)
      .waitFor({ state: 'visible', timeout: 60_000 })
      .catch((err) => {
        throw new Error(
          `the VS Code workbench did not appear at ${codeServer!.url}: ${(err as Error).message}\ncode-server output:\n${codeServer!.server.outputTail}`,
        );
      });
    timings.push({ what: 'workbench ready', ms: Date.now() - t0 });
  });

  step('GST-Bench container shows the welcome view', ['workbench loads'], async () => {
    const t0 = Date.now();
    await openContainer(page, CONTAINER_TITLE);
    await page.getByRole('button', { name: 'Open Demo Dataset' }).waitFor({ state: 'visible' });
    timings.push({ what: 'container click → welcome view', ms: Date.now() - t0 });
    await page.getByRole('button', { name: /Open Dataset Folder/ }).waitFor({ state: 'visible' });
  });

  step('Open Demo Dataset fills the tree', ['GST-Bench container shows the welcome view'], async () => {
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Open Demo Dataset' }).click();
    await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible' });
    timings.push({ what: 'tree first render (Open Demo click → first row)', ms: Date.now() - t0 });
    timings.push({ what: 'activation (activate() in the extension host)', ms: activationFromLog(), note: 'from the GST-Bench log' });
  });

  step('tree shows the 12 subtasks', ['Open Demo Dataset fills the tree', 'the demo dataset reads in the core'], async () => {
    for (const competency of ['Object Localization', 'Self Localization', 'Scene Structure Understanding']) {
      await setExpanded(await findRow(page, QUESTIONS_VIEW, competency, 1), true);
    }
    const texts = (
      await page
        .getByRole('tree', { name: QUESTIONS_VIEW })
        .locator('[role="treeitem"][aria-level="2"] .monaco-icon-label .label-name')
        .allInnerTexts()
    ).map((t) => t.trim());
    assert.deepEqual(
      texts,
      SUBTASKS.map((s) => s.abbreviation),
      "the subtask rows, in the paper's order",
    );
  });

  step('clicking a question opens the viewer', ['tree shows the 12 subtasks'], async () => {
    const q = questionsOf('ed_v')[0];
    const t0 = Date.now();
    await clickQuestion(q.uid);
    await waitForViewerUid(q.uid);
    timings.push({ what: 'panel open (tree click → viewer shows the question)', ms: Date.now() - t0 });
  });

  step('the exploration video fires loadeddata', ['clicking a question opens the viewer'], async () => {
    const loaded = await webview(page)
      .locator(VIEWER.video)
      .first()
      .evaluate(
        (v: HTMLVideoElement) =>
          v.readyState >= 2 || // HAVE_CURRENT_DATA: loadeddata has already fired
          new Promise<boolean>((resolve) => {
            v.addEventListener('loadeddata', () => resolve(true), { once: true });
            v.addEventListener('error', () => resolve(false), { once: true });
            setTimeout(() => resolve(false), 15_000);
          }),
      );
    assert.equal(loaded, true, 'the <video> in the viewer never fired loadeddata');
  });

  step('tree click → new sample painted', ['clicking a question opens the viewer'], async () => {
    const samples: number[] = [];
    const qs = questionsOf('ed_v');
    for (let i = 0; i < PAINT_SAMPLES; i++) samples.push(await clickAndMeasurePaint(qs[(i + 1) % qs.length].uid));
    samples.sort((a, b) => a - b);
    timings.push({
      what: 'tree click → new sample painted (median)',
      ms: samples[Math.floor(samples.length / 2)],
      note: `target < 100 ms; samples ${samples.join(', ')} ms`,
    });
    await collapseSubtask('ed_v');
  });

  for (const { kind, subtask: key } of OVERLAY_KINDS) {
    step(`overlay for a ${kind} question (${subtask(key).abbreviation})`, ['clicking a question opens the viewer'], async () => {
      const q = questionsOf(key)[0];
      await clickQuestion(q.uid);
      await waitForViewerUid(q.uid);
      const { overlay, truth } = VIEWER.overlays[kind];
      const found = webview(page).locator(overlay).first();
      await found.waitFor({ state: 'visible' }).catch(() => {
        throw new Error(`no ${kind} overlay (${overlay}) in the viewer for ${q.uid}`);
      });
      assert.ok((await found.locator(truth).count()) > 0, `the ${kind} overlay draws no ground truth (${truth})`);
      await collapseSubtask(key);
    });
  }

  step('a prediction with HTML markup shows as text', ['clicking a question opens the viewer'], async () => {
    const line = [...splitLines(readFileSync(XSS_RESULT_FILE, 'utf8'))]
      .map((l) => {
        try {
          return JSON.parse(l.text) as { uid: string; prediction: string };
        } catch {
          return undefined;
        }
      })
      .find((r) => r && typeof r.prediction === 'string' && /<script|onerror/i.test(r.prediction));
    assert.ok(line, `${path.relative(REPO_ROOT, XSS_RESULT_FILE)} has no prediction with <script> or onerror markup`);
    const q = dataset.byUid.get(line.uid);
    assert.ok(q, `the XSS line's uid ${line.uid} is not in the demo dataset`);
    // Check the file for comparison in the Results view, so the viewer shows its prediction.
    const resultName = path.basename(XSS_RESULT_FILE, '.jsonl');
    await setResultTicked(page, resultName, true);
    await clickQuestion(q.uid);
    await waitForViewerUid(q.uid);
    await webview(page)
      .locator(`[data-result]`, { hasText: resultName })
      .first()
      .waitFor({ state: 'visible' })
      .catch(() => {
        throw new Error(`the viewer shows no row for the compared file ${resultName}`);
      });
    const doc = webview(page).locator('body');
    const markup = /<(img|script)[^>]*>/i.exec(line.prediction)![0];
    const state = await doc.evaluate(
      (body, text) => ({
        textShown: (body as HTMLElement).innerText.includes(text),
        injectedImg: body.querySelectorAll('img[onerror], img[src="x"]').length,
        // The page's own script is inline under the page's nonce; an injected one could not carry it.
        injectedScript: [...body.querySelectorAll('script')].filter((s) => !s.src && !s.nonce).length,
        handlers: [...body.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
      }),
      markup,
    );
    assert.deepEqual(
      state,
      { textShown: true, injectedImg: 0, injectedScript: 0, handlers: 0 },
      `the prediction ${JSON.stringify(markup)} must show as text and create no elements`,
    );
    // Bring the raw output holding the markup into view for the screenshot.
    const raw = webview(page).locator(VIEWER.rawOutput, { hasText: markup }).first();
    await raw.scrollIntoViewIfNeeded();
    assert.ok(await raw.isVisible(), `no visible raw output shows ${JSON.stringify(markup)}`);
    await collapseSubtask(q.subtask);
  });

  step('j and k move to the next and previous question', ['clicking a question opens the viewer'], async () => {
    const first = questionsOf('ed_v')[0];
    await clickQuestion(first.uid);
    await waitForViewerUid(first.uid);
    const next = questionsOf('ed_v')[1];
    await webview(page)
      .locator(VIEWER.header)
      .click({ position: { x: 5, y: 5 } }); // keyboard focus into the viewer
    await page.keyboard.press('j');
    await waitForViewerUid(next.uid);
    await page.keyboard.press('k');
    await waitForViewerUid(first.uid);
    await collapseSubtask('ed_v');
  });
  // The demo opens from a copy in the extension's global storage, so rescoring it changes no shipped file.
  const demoCopy = () => path.join(userDataDir, 'User', 'globalStorage', 'gst-bench.gst-bench-inspector', 'demo');
  const toast = (text: string) => page.locator('.notification-toast', { hasText: text }).first();
  // By its exact name: the Explorer may still list a rescore's temp file (`.big-run.jsonl.gst-tmp-…`) a moment after it is gone.
  const explorerRow = (name: string) =>
    page
      .locator('.explorer-folders-view .monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace(/\./g, '\\.')}$`) }) })
      .first();

  step(
    'Rescore from the Results view says what it wrote, and Undo restores the exact bytes',
    ['Open Demo Dataset fills the tree'],
    async () => {
      const file = path.join(demoCopy(), 'results', 'template-b.jsonl');
      const original = readFileSync(file);
      assert.equal(
        readFileSync(path.join(DEMO_DIR, 'results', 'template-b.jsonl')).equals(original),
        true,
        'the copy starts as the bundled file',
      );
      // The row's own inline Rescore button, as a user hovering the row clicks it.
      const row = await findRow(page, RESULTS_VIEW, resultRowNamed('template-b'));
      await row.hover();
      await row.locator('.action-label[aria-label="Rescore Result File"]').click();
      const done = toast('Rescored template-b.jsonl in place on disk');
      await done.waitFor({ state: 'visible' });
      assert.match(
        await done.innerText(),
        /The file held no scores; \d+ lines now carry parsed, score and score_detail\. Overall \d+\.\d\d, as shown\./,
      );
      assert.doesNotMatch(await done.innerText(), /—/, 'no placeholder where the score before belongs');
      assert.notEqual(readFileSync(file, 'utf8'), original.toString('utf8'), 'the rescore wrote the copy');
      assert.ok(
        readFileSync(path.join(DEMO_DIR, 'results', 'template-b.jsonl')).equals(original),
        "the repository's demo file is untouched",
      );
      await done.getByRole('button', { name: 'Undo' }).click();
      await toast('restored template-b.jsonl exactly as it was').waitFor({ state: 'visible' });
      assert.ok(readFileSync(file).equals(original), 'Undo puts back the exact previous bytes');
      assert.deepEqual(
        readdirSync(path.dirname(file)).filter((n) => n.includes('.gst-tmp-')),
        [],
        'no temp file left',
      );
    },
  );

  step(
    'a file changed during a rescore: nothing written, the message offers Retry, and Retry rescores',
    ['Open Demo Dataset fills the tree'],
    async () => {
      // Large enough (about 10 MB) that the append below lands while the extension host rescores it.
      const workspace = path.join(runDir, 'workspace');
      const big = path.join(workspace, 'big-run.jsonl');
      const demoLines = readFileSync(path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'), 'utf8')
        .trimEnd()
        .split('\n');
      writeFileSync(big, Array.from({ length: 60_000 }, (_, i) => demoLines[i % demoLines.length]).join('\n') + '\n');
      await page.keyboard.press('Control+Shift+E');
      const entry = explorerRow('big-run.jsonl');
      await entry.waitFor({ state: 'visible', timeout: 30_000 });
      await chooseFromContextMenu(page, entry, 'Rescore Result File');
      const deadline = Date.now() + 60_000;
      const writing = () => readdirSync(workspace).some((n) => n.startsWith('.big-run.jsonl.gst-tmp-'));
      while (!writing() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      // Without the temp file seen the append below would not land mid-rescore, and the test would prove nothing.
      assert.ok(writing(), 'the rescore began writing its temp file within 60 s');
      appendFileSync(big, demoLines[0] + '\n'); // another writer, mid-rescore
      const stopped = toast('rescore of big-run.jsonl stopped: the file changed during the rescore; nothing was written');
      await stopped.waitFor({ state: 'visible', timeout: 60_000 });
      const afterAbort = readFileSync(big, 'utf8');
      assert.doesNotMatch(afterAbort.slice(0, 2000), /"score"/, 'nothing of the aborted rescore was written');
      assert.equal(afterAbort.trimEnd().split('\n').length, 60_001, "the other writer's line is kept");
      await stopped.getByRole('button', { name: 'Retry' }).click();
      await toast('Rescored big-run.jsonl in place on disk').waitFor({ state: 'visible', timeout: 60_000 });
      const rescored = readFileSync(big, 'utf8').trimEnd().split('\n');
      assert.equal(rescored.length, 60_001);
      assert.match(rescored[60_000], /"score"/, 'the retry rescored the appended line too');
      await openContainer(page, CONTAINER_TITLE);
    },
    4 * STEP_TIMEOUT_MS,
  );

  step(
    'a rescore of a file that already holds its scores leaves the file itself untouched, and offers no Undo',
    ['a file changed during a rescore: nothing written, the message offers Retry, and Retry rescores'],
    async () => {
      const big = path.join(runDir, 'workspace', 'big-run.jsonl');
      const before = statSync(big);
      const bytes = readFileSync(big);
      await page.keyboard.press('Control+Shift+E');
      const entry = explorerRow('big-run.jsonl');
      await entry.waitFor({ state: 'visible', timeout: 30_000 });
      await chooseFromContextMenu(page, entry, 'Rescore Result File');
      const done = toast('Rescored big-run.jsonl: every line already held its current scores, so the file was left untouched.');
      await done.waitFor({ state: 'visible', timeout: 60_000 });
      assert.match(await done.innerText(), /Overall (\d+\.\d\d) → \1; 0 lines changed score\./);
      assert.equal(await done.getByRole('button', { name: 'Undo' }).count(), 0, 'nothing was replaced, so nothing to undo');
      const after = statSync(big);
      assert.deepEqual(
        [after.ino, after.mtimeMs, after.ctimeMs],
        [before.ino, before.mtimeMs, before.ctimeMs],
        'the same file, not a copy',
      );
      assert.ok(readFileSync(big).equals(bytes));
      assert.deepEqual(
        readdirSync(path.dirname(big)).filter((n) => n.includes('.gst-tmp-')),
        [],
        'no temp file left',
      );
      // In the theme it is shown in: a toast may close while another theme is picked.
      await done.screenshot({ path: path.join(SCREENSHOT_DIR, 'rescore-untouched.png') });
      await openContainer(page, CONTAINER_TITLE);
    },
    2 * STEP_TIMEOUT_MS,
  );
});

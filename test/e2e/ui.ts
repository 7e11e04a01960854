// UI tests through the real workbench (code-server + the packaged .vsix), run by `npm run test:e2e` after
// run.ts: every contributed menu item and button is clicked (the list comes from package.json), labels are
// measured at the default sidebar width, a partial result file shows its coverage, and the viewer and the
// sidebar are photographed for every answer kind in dark, light and high-contrast themes.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { evaluateFile, readDataset, RESULT_PALETTE, SUBTASKS, type Dataset, type Evaluation } from '../../src/core';
import { formatSubtaskScore, shortQuestionLabel } from '../../src/model/labels';
import { formatQuestionScore } from '../../src/shared/format';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { contributedMenus, type MenuEntry } from './contributedMenus';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { exitUnlessTestEnvironment, fileNameOf, stepRunner } from './steps';
import { chooseFromContextMenu, chooseFromMenu } from './workbenchActions';
import {
  findRow,
  OVERLAY_KINDS,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  rowLabel,
  runFromPalette,
  setColorTheme,
  setExpanded,
  THEMES,
  treeRows,
  until,
  VIEWER,
  webview,
  WORKBENCH,
  setResultActive,
  setResultTicked,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const SHOTS = path.join(SCREENSHOT_DIR, 'ui');
const ACTION_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const MENUS_TIMEOUT_MS = 8 * 60_000;
/** Time for an error notification to appear after a click (commands run in the extension host). */
const SETTLE_MS = 1200;
/** How long a click may stay without a prompt before the test takes it to have none. */
const PROMPT_QUIET_MS = 2500;
/** A notification can hide itself between two looks: an action on it waits this long, not the default timeout. */
const NOTIFICATION_ACTION_MS = 2000;
/** VS Code's default sidebar width is 300 px at this viewport; the label checks are about that width. */
const DEFAULT_SIDEBAR_PX = { min: 250, max: 350 };
/** The partial file: two lines each of two subtasks, as a user who stopped a run early would have. */
const PARTIAL_SUBTASKS = ['ed_v', 'gp_v'] as const;
const PARTIAL_LINES_PER_SUBTASK = 2;
const PARTIAL_STEM = 'partial-run';

let session: UiSession | undefined;
let page: Page;
let dataset: Dataset;
let oracle: Evaluation;
const failed = new Set<string>();

/** A failed step leaves a screenshot of the workbench as it was. */
const step = stepRunner(
  failed,
  async (name, error) => {
    if (error) await page?.screenshot({ path: path.join(SHOTS, `failed-${fileNameOf(name)}.png`) }).catch(() => undefined);
  },
  STEP_TIMEOUT_MS,
);

/** Result files at the workspace's top, where auto-detection (which stops at a time limit) finds them first. */
const RESULT_STEMS = ['noisy-oracle', 'random', 'template-b'];

function prepareWorkspace(workspace: string): void {
  cpSync(DEMO_DIR, path.join(workspace, 'demo'), { recursive: true, filter: (src) => path.basename(src) !== 'results' });
  for (const stem of RESULT_STEMS) cpSync(path.join(DEMO_DIR, 'results', `${stem}.jsonl`), path.join(workspace, `${stem}.jsonl`));
  const oracleLines = readFileSync(path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const bySubtask = (key: string) =>
    oracleLines
      .filter((l) => dataset.byUid.get((JSON.parse(l) as { uid: string }).uid)?.subtask === key)
      .slice(0, PARTIAL_LINES_PER_SUBTASK);
  writeFileSync(path.join(workspace, `${PARTIAL_STEM}.jsonl`), PARTIAL_SUBTASKS.flatMap(bySubtask).join('\n') + '\n');
}

/** "#116AD0" as the "rgb(17, 106, 208)" that getComputedStyle reports. */
/** WCAG contrast of a text colour on a possibly translucent background laid over an opaque one (CSS rgb()/rgba() strings). */
function contrastOf(c: { fg: string; bg: string; under: string }): number {
  const rgba = (css: string) => {
    const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    return { r, g, b, a };
  };
  const over = (top: ReturnType<typeof rgba>, base: ReturnType<typeof rgba>) => ({
    r: top.r * top.a + base.r * (1 - top.a),
    g: top.g * top.a + base.g * (1 - top.a),
    b: top.b * top.a + base.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }: ReturnType<typeof rgba>) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = over(rgba(c.bg), rgba(c.under));
  const [l1, l2] = [luminance(over(rgba(c.fg), background)), luminance(background)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

const pane = (view: string) => page.locator(`.pane-header[aria-label^="${view}"]`);
const quickInput = () => page.locator(WORKBENCH.quickInput);
const statusItem = () => page.locator('.statusbar-item[id$="gstBench.activeResult"]');

/** The Results row of a file by its path (a row's accessible name is its tooltip, which starts with the path). */
function resultRowOf(file: string): Locator {
  return treeRows(page, RESULTS_VIEW)
    .filter({ has: page.locator(`.monaco-icon-label[aria-label^="${file}"]`) })
    .first();
}

const contextMenu = (row: Locator, title: string) => chooseFromContextMenu(page, row, title);

/**
 * Whether `text` inside a tree row's label is on screen whole: the text's own box must end inside the
 * label container, which VS Code cuts with an ellipsis at the sidebar's edge.
 */
async function visibleInRow(row: Locator, text: string): Promise<{ visible: boolean; shown: string }> {
  return row
    .locator('.monaco-icon-label-container')
    .first()
    .evaluate((container, wanted) => {
      const box = container.getBoundingClientRect();
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf(wanted);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const r = range.getBoundingClientRect();
        return { visible: r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5, shown: container.textContent ?? '' };
      }
      return { visible: false, shown: container.textContent ?? '' };
    }, text);
}

async function assertVisibleInRow(row: Locator, text: string, what: string): Promise<void> {
  // The tree redraws its rows a moment after the active result changes, so the text may not be there yet.
  const deadline = Date.now() + 10_000;
  let v = await visibleInRow(row, text);
  while (!v.shown.includes(text) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    v = await visibleInRow(row, text);
  }
  assert.ok(v.visible, `${what}: "${text}" is not visible whole at the default sidebar width (row: "${v.shown}")`);
}

/** Error notifications on screen, then dismissed so the next click starts clean. */
async function takeErrorNotifications(): Promise<string[]> {
  const items = page.locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item');
  const errors: string[] = [];
  for (const item of await items.all()) {
    const icon =
      (await item
        .locator('.notification-list-item-icon')
        .getAttribute('class', { timeout: NOTIFICATION_ACTION_MS })
        .catch(() => '')) ?? '';
    const message = (
      await item
        .locator('.notification-list-item-message')
        .innerText({ timeout: NOTIFICATION_ACTION_MS })
        .catch(() => '?')
    ).trim();
    console.log(`  notification [${icon}]: ${message}`);
    if (/codicon-(notifications-)?error\b/.test(icon)) errors.push(message);
  }
  // A toast's clear button shows on hover only; a toast that hid itself meanwhile needs no clearing.
  for (const toast of await page.locator('.notifications-toasts .notification-list-item').all()) {
    await toast.hover({ timeout: NOTIFICATION_ACTION_MS }).catch(() => undefined);
    await toast
      .locator('.codicon-notifications-clear')
      .click({ timeout: NOTIFICATION_ACTION_MS })
      .catch(() => undefined);
  }
  return errors;
}

/** Completes whatever a click opened: a file dialog gets `path`, an input box some text, a quick pick its second item. */
async function completePrompts(dialogPath: string): Promise<void> {
  const deadline = Date.now() + 6000;
  let answered = 0;
  let lastActivity = Date.now();
  while (Date.now() < deadline && answered < 3) {
    if (!(await quickInput().isVisible())) {
      // A command shows its prompt at once; a long quiet spell means it has none (or no further one).
      if (Date.now() - lastActivity > PROMPT_QUIET_MS) break;
      await page.waitForTimeout(150);
      continue;
    }
    lastActivity = Date.now();
    const input = quickInput().locator('input').first();
    const value = await input.inputValue().catch(() => '');
    const rows = await quickInput().locator(`${WORKBENCH.listRow}:visible`).count();
    // The quick input may close between the look and the action (a dialog replacing itself): look again then.
    const acted = await (
      value.startsWith('/')
        ? input.fill(dialogPath, { timeout: 2000 }) // the simple file dialog starts at a folder path
        : rows === 0
          ? input.fill('scene', { timeout: 2000 })
          : page.keyboard.press('ArrowDown')
    ).then(
      () => true,
      () => false,
    );
    if (!acted) continue;
    await page.keyboard.press('Enter');
    answered++;
    await page.waitForTimeout(400);
    lastActivity = Date.now();
  }
  if (await quickInput().isVisible()) await page.keyboard.press('Escape');
}

exitUnlessTestEnvironment();

describe('GST-Bench Inspector in the real workbench: menus, labels, coverage, themes', () => {
  sessionHooks(SHOTS, failed, () => session);

  step(
    'code-server opens a workspace holding the demo dataset and a partial result file',
    [],
    async () => {
      dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
      oracle = await evaluateFile(dataset, path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'), { profile: 'paper' });
      // Title-bar buttons show without hovering, so a click finds them wherever the mouse was.
      session = await startUiSession('ui', prepareWorkspace, ACTION_TIMEOUT_MS, { 'workbench.view.alwaysShowHeaderActions': true });
      page = session.page;
      await openContainer(page, 'GST-Bench');
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
      for (const stem of [PARTIAL_STEM, ...RESULT_STEMS])
        await resultRowOf(path.join(session.workspace, `${stem}.jsonl`)).waitFor({ state: 'visible', timeout: 60_000 });
      for (const competency of ['Object Localization', 'Self Localization', 'Scene Structure Understanding'])
        await setExpanded(await findRow(page, QUESTIONS_VIEW, competency, 1), true);
    },
    SETUP_TIMEOUT_MS,
  );

  const oracleFile = () => path.join(session!.workspace, 'noisy-oracle.jsonl');
  const partialFile = () => path.join(session!.workspace, `${PARTIAL_STEM}.jsonl`);

  async function makeActive(file: string): Promise<void> {
    await setResultActive(page, async () => resultRowOf(file), path.basename(file));
  }

  step(
    'at the default sidebar width every subtask, question and result row shows its score',
    ['code-server opens a workspace holding the demo dataset and a partial result file'],
    async () => {
      const width = await page.locator('.part.sidebar').evaluate((e) => e.getBoundingClientRect().width);
      assert.ok(
        width >= DEFAULT_SIDEBAR_PX.min && width <= DEFAULT_SIDEBAR_PX.max,
        `the sidebar is ${width} px wide, not VS Code's default`,
      );
      await makeActive(oracleFile());
      let clippedNames = 0;
      for (const info of SUBTASKS) {
        const row = await findRow(page, QUESTIONS_VIEW, info.abbreviation, 2);
        await assertVisibleInRow(row, formatSubtaskScore(oracle.subtasks[info.key]!.score), `subtask ${info.abbreviation}`);
        if (!(await visibleInRow(row, info.name)).visible) clippedNames++;
      }
      // The measure can fail: at this width the end of the longer rows (the full names) is cut.
      assert.ok(clippedNames > 0, 'no subtask row is cut at all: the sidebar is wider than the default, so the check proves nothing');
      const subtaskRow = await findRow(page, QUESTIONS_VIEW, 'EDistv', 2);
      await setExpanded(subtaskRow, true);
      for (const q of dataset.questions.filter((x) => x.subtask === 'edist_v')) {
        const row = await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(q.uid, q.scene), 3, 'description');
        await assertVisibleInRow(row, formatQuestionScore(oracle.byUid.get(q.uid)!.score), `question ${q.uid}`);
        await assertVisibleInRow(row, await rowLabel(row), `question ${q.uid} (truth vs prediction)`);
      }
      await setExpanded(subtaskRow, false);
      await assertVisibleInRow(resultRowOf(oracleFile()), formatSubtaskScore(oracle.overall), 'the noisy-oracle result row');
      await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, 'sidebar-default-width.png') });
    },
  );

  step(
    'a partial result file shows its coverage in the Results view, the tree, the status bar and the viewer',
    ['code-server opens a workspace holding the demo dataset and a partial result file'],
    async () => {
      const coverage = `${PARTIAL_SUBTASKS.length}/${SUBTASKS.length} subtasks, ${PARTIAL_SUBTASKS.length * PARTIAL_LINES_PER_SUBTASK}/${dataset.questions.length} questions`;
      await makeActive(partialFile());
      const row = resultRowOf(partialFile());
      assert.match(await rowLabel(row), new RegExp(`^\\S+ partial · ${PARTIAL_STEM}$`), 'the Avg. is marked partial, before the name');
      await assertVisibleInRow(row, 'partial', 'the partial mark');
      assert.match(
        await row.locator('.label-description').innerText(),
        new RegExp(coverage.replace(/[/]/g, '\\/')),
        'the Results row gives the coverage',
      );
      await statusItem().filter({ hasText: coverage }).waitFor({ state: 'visible' });
      const edv = await findRow(page, QUESTIONS_VIEW, 'EDv', 2);
      // The tree redraws after the status bar: give it the time a user's eye would.
      await until('the EDv row to show the partial file: a subtask scored over 2 of its 3 questions says so', async () =>
        /\(2\/3\)/.test(await edv.locator('.label-description').innerText()),
      );
      const q = dataset.questions.find((x) => x.subtask === 'ed_v')!;
      await setExpanded(edv, true);
      // Active and compared are independent: tick the file so the viewer shows it.
      await setResultTicked(page, async () => row, true, PARTIAL_STEM);
      await (await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(q.uid, q.scene), 3, 'description')).click();
      const overall = webview(page).locator('[data-role="result-overall"][data-partial="true"]');
      await overall.waitFor({ state: 'visible' });
      assert.match(
        await overall.innerText(),
        new RegExp(`partial: ${coverage.replace(/[/]/g, '\\/')}`),
        'the viewer header marks the partial Avg. with its coverage',
      );
      await setExpanded(edv, false);
      await page.screenshot({ path: path.join(SHOTS, 'partial-result-file.png') });
      await makeActive(oracleFile());
    },
  );

  step(
    'screenshots of the viewer for every answer kind and of the sidebar, in dark, light and high-contrast themes',
    ['code-server opens a workspace holding the demo dataset and a partial result file'],
    async () => {
      await makeActive(oracleFile());
      // A second file compared, so each overlay shows two colours.
      await setResultTicked(page, async () => resultRowOf(path.join(session!.workspace, 'template-b.jsonl')), true, 'template-b');
      for (const theme of THEMES) {
        await setColorTheme(page, theme.label, theme.workbenchClass);
        for (const { kind, subtask } of OVERLAY_KINDS) {
          const info = SUBTASKS.find((s) => s.key === subtask)!;
          const q = dataset.questions.find((x) => x.subtask === subtask)!;
          const row = await findRow(page, QUESTIONS_VIEW, info.abbreviation, 2);
          await setExpanded(row, true);
          await (await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(q.uid, q.scene), 3, 'description')).click();
          await webview(page).locator(VIEWER.uid, { hasText: q.uid }).waitFor({ state: 'visible' });
          await webview(page).locator(VIEWER.overlays[kind].overlay).first().waitFor({ state: 'visible' });
          assert.equal(
            await webview(page).locator('html').getAttribute('data-theme-kind'),
            theme.kind,
            `the viewer's palette follows the ${theme.name} theme`,
          );
          const uidContrast = contrastOf(
            await webview(page)
              .locator(VIEWER.uid)
              .evaluate((e) => {
                const body = getComputedStyle(document.body).backgroundColor;
                const own = getComputedStyle(e).backgroundColor;
                return { fg: getComputedStyle(e).color, bg: own, under: body };
              }),
          );
          assert.ok(uidContrast >= 4.5, `${theme.name}: the uid reads at ${uidContrast.toFixed(2)}:1 against its background`);
          await webview(page).locator(VIEWER.overlays[kind].overlay).first().scrollIntoViewIfNeeded();
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(SHOTS, `${theme.name}-${kind}.png`) });
          await setExpanded(row, false);
        }
        await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, `${theme.name}-sidebar.png`) });
        // One file, one colour: its icon in the Results view and its swatch in the viewer, from the theme kind's palette.
        const allowed = new Set(RESULT_PALETTE.map((c) => hexToRgb(c.byKind[theme.kind])));
        for (const stem of ['noisy-oracle', 'template-b']) {
          const icon = await resultRowOf(path.join(session!.workspace, `${stem}.jsonl`))
            .locator('.custom-view-tree-node-item-icon')
            .evaluate((e) => getComputedStyle(e).color);
          const swatch = await webview(page)
            .locator('tr.result-row', { has: webview(page).locator('.result-label', { hasText: stem }) })
            .locator('.swatch')
            .evaluate((e) => getComputedStyle(e).backgroundColor);
          assert.ok(allowed.has(icon), `${theme.name}: the Results icon of ${stem} is ${icon}, not a ${theme.kind} palette colour`);
          assert.equal(swatch, icon, `${theme.name}: ${stem} is ${icon} in the Results view but ${swatch} in the viewer`);
        }
      }
      await setColorTheme(page, THEMES[1].label, THEMES[1].workbenchClass);
    },
    6 * 60_000,
  );

  step(
    'every contributed button and menu item runs without an error notification',
    ['code-server opens a workspace holding the demo dataset and a partial result file'],
    async () => {
      const entries = contributedMenus(REPO_ROOT);
      const viewNames = new Map([
        ['gstBench.questions', QUESTIONS_VIEW],
        ['gstBench.results', RESULTS_VIEW],
      ]);
      const problems: string[] = [];
      const clicked: string[] = [];
      const ws = session!.workspace;
      const dialogPathFor = (e: MenuEntry) =>
        e.command === 'gstBench.openDatasetFolder'
          ? path.join(ws, 'demo')
          : e.command === 'gstBench.exportScoreboard'
            ? path.join(ws, 'scoreboard-from-menu.csv') // a new file: the export must not replace a result file
            : partialFile();
      // Rows the unload entries may remove, one each; the rest work on the oracle file and the partial file.
      const unloadable = [path.join(ws, 'random.jsonl'), path.join(ws, 'template-b.jsonl')];
      await makeActive(oracleFile());

      // A user who reaches a title-bar button has usually selected an item in the view; VS Code then passes that
      // item to the command. Select one first, so the test meets what the user met.
      const selectAnItem = async (view: string): Promise<void> => {
        if (view === RESULTS_VIEW) {
          await resultRowOf(oracleFile()).locator('.label-name').click();
          return;
        }
        const sub = treeRows(page, QUESTIONS_VIEW).and(page.locator('[aria-level="2"]')).first();
        if ((await sub.count()) === 0) return; // the filter hides every question
        await setExpanded(sub, true);
        await treeRows(page, QUESTIONS_VIEW).and(page.locator('[aria-level="3"]')).first().click();
      };

      const click = async (e: MenuEntry): Promise<void> => {
        if (e.menu === 'view/title') {
          await selectAnItem(viewNames.get(e.view!)!);
          const header = pane(viewNames.get(e.view!)!);
          if (e.inline) await header.locator(`.action-label[aria-label="${e.title}"]`).click();
          else {
            await chooseFromMenu(page, () => header.locator('.action-label[aria-label="More Actions..."]').click(), e.title);
          }
        } else if (e.menu === 'view/item/context' && e.view === 'gstBench.results') {
          const file =
            e.command === 'gstBench.unloadResultFile'
              ? unloadable.shift()!
              : /result\.inactive/.test(e.when)
                ? partialFile()
                : oracleFile();
          if (/result\.inactive/.test(e.when) && file === partialFile()) await makeActive(oracleFile());
          const row = resultRowOf(file);
          if (e.inline) {
            await row.hover();
            await row.locator(`.actions .action-label[aria-label="${e.title}"]`).click();
          } else await contextMenu(row, e.title);
        } else if (e.menu === 'view/item/context' && e.view === 'gstBench.questions') {
          // The first question the current filter shows.
          const sub = treeRows(page, QUESTIONS_VIEW).and(page.locator('[aria-level="2"]')).first();
          await setExpanded(sub, true);
          await contextMenu(treeRows(page, QUESTIONS_VIEW).and(page.locator('[aria-level="3"]')).first(), e.title);
          await setExpanded(sub, false);
        } else if (e.menu === 'explorer/context') {
          await page.keyboard.press('Control+Shift+E');
          const name = /explorerResourceIsFolder/.test(e.when) ? 'demo' : `${PARTIAL_STEM}.jsonl`;
          const row = page
            .locator('.explorer-folders-view .monaco-list-row', {
              has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }),
            })
            .first();
          await contextMenu(row, e.title);
        } else throw new Error(`the test does not know how to reach menu ${e.menu} (${e.title}): teach it`);
      };

      for (const e of entries) {
        const what = `${e.menu} "${e.title}"${e.view ? ` in ${viewNames.get(e.view)}` : ''}${e.inline ? ' (button)' : ''}`;
        const startedAt = Date.now();
        if (!(e.menu === 'explorer/context')) await openContainer(page, 'GST-Bench');
        try {
          await click(e);
        } catch (err) {
          problems.push(`${what}: could not be clicked (when: ${e.when}): ${(err as Error).message.split('\n')[0]}`);
          await page.keyboard.press('Escape');
          continue;
        }
        await completePrompts(dialogPathFor(e));
        await page.waitForTimeout(SETTLE_MS);
        for (const message of await takeErrorNotifications()) problems.push(`${what}: error notification "${message}"`);
        clicked.push(`${what}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
      }

      // The status bar item (contributed in code, not in package.json). The menu entries above may have opened
      // the scoreboard: close every editor first, so the tab below can only come from this click.
      await runFromPalette(page, 'View: Close All Editors');
      await page.locator('.tab', { hasText: 'GST-Bench Scoreboard' }).waitFor({ state: 'hidden' });
      await statusItem().click();
      await page.waitForTimeout(SETTLE_MS);
      for (const message of await takeErrorNotifications()) problems.push(`status bar item: error notification "${message}"`);
      await page
        .locator('.tab', { hasText: 'GST-Bench Scoreboard' })
        .first()
        .waitFor({ state: 'visible' })
        .catch(() => {
          throw new Error('the status bar item does not open the scoreboard');
        });
      await page.screenshot({ path: path.join(SHOTS, 'menus-done.png') });
      console.log(`clicked ${clicked.length} of ${entries.length} menu entries:\n  ${clicked.join('\n  ')}`);
      assert.deepEqual(problems, [], `menu entries that failed:\n${problems.join('\n')}`);
    },
    MENUS_TIMEOUT_MS,
  );
});

// UI test of the scoreboard in the real workbench (code-server + the packaged .vsix), run by `npm run test:e2e`:
// the status bar item and the Results view's button open it; its table holds the numbers `gst-bench scoreboard`
// and `summary` print; the paper's rows and a group hide and show; the Markdown, CSV and LaTeX buttons write
// what the CLI prints; and the panel is photographed in dark, light and both high-contrast themes.
import { execFileSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { REFERENCE_GROUPS } from '../../src/core';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { exitUnlessTestEnvironment, fileNameOf, stepRunner } from './steps';
import {
  findRow,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  resultRowNamed,
  runFromPalette,
  setColorTheme,
  THEMES,
  treeRows,
  webview,
  answerSaveDialog,
  until,
  setResultTicked,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const SHOTS = path.join(SCREENSHOT_DIR, 'scoreboard');
const ACTION_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const STEMS = ['noisy-oracle', 'random', 'template-b'];
/** The row label the CLI gives each demo file (model / template). */
const LABELS: Record<string, string> = {
  'noisy-oracle': 'noisy-oracle / default',
  random: 'random / default',
  'template-b': 'noisy-oracle / template-b',
};
const PAPER_SOURCES = new Set(REFERENCE_GROUPS.map((g) => g.key as string));

let session: UiSession | undefined;
let page: Page;
const failed = new Set<string>();
const step = stepRunner(
  failed,
  async (name, error) => {
    if (error) await page?.screenshot({ path: path.join(SHOTS, `failed-${fileNameOf(name)}.png`) }).catch(() => undefined);
  },
  STEP_TIMEOUT_MS,
);

const ws = () => session!.workspace;
const fileOf = (stem: string) => path.join(ws(), `${stem}.jsonl`);
const board = () => webview(page);
const statusItem = () => page.locator('.statusbar-item[id$="gstBench.activeResult"]');

function cli(args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args, '--dataset', path.join(ws(), 'demo')], { cwd: ws(), encoding: 'utf8' });
}

/** CSV rows of the CLI's output. */
const csvRows = (text: string): string[][] => parse(text, { relax_column_count: false }) as string[][];

/** The table as the panel shows it: per row its source and the text of each cell. */
async function tableRows(): Promise<Array<{ source: string; cells: string[] }>> {
  await board().locator('[data-role="table"]').waitFor({ state: 'visible' });
  return board()
    .locator('tr[data-role="row"]')
    .evaluateAll((rows) =>
      rows.map((r) => ({
        source: r.getAttribute('data-source') ?? '',
        cells: [...r.querySelectorAll('[data-role="cell"]')].map((c) => c.textContent ?? ''),
      })),
    );
}

/** The stems of the files on the board, in its order. */
async function stemsOnBoard(): Promise<string[]> {
  const labels = (await tableRows()).filter((r) => r.source === 'loaded').map((r) => r.cells[1]);
  return labels.map((l) => Object.keys(LABELS).find((s) => LABELS[s] === l) ?? `unknown label ${l}`);
}

/** Clicks an export button and answers the save dialog (VS Code's own, a path in the quick input) with `file`. */
async function exportThroughButton(action: string, file: string): Promise<void> {
  await board().locator(`[data-action="${action}"]`).click();
  await answerSaveDialog(page, file, () => existsSync(file));
  await board()
    .locator('[data-role="notice"]', { hasText: path.basename(file) })
    .waitFor({ state: 'visible' });
}

exitUnlessTestEnvironment();

describe('The scoreboard in the real workbench', () => {
  sessionHooks(SHOTS, failed, () => session);

  const started = 'code-server opens a workspace with the demo dataset and three result files';
  step(
    started,
    [],
    async () => {
      session = await startUiSession(
        'scoreboard',
        (workspace) => {
          cpSync(DEMO_DIR, path.join(workspace, 'demo'), { recursive: true, filter: (src) => path.basename(src) !== 'results' });
          for (const stem of STEMS) cpSync(path.join(DEMO_DIR, 'results', `${stem}.jsonl`), path.join(workspace, `${stem}.jsonl`));
          mkdirSync(path.join(workspace, 'exports'));
        },
        ACTION_TIMEOUT_MS,
        { 'workbench.view.alwaysShowHeaderActions': true },
      );
      page = session.page;
      await openContainer(page, 'GST-Bench');
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
      for (const stem of STEMS) await findRow(page, RESULTS_VIEW, resultRowNamed(stem));
    },
    SETUP_TIMEOUT_MS,
  );

  const fromStatusBar = 'the status bar item opens the scoreboard, and its numbers are those of gst-bench scoreboard';
  step(fromStatusBar, [started], async () => {
    await statusItem().click();
    await page.locator('.tab', { hasText: 'GST-Bench Scoreboard' }).first().waitFor({ state: 'visible' });
    const stems = await stemsOnBoard();
    assert.ok(stems.length >= 1, 'the active or ticked file is on the board');
    const expected = csvRows(cli(['scoreboard', ...stems.map(fileOf), '--csv']));
    const shown = await tableRows();
    assert.deepEqual(
      shown.map((r) => r.cells),
      expected.slice(1),
      'every row and cell equals the CLI',
    );
    await page.screenshot({ path: path.join(SHOTS, 'from-status-bar.png') });
  });

  const fromButton = "the Results view's button opens the scoreboard on the ticked files, with the numbers of summary";
  step(fromButton, [started], async () => {
    await runFromPalette(page, 'View: Close All Editors');
    await page.locator('.tab', { hasText: 'GST-Bench Scoreboard' }).waitFor({ state: 'hidden' });
    await openContainer(page, 'GST-Bench');
    for (const stem of STEMS) await setResultTicked(page, stem, true);
    await page.locator(`.pane-header[aria-label^="${RESULTS_VIEW}"] .action-label[aria-label="Show Scoreboard"]`).click();
    await page.locator('.tab', { hasText: 'GST-Bench Scoreboard' }).first().waitFor({ state: 'visible' });
    await until('the three files on the board', async () => (await stemsOnBoard()).length === 3);
    const stems = await stemsOnBoard();
    assert.deepEqual([...stems].sort(), [...STEMS].sort());
    const board = await tableRows();
    const scoreboard = csvRows(cli(['scoreboard', ...stems.map(fileOf), '--csv'])).slice(1);
    assert.deepEqual(
      board.map((r) => r.cells),
      scoreboard,
    );
    // summary: the same subtask scores and Avg. per file (its first column is the label, then 12 + Avg.).
    const summary = csvRows(cli(['summary', ...stems.map(fileOf), '--csv'])).slice(1);
    const loaded = board.filter((r) => r.source === 'loaded');
    assert.deepEqual(
      loaded.map((r) => [r.cells[1], ...r.cells.slice(3, 16)]),
      summary,
    );
  });

  const filters = "the paper's rows hide and show, and a group filter leaves out that group";
  step(filters, [fromButton], async () => {
    const paperRows = async () => (await tableRows()).filter((r) => PAPER_SOURCES.has(r.source)).length;
    assert.equal(await paperRows(), 25);
    await board().locator('[data-role="show-reference"]').click();
    await until('the paper rows to hide', async () => (await paperRows()) === 0);
    assert.ok(
      (await tableRows()).some((r) => r.source === 'simulated'),
      'the simulated baseline stays',
    );
    await board().locator('[data-role="show-reference"]').click();
    await until('the paper rows to show', async () => (await paperRows()) === 25);
    await board().locator('[data-role="group"][data-group="open-source"]').click();
    await until('the open-source rows to hide', async () => (await paperRows()) === 13);
    const groups = REFERENCE_GROUPS.map((g) => g.key).filter((g) => g !== 'open-source');
    const stems = await stemsOnBoard();
    assert.deepEqual(
      (await tableRows()).map((r) => r.cells),
      csvRows(cli(['scoreboard', ...stems.map(fileOf), '--groups', groups.join(','), '--csv'])).slice(1),
      'the filtered table equals the CLI with --groups',
    );
  });

  const exports = 'the Markdown, CSV and LaTeX buttons write what the CLI prints';
  step(exports, [filters], async () => {
    const stems = await stemsOnBoard();
    const groups = REFERENCE_GROUPS.map((g) => g.key).filter((g) => g !== 'open-source');
    for (const [action, flag, ext] of [
      ['export-markdown', '--markdown', 'md'],
      ['export-csv', '--csv', 'csv'],
      ['export-latex', '--latex', 'tex'],
    ] as const) {
      const file = path.join(ws(), 'exports', `board.${ext}`);
      await exportThroughButton(action, file);
      const expected = cli(['scoreboard', ...stems.map(fileOf), '--groups', groups.join(','), flag]);
      assert.equal(readFileSync(file, 'utf8'), expected, `${ext}: the file is what the CLI prints`);
    }
    assert.match(readFileSync(path.join(ws(), 'exports', 'board.tex'), 'utf8'), /\\toprule[\s\S]*\\midrule[\s\S]*\\bottomrule/);
  });

  step(
    'screenshots of the scoreboard in dark, light and high-contrast themes',
    [fromButton],
    async () => {
      await board().locator('[data-role="mark-select"]').selectOption({ label: 'Human Level (20 samples/task)' });
      await board().locator('line[data-role="mark"]').first().waitFor({ state: 'attached' }); // a vertical line has no width: never "visible"
      for (const theme of THEMES) {
        await openContainer(page, 'GST-Bench');
        await setColorTheme(page, theme.label, theme.workbenchClass);
        await until(
          `the board to follow the ${theme.name} theme`,
          async () => (await board().locator('html').getAttribute('data-theme-kind')) === theme.kind,
        );
        await page.waitForTimeout(300);
        await board().locator('[data-role="chart"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `${theme.name}-chart.png`) });
        await board().locator('[data-role="table"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `${theme.name}-table.png`) });
        await board()
          .locator('[data-role="chart"]')
          .screenshot({ path: path.join(SHOTS, `${theme.name}-chart-only.png`) });
      }
      await setColorTheme(page, THEMES[0].label, THEMES[0].workbenchClass);
    },
    6 * 60_000,
  );
});

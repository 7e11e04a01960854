// UI test of the Compare panel in the real workbench (code-server + the packaged .vsix): tick two demo result
// files in the Results view, open the panel from the view's title-bar button, check every number of the table
// against `gst-bench compare --json` on the same files, click a cell, see its disagreements, click one, and
// the sample viewer opens on it with both files' predictions and the side-by-side word diff. Screenshots of
// the panel and the diff in dark, light and high-contrast themes go to test-results/screenshots/compare/.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { formatScore } from '../../src/shared/format';
import { formatDelta, formatPValue, runGroupTableModel } from '../../src/shared/report/compareTable';
import type { RunGroup } from '../../src/shared/stats/groups';
import type { Comparison } from '../../src/shared/stats/compare';
import type { DisagreementList } from '../../src/shared/stats/disagreements';
import { SUBTASKS, type SubtaskKey } from '../../src/shared/subtasks';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { createSteps, exitUnlessTestEnvironment } from './steps';
import { THEMES as COLOR_THEMES, setColorTheme } from './workbench';
import {
  findRow,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  resultRowNamed,
  setResultTicked,
  treeRows,
  VIEWER,
  until,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const SHOTS = path.join(SCREENSHOT_DIR, 'compare');
const ACTION_TIMEOUT_MS = 20_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const STEMS = ['noisy-oracle', 'random'];
const RUN_STEMS = ['two-runs-1', 'two-runs-2'];
const COMMAND_TITLE = 'Compare Result Files';
const PANEL_TAB = 'GST-Bench Compare';

let session: UiSession | undefined;
let page: Page;
const { step, failed } = createSteps({ page: () => page, screenshotPrefix: 'compare/step-', timeoutMs: STEP_TIMEOUT_MS });

/** The document of the webview panel on screen (a hidden panel's page is torn down). */
const frame = (): FrameLocator => page.frameLocator('iframe.webview.ready:visible').frameLocator('#active-frame');

/** The Results view's title-bar button of the command. */
async function clickCompareButton(): Promise<void> {
  await openContainer(page, 'GST-Bench');
  await page.locator(`.pane-header[aria-label^="${RESULTS_VIEW}"] .action-label[aria-label="${COMMAND_TITLE}"]`).click();
}

async function notifications(): Promise<string[]> {
  return (await page.locator('.notifications-toasts .notification-list-item-message').allInnerTexts()).map((t) => t.trim());
}

/** `gst-bench compare --json` run as a process on the workspace's files, as a user would run it. */
function cliCompare(baseline: string, stems = STEMS): Comparison & { disagreements: DisagreementList[]; runGroups: RunGroup[] } {
  const r = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'dist', 'cli.js'),
      'compare',
      ...stems.map((s) => `${s}.jsonl`),
      '--dataset',
      'demo',
      '--baseline',
      baseline,
      '--disagreements',
      'EDv',
      '--json',
    ],
    { cwd: session!.workspace, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, `gst-bench compare failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const endsWith = (attr: string, stem: string) => `[${attr}$="${path.sep}${stem}.jsonl"]`;

async function shoot(name: string): Promise<void> {
  await page.waitForTimeout(400); // the theme's colours reach the webview through a message
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

exitUnlessTestEnvironment();

describe('Compare panel in the real workbench', () => {
  sessionHooks(SHOTS, failed, () => session);

  const opened = 'code-server opens a workspace with the demo dataset and two result files';
  step(
    opened,
    [],
    async () => {
      session = await startUiSession(
        'e2e-compare',
        (workspace) => {
          cpSync(DEMO_DIR, path.join(workspace, 'demo'), { recursive: true, filter: (src) => path.basename(src) !== 'results' });
          for (const stem of STEMS) cpSync(path.join(DEMO_DIR, 'results', `${stem}.jsonl`), path.join(workspace, `${stem}.jsonl`));
          // Two runs of one model (two demo files relabelled): the panel groups them as repeated runs.
          RUN_STEMS.forEach((stem, i) => {
            const lines = readFileSync(path.join(DEMO_DIR, 'results', `${STEMS[i]}.jsonl`), 'utf8')
              .trimEnd()
              .split('\n');
            const relabelled = lines.map((l) =>
              JSON.stringify({ ...JSON.parse(l), model: 'two-runs', template: 'default', run: String(i + 1) }),
            );
            writeFileSync(path.join(workspace, `${stem}.jsonl`), relabelled.join('\n') + '\n');
          });
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

  const tooFew = 'with one file ticked the button says to tick two';
  step(tooFew, [opened], async () => {
    await setResultTicked(page, STEMS[0], true);
    await setResultTicked(page, STEMS[1], false);
    await clickCompareButton();
    await until('the message', async () => (await notifications()).some((m) => /Tick two or more result files/.test(m)));
    assert.equal(await page.locator('.tab', { hasText: PANEL_TAB }).count(), 0, 'no panel opens');
  });

  const table = 'ticking both and clicking the button opens the table with the numbers of gst-bench compare --json';
  step(table, [opened], async () => {
    for (const stem of STEMS) await setResultTicked(page, stem, true);
    await clickCompareButton();
    await frame().locator('[data-role="compare-table"]').waitFor({ state: 'visible' });
    const baselineFile = await frame().locator('[data-role="baseline"]').inputValue();
    const json = cliCompare(path.basename(baselineFile));
    // Every cell's numbers in one read of the page: [data-set or data-other, subtask, field, text].
    const shown = await frame()
      .locator('[data-role="compare-table"] td[data-subtask]')
      .evaluateAll((cells) =>
        cells.flatMap((c) =>
          [...c.querySelectorAll('[data-field]')].map((f) => [
            c.getAttribute('data-set') ?? `Δ ${c.getAttribute('data-other')}`,
            c.getAttribute('data-subtask'),
            f.getAttribute('data-field'),
            f.textContent,
          ]),
        ),
      );
    const cellText = (owner: string, subtask: string, field: string) =>
      shown.find(([o, k, f]) => o!.endsWith(owner) && k === subtask && f === field)?.[3];
    let checked = 0;
    const expectCell = (owner: string, subtask: string, field: string, expected: string) => {
      assert.equal(cellText(owner, subtask, field), expected, `${owner} ${subtask} ${field}`);
      checked++;
    };
    for (const s of json.sets) {
      const owner = `${path.sep}${path.basename(s.file)}`;
      for (const info of SUBTASKS) {
        const a = s.subtasks[info.key]!;
        expectCell(owner, info.key, 'score', formatScore(a.score));
        expectCell(owner, info.key, 'lo', formatScore(a.ci.lo));
        expectCell(owner, info.key, 'hi', formatScore(a.ci.hi));
        expectCell(owner, info.key, 'n', String(a.n));
        expectCell(owner, info.key, 'of', String(a.of));
        expectCell(owner, info.key, 'unparsed', String(a.unparsed));
      }
      expectCell(owner, 'avg', 'score', formatScore(s.overall!.score));
      expectCell(owner, 'avg', 'lo', formatScore(s.overall!.ci.lo));
      expectCell(owner, 'avg', 'hi', formatScore(s.overall!.ci.hi));
      expectCell(owner, 'avg', 'n', String(s.answered));
    }
    for (const d of json.deltas) {
      const owner = `${path.sep}${path.basename(d.other)}`;
      for (const key of [...SUBTASKS.map((i) => i.key), 'avg']) {
        const stat = (key === 'avg' ? d.overall : d.subtasks[key as SubtaskKey])!;
        expectCell(owner, key, 'delta', formatDelta(stat.delta));
        expectCell(owner, key, 'dlo', formatDelta(stat.ci.lo));
        expectCell(owner, key, 'dhi', formatDelta(stat.ci.hi));
        expectCell(owner, key, 'p', formatPValue(stat.p));
        assert.equal(Boolean(cellText(owner, key, 'sig')), stat.significant, `Δ ${key} marked iff significant`);
        const tone = await frame()
          .locator(`td.delta${endsWith('data-other', path.basename(d.other, '.jsonl'))}[data-subtask="${key}"]`)
          .getAttribute('data-tone');
        assert.equal(tone, stat.significant ? (stat.delta > 0 ? 'better' : 'worse') : 'same');
      }
    }
    assert.equal(checked, 2 * (12 * 6 + 4) + 13 * 4);
    await page.screenshot({ path: path.join(SHOTS, 'table.png') });
  });

  step('once the table is painted, the diagnosis deltas of the other file against the baseline come under it', [table], async () => {
    const delta = frame().locator(`[data-role="diagnosis-delta"]${endsWith('data-file', STEMS[1])}`);
    await delta.locator('[data-role="diagnosis-delta-table"] tbody tr').first().waitFor({ state: 'visible' });
    assert.match(await delta.locator('h3').innerText(), new RegExp(`${STEMS[1]}\\.jsonl against ${STEMS[0]}\\.jsonl`));
  });

  let listedUid = '';
  const listed = 'clicking the EDv delta cell lists its disagreements, grouped with the CLI counts';
  step(listed, [table], async () => {
    const json = cliCompare(path.basename(await frame().locator('[data-role="baseline"]').inputValue()));
    await frame().locator('td.delta[data-subtask="ed_v"] button').click();
    const list = frame().locator('[data-role="disagreements"][data-subtask="ed_v"]');
    await list.waitFor({ state: 'visible' });
    const counts = (await list.locator('[data-role="group-count"]').allInnerTexts()).map(Number);
    const expected = json.disagreements[0];
    assert.deepEqual(counts, [expected.counts['baseline-right'], expected.counts['other-right'], expected.counts['both-wrong']]);
    const uids = await list.locator('tr[data-uid]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-uid')));
    assert.deepEqual(
      uids,
      (['baseline-right', 'other-right', 'both-wrong'] as const).flatMap((k) =>
        expected.items.filter((i) => i.kind === k).map((i) => i.uid),
      ),
    );
    assert.ok(uids.length > 0, 'the two demo files disagree on EDv');
    listedUid = uids[0]!;
    await page.screenshot({ path: path.join(SHOTS, 'disagreements.png') });
  });

  const viewer = 'clicking a disagreeing question opens the viewer on it with both predictions and the word diff';
  step(viewer, [listed], async () => {
    await frame().locator(`[data-role="disagreements"] tr[data-uid="${listedUid}"] [data-role="open-question"]`).click();
    await until(
      `the viewer to show ${listedUid}`,
      async () => (await frame().locator(VIEWER.uid).innerText({ timeout: 2000 })).trim() === listedUid,
    );
    assert.equal(await frame().locator(VIEWER.rawOutput).count(), 2, 'both compared files have a raw output');
    await frame().locator('[data-role="diff-toggle"]').check();
    await frame().locator('[data-role="raw-diff"]').waitFor({ state: 'visible' });
    assert.equal(await frame().locator('[data-role="raw-diff"] [data-role="diff-text"]').count(), 2);
    await frame().locator('[data-role="raw-diff"]').scrollIntoViewIfNeeded();
  });

  step('the panel and the diff in dark, light and high-contrast themes', [viewer], async () => {
    for (const theme of COLOR_THEMES) {
      await setColorTheme(page, theme.label, theme.workbenchClass);
      await frame().locator('[data-role="raw-diff"]').scrollIntoViewIfNeeded();
      await shoot(`diff-${theme.name}`);
      // Back to the panel: its page was torn down while hidden and comes back with the listed cell.
      await page.locator('.tab', { hasText: PANEL_TAB }).click();
      await frame().locator('[data-role="disagreements"][data-subtask="ed_v"]').waitFor({ state: 'visible' });
      await shoot(`panel-${theme.name}`);
      await page.locator('.tab', { hasText: 'EDv' }).click();
      await frame().locator('[data-role="raw-diff"], [data-role="raw-outputs"]').first().waitFor({ state: 'visible' });
      if (!(await frame().locator('[data-role="raw-diff"]').isVisible())) await frame().locator('[data-role="diff-toggle"]').check();
    }
  });

  step(
    'two runs of one model ticked: the folded Repeated runs card opens on their mean and spread, as gst-bench compare computes them',
    [table],
    async () => {
      await page.locator('.tab', { hasText: PANEL_TAB }).click();
      for (const stem of RUN_STEMS) await setResultTicked(page, stem, true);
      const card = frame().locator('[data-role="run-groups-card"]');
      await card.waitFor({ state: 'visible' });
      assert.match(await card.locator('summary').innerText(), /Repeated runs.*1 group of runs/s);
      assert.equal(await frame().locator('[data-role="run-groups"]').count(), 0, 'folded: no table built');
      await card.locator('summary').click();
      const rows = frame().locator('[data-role="run-groups"] tbody tr');
      await rows.first().waitFor({ state: 'visible' });
      const baselineFile = await frame().locator('[data-role="baseline"]').inputValue();
      const json = cliCompare(path.basename(baselineFile), [...STEMS, ...RUN_STEMS]);
      assert.equal(json.runGroups.length, 1);
      const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      assert.deepEqual(shown, runGroupTableModel(json.runGroups).rows);
      await card.scrollIntoViewIfNeeded();
      for (const theme of COLOR_THEMES) {
        await setColorTheme(page, theme.label, theme.workbenchClass);
        await shoot(`runs-${theme.name}`);
      }
    },
  );
});

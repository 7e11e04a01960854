// `npm run test:e2e`: the failure diagnosis in the extension (issue 16), as a user meets it in code-server with the
// packaged .vsix, on the generator's diagnosis fixture (known classes injected):
// - the scoreboard's Diagnosis section prints the CLI's lines; a line's button filters the Questions tree on
//   exactly that subtask's questions of that class;
// - the Questions view's Filter by Status button lists the active file's classes with their counts and filters;
// - a question's tooltip names its class and the correction;
// - screenshots in dark, light and high-contrast themes (test-results/screenshots/diagnosis/).
import { renameSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { classSentence, COMPETENCIES, diagnoseFile, readDataset, SUBTASKS, type Dataset, type FileDiagnosis } from '../../src/core';
import { countDescription, shortQuestionLabel } from '../../src/model/labels';
import { questionDiagnosisWords } from '../../src/shared/diagnosis/views';
import { SCREENSHOT_DIR } from '../vscode/harness/env';
import { writeDiagnosisFixture } from '../unit/helpers/diagnosisFixture';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { exitUnlessTestEnvironment, fileNameOf, stepRunner } from './steps';
import {
  competencyCounts as competencyCountsOf,
  findRow,
  hoverText,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  resultRowNamed,
  rowDescription,
  setColorTheme,
  setExpanded,
  THEMES,
  treeRows,
  webview,
  WORKBENCH,
} from './workbench';

const SHOTS = path.join(SCREENSHOT_DIR, 'diagnosis');
const ACTION_TIMEOUT_MS = 45_000;
const STEP_TIMEOUT_MS = 150_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const FIXTURE = 'diagnosis-fixture';
/** As the unit test of the fixture: every subtask-wide class needs at least 20 questions per subtask. */
const QUESTIONS_PER_SUBTASK = 24;

let session: UiSession | undefined;
let page: Page;
let dataset: Dataset;
let diagnosis: FileDiagnosis;
const failed = new Set<string>();
const step = stepRunner(
  failed,
  async (name, error) => {
    await page?.screenshot({ path: path.join(SHOTS, `${error ? 'failed-' : ''}${fileNameOf(name)}.png`) }).catch(() => undefined);
  },
  STEP_TIMEOUT_MS,
);

/** The fixture dataset without video, and its diagnosis fixture as the workspace's only result file. */
function prepareWorkspace(workspace: string): void {
  const out = path.join(workspace, 'fixture');
  renameSync(writeDiagnosisFixture(out, { questionsPerSubtask: QUESTIONS_PER_SUBTASK }), path.join(workspace, `${FIXTURE}.jsonl`));
  rmSync(path.join(out, 'results'), { recursive: true });
}

const quickInput = () => page.locator(WORKBENCH.quickInput);
const questionsHeader = () => page.locator(`.pane-header[aria-label^="${QUESTIONS_VIEW}"]`);
const board = () => webview(page);
const subtaskOf = (key: string) => diagnosis.subtasks.find((s) => s.subtask === key)!;
const classOf = (key: string, cls: string) => subtaskOf(key).classes.find((c) => c.cls === cls)!;

async function waitForViewDescription(text: string): Promise<void> {
  await questionsHeader().locator('.description', { hasText: text }).waitFor({ state: 'visible' });
}

/** The question rows of one subtask, as their descriptions (the short uid labels), the subtask expanded. */
async function questionRowsOf(abbreviation: string): Promise<string[]> {
  const info = SUBTASKS.find((s) => s.abbreviation === abbreviation)!;
  for (const c of COMPETENCIES) {
    const row = await findRow(page, QUESTIONS_VIEW, c.name, 1).catch(() => undefined);
    if (row) await setExpanded(row, c.key === info.competency);
  }
  await setExpanded(await findRow(page, QUESTIONS_VIEW, abbreviation, 2), true);
  const rows = treeRows(page, QUESTIONS_VIEW).and(page.locator('[aria-level="3"]'));
  const read = async () => {
    const out: string[] = [];
    for (let i = 0; i < (await rows.count()); i++) out.push(await rowDescription(rows.nth(i)));
    return out.sort();
  };
  // An expanded subtask's children come a moment later (the tree fetches them): read until two reads agree.
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  let last = await read();
  for (;;) {
    await page.waitForTimeout(300);
    const now = await read();
    if (now.length > 0 && JSON.stringify(now) === JSON.stringify(last)) return now;
    if (Date.now() > deadline) return now;
    last = now;
  }
}

const labelsOf = (uids: readonly string[]) => uids.map((u) => shortQuestionLabel(u, dataset.byUid.get(u)!.scene)).sort();

const competencyCounts = () => competencyCountsOf(page);

exitUnlessTestEnvironment();

describe('The diagnosis in the real workbench: the scoreboard section, the tree filter, the tooltip', () => {
  sessionHooks(SHOTS, failed, () => session);

  const started = 'code-server opens the diagnosis fixture (288 questions) with its result file';
  step(
    started,
    [],
    async () => {
      session = await startUiSession('diagnosis', prepareWorkspace, ACTION_TIMEOUT_MS, { 'workbench.view.alwaysShowHeaderActions': true });
      page = session.page;
      dataset = await readDataset(path.join(session.workspace, 'fixture'), { sniffMedia: false });
      diagnosis = (await diagnoseFile(dataset, path.join(session.workspace, `${FIXTURE}.jsonl`), { profile: 'paper' })).diagnosis;
      await openContainer(page, 'GST-Bench');
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
      await findRow(page, RESULTS_VIEW, resultRowNamed(FIXTURE));
    },
    SETUP_TIMEOUT_MS,
  );

  const fromBoard = "a Diagnosis line's button in the scoreboard shows exactly that subtask's questions of its class";
  step(fromBoard, [started], async () => {
    await page.locator('.statusbar-item[id$="gstBench.activeResult"]').click();
    await page.locator('.tab', { hasText: 'GST-Bench Scoreboard' }).first().waitFor({ state: 'visible' });
    const line = board().locator('[data-role="diagnosis-subtask"][data-subtask="ed_s"] [data-role="diagnosis-line"][data-cls="sign_flip"]');
    await line.waitFor({ state: 'visible' });
    const signFlips = classOf('ed_s', 'sign_flip');
    assert.equal(signFlips.count, 4, 'the fixture injects 4 sign flips in EDs');
    assert.equal(
      (await line.locator('.diagnosis-text').innerText()).trim(),
      classSentence(subtaskOf('ed_s'), signFlips, diagnosis.overall),
      "the line is the CLI's",
    );
    await line.locator('[data-action="show-diagnosis-questions"]').click();
    await board().locator('[data-role="diagnosis-notice"]', { hasText: 'EDs: 4 questions shown' }).waitFor({ state: 'visible' });
    await waitForViewDescription('sign flips in EDs');
    assert.deepEqual(await questionRowsOf('EDs'), labelsOf(signFlips.uids));
    assert.deepEqual(Object.keys(await competencyCounts()), ['Object Localization'], 'only the subtask of the line');
    await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, 'sidebar-after-button.png') });
  });

  const fromFilter = "the Filter by Status button lists the active file's classes with their counts and filters on one";
  step(fromFilter, [started], async () => {
    await questionsHeader().hover();
    await questionsHeader().locator('.action-label[aria-label="Filter by Status…"]').click();
    const unitSlips = diagnosis.subtasks.flatMap((s) => s.classes.filter((c) => c.cls === 'unit_slip').map((c) => ({ s, c })));
    const total = unitSlips.reduce((n, x) => n + x.c.count, 0);
    assert.ok(total > 0, 'the fixture injects unit slips');
    // The pick is longer than its list shows: type, as a user would, to bring the class up.
    await quickInput().locator('input').first().fill('Unit slips');
    const row = quickInput().locator(WORKBENCH.listRow, { has: page.locator('.label-name', { hasText: /^Unit slips$/ }) });
    await row.waitFor({ state: 'visible' });
    assert.match(await row.innerText(), new RegExp(`${total} questions`));
    assert.match(await row.innerText(), new RegExp(unitSlips.map((x) => `${x.s.abbreviation} ${x.c.count}`).join(', ')));
    await page.screenshot({ path: path.join(SHOTS, 'filter-pick.png') });
    await row.click();
    await quickInput().waitFor({ state: 'hidden' });
    await waitForViewDescription('unit slips');
    const expected: Record<string, string> = {};
    for (const c of COMPETENCIES) {
      const inC = unitSlips.filter((x) => SUBTASKS.find((s) => s.key === x.s.subtask)!.competency === c.key);
      const all = dataset.questions.filter((q) => SUBTASKS.find((s) => s.key === q.subtask)?.competency === c.key).length;
      if (inC.length > 0)
        expected[c.name] = countDescription(
          inC.reduce((n, x) => n + x.c.count, 0),
          all,
        );
    }
    assert.deepEqual(await competencyCounts(), expected);
  });

  const tooltip = "a question's tooltip names its class and the correction";
  step(tooltip, [fromFilter], async () => {
    const slip = classOf('edist_s', 'unit_slip');
    const uid = slip.uids[0];
    const words = questionDiagnosisWords(diagnosis, uid, 'edist_s')!;
    assert.match(words, /^unit slip: converting the unit gives /);
    await questionRowsOf('EDists');
    const row = await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(uid, dataset.byUid.get(uid)!.scene), 3, 'description');
    const tip = await hoverText(page, row.locator('.monaco-icon-label').first(), /Diagnosis/, ACTION_TIMEOUT_MS);
    assert.ok(tip.includes(`Diagnosis: ${words}`), `the tooltip says "${words}": ${tip}`);
    await page.screenshot({ path: path.join(SHOTS, 'tooltip.png') });
  });

  step('screenshots of the Diagnosis section and the filtered sidebar in dark, light and high-contrast themes', [fromBoard], async () => {
    if (await quickInput().isVisible()) await page.keyboard.press('Escape');
    await page.locator('.tab', { hasText: 'GST-Bench Scoreboard' }).first().click();
    const section = board().locator('[data-role="diagnosis"]');
    await section.waitFor({ state: 'visible' });
    for (const theme of THEMES) {
      await setColorTheme(page, theme.label, theme.workbenchClass);
      await page.waitForTimeout(500);
      await section.locator('[data-role="diagnosis-subtask"]').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${theme.name}-workbench.png`) });
      await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, `${theme.name}-sidebar.png`) });
    }
    await setColorTheme(page, THEMES[0].label, THEMES[0].workbenchClass);
  });
});

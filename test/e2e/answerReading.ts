// `npm run test:e2e`: how answers were read (issue 11), as a user meets it in code-server with the packaged .vsix.
// - the demo's template-b shows its format loss in the Results row and its tooltip, and per subtask in the
//   Questions tree's tooltip;
// - "Read by a fallback rule" and "Ambiguous", picked from the Questions view's Filter by Status button, filter
//   the tree by the active file and show in the view's description;
// - the viewer shows, beside the highlighted span, the rule that read the answer and the file's format loss;
// - screenshots in dark, light and high-contrast themes (test-results/screenshots/answer-reading/).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import {
  COMPETENCIES,
  evaluateFile,
  formatLossOf,
  readByFallbackRule,
  readDataset,
  SUBTASKS,
  type Dataset,
  type Evaluation,
  type QuestionOutcome,
} from '../../src/core';
import { countDescription } from '../../src/model/labels';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { exitUnlessTestEnvironment, fileNameOf, stepRunner } from './steps';
import {
  clickQuestionRow,
  findRow,
  competencyCounts as competencyCountsOf,
  hoverText as hoverTextOf,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  resultRowNamed,
  rowDescription,
  setColorTheme,
  setExpanded,
  THEMES,
  treeRows,
  VIEWER,
  webview,
  WORKBENCH,
  setResultActive,
  setResultTicked,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const SHOTS = path.join(SCREENSHOT_DIR, 'answer-reading');
const ACTION_TIMEOUT_MS = 45_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
/** noisy-oracle with the first question of each subtask answered with a hedge the lenient reader flags ambiguous. */
const HEDGED_STEM = 'hedged';
const HEDGES: Record<string, string> = {
  angle: 'Somewhere between 30 and 40 degrees to the left.',
  distance: 'About 2-3 m.',
  point: '[100, 200, 300, 400]',
  choice: 'Both A and B could match.',
};

let session: UiSession | undefined;
let page: Page;
let dataset: Dataset;
let templateB: Evaluation;
let hedged: Evaluation;
const failed = new Set<string>();
const step = stepRunner(
  failed,
  async (name, error) => {
    await page?.screenshot({ path: path.join(SHOTS, `${error ? 'failed-' : ''}${fileNameOf(name)}.png`) }).catch(() => undefined);
  },
  STEP_TIMEOUT_MS,
);

function prepareWorkspace(workspace: string): void {
  cpSync(DEMO_DIR, path.join(workspace, 'demo'), { recursive: true, filter: (src) => !src.includes(`${path.sep}results`) });
  cpSync(path.join(DEMO_DIR, 'results', 'template-b.jsonl'), path.join(workspace, 'template-b.jsonl'));
  const first = new Set(SUBTASKS.map((s) => dataset.questions.find((q) => q.subtask === s.key)!.uid));
  const lines = readFileSync(path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const r = JSON.parse(l) as { uid: string };
      return first.has(r.uid) ? JSON.stringify({ ...r, prediction: HEDGES[dataset.byUid.get(r.uid)!.kind!] }) : l;
    });
  writeFileSync(path.join(workspace, `${HEDGED_STEM}.jsonl`), lines.join('\n') + '\n');
}

const quickInput = () => page.locator(WORKBENCH.quickInput);
const questionsHeader = () => page.locator(`.pane-header[aria-label^="${QUESTIONS_VIEW}"]`);
const resultRow = (stem: string) => findRow(page, RESULTS_VIEW, resultRowNamed(stem));

const hoverText = (target: Locator, wanted: RegExp) => hoverTextOf(page, target, wanted, ACTION_TIMEOUT_MS);

/** Picks a status from the quick pick that the Questions view's "Filter by Status…" title button opens. */
async function filterByStatus(label: string): Promise<void> {
  await questionsHeader().hover();
  await questionsHeader().locator('.action-label[aria-label="Filter by Status…"]').click();
  const row = quickInput().locator(WORKBENCH.listRow, { has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) });
  await row.waitFor({ state: 'visible' });
  await row.click();
  await quickInput().waitFor({ state: 'hidden' });
}

/** "read by a fallback rule" in the Questions view's title, once the filter is on. */
async function waitForViewDescription(text: string): Promise<void> {
  await questionsHeader().locator('.description', { hasText: text }).waitFor({ state: 'visible' });
}

const competencyCounts = () => competencyCountsOf(page);

/** What the tree should show under a filter: per competency "shown/total q", from the core's own evaluation. */
function expectedCounts(e: Evaluation, keep: (o: QuestionOutcome) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of COMPETENCIES) {
    const qs = dataset.questions.filter((q) => SUBTASKS.find((s) => s.key === q.subtask)?.competency === c.key);
    const shown = qs.filter((q) => {
      const o = e.byUid.get(q.uid);
      return o !== undefined && keep(o);
    }).length;
    if (shown > 0) out[c.name] = countDescription(shown, qs.length);
  }
  return out;
}

async function openQuestion(uid: string): Promise<void> {
  await clickQuestionRow(page, dataset.byUid.get(uid)!);
  await webview(page).locator(VIEWER.uid, { hasText: uid }).waitFor({ state: 'visible' });
}

exitUnlessTestEnvironment();

describe('Answer reading in the real workbench: format loss, the two filters, the rule in the viewer', () => {
  sessionHooks(SHOTS, failed, () => session);

  const started = 'code-server opens the demo dataset with template-b and a file of hedged answers';
  step(
    started,
    [],
    async () => {
      dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
      session = await startUiSession('answers', prepareWorkspace, ACTION_TIMEOUT_MS, { 'workbench.view.alwaysShowHeaderActions': true });
      page = session.page;
      templateB = await evaluateFile(dataset, path.join(session.workspace, 'template-b.jsonl'), { profile: 'paper' });
      hedged = await evaluateFile(dataset, path.join(session.workspace, `${HEDGED_STEM}.jsonl`), { profile: 'paper' });
      await openContainer(page, 'GST-Bench');
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
      await resultRow('template-b');
      await resultRow(HEDGED_STEM);
      await setResultActive(page, 'template-b');
      await setResultTicked(page, 'template-b', true);
    },
    SETUP_TIMEOUT_MS,
  );

  step('the Results row of template-b gives its format loss, its tooltip the lenient and strict scores', [started], async () => {
    const loss = formatLossOf(dataset, templateB, { profile: 'paper' });
    assert.equal(loss.overall.loss!.toFixed(2), '51.57', 'the demo as measured with `gst-bench summary`');
    const row = await resultRow('template-b');
    assert.match(await rowDescription(row), /format loss 51\.57/);
    const tip = await hoverText(row.locator('.monaco-icon-label').first(), /loses 51\.57 points/);
    assert.match(tip, /template-b loses 51\.57 points to format \(lenient 76\.76, strict 25\.19\)/);
  });

  step("a subtask row's tooltip gives the active file's format loss on it", [started], async () => {
    await setExpanded(await findRow(page, QUESTIONS_VIEW, 'Object Localization', 1), true);
    const edv = await findRow(page, QUESTIONS_VIEW, 'EDv', 2);
    const tip = await hoverText(edv.locator('.monaco-icon-label').first(), /Format loss/);
    assert.match(tip, /template-b loses 55\.56 points on EDv to format \(lenient 88\.89, strict 33\.33; 2 of 3 questions differ\)/);
  });

  step("a question's tooltip holds its text with plain spaces (so it wraps) and model output as text", [started], async () => {
    const edv = await findRow(page, QUESTIONS_VIEW, 'EDv', 2);
    await setExpanded(edv, true);
    const question = page.getByRole('tree', { name: QUESTIONS_VIEW }).locator('[role="treeitem"][aria-level="3"]').first();
    await hoverText(question.locator('.monaco-icon-label').first(), /Answer:/);
    const hover = page
      .locator('.monaco-hover:visible, .workbench-hover:visible')
      .filter({ hasText: /Answer:/ })
      .first();
    const raw = await hover.innerText();
    const uid = raw.split('\n')[0].trim();
    const q = dataset.byUid.get(uid);
    assert.ok(q, `the tooltip starts with the question's uid, got "${uid}"`);
    const text = q.texts[q.texts.length - 1].trim().split('\n')[0].slice(0, 60);
    assert.ok(raw.includes(text), `the tooltip holds "${text}" as typed (no non-breaking spaces):\n${raw}`);
    const box = await hover.boundingBox();
    assert.ok(
      box && box.width < page.viewportSize()!.width * 0.8,
      `the tooltip wraps instead of running off the window (${box?.width} px)`,
    );
    await page.screenshot({ path: path.join(SHOTS, 'question-tooltip.png') });
    await page.mouse.move(0, 0);
  });

  step('"Read by a fallback rule" from the Filter by Status button keeps the answers outside the prompt\'s format', [started], async () => {
    await filterByStatus('Read by a fallback rule');
    await waitForViewDescription('read by a fallback rule');
    const expected = expectedCounts(templateB, (o) => readByFallbackRule(o.parse));
    assert.ok(Object.keys(expected).length > 0);
    assert.deepEqual(await competencyCounts(), expected);
  });

  step('"Ambiguous" keeps the flagged answers of the active file', [started], async () => {
    await setResultActive(page, HEDGED_STEM);
    await filterByStatus('Ambiguous');
    await waitForViewDescription('ambiguous');
    const expected = expectedCounts(hedged, (o) => o.parse.ambiguous !== undefined);
    assert.equal(
      Object.values(expected).reduce((n, c) => n + Number(c.split('/')[0]), 0),
      SUBTASKS.length,
      'one hedge per subtask',
    );
    assert.deepEqual(await competencyCounts(), expected);
    await questionsHeader().hover();
    await questionsHeader().locator('.action-label[aria-label="Clear Filter"]').click();
    await questionsHeader().locator('.description').filter({ hasText: 'ambiguous' }).waitFor({ state: 'detached' });
    await setResultActive(page, 'template-b');
  });

  const viewerStep = 'the viewer shows the rule beside the highlighted span and the format loss in the header';
  step(viewerStep, [started], async () => {
    // template-b's EDv answer "45 degrees to the left", read by a fallback rule with a direction word.
    const q = dataset.questions.find((x) => x.subtask === 'ed_v' && templateB.byUid.get(x.uid)?.parse.read?.includes('direction word'))!;
    assert.ok(q, 'template-b reads a direction word on EDv');
    await openQuestion(q.uid);
    const raw = webview(page).locator(`.raw`, { has: webview(page).locator('strong', { hasText: /^template-b$/ }) });
    const reading = (await raw.locator('[data-role="reading"]').innerText()).replace(/\s+/g, ' ');
    assert.match(reading, /rule: only value \(a fallback rule\), lenient reader/);
    assert.match(reading, /read: direction word/);
    const row = webview(page).locator('tr.result-row', { has: webview(page).locator('.result-label', { hasText: /^template-b/ }) });
    const header = (await row.locator('[data-role="format-loss"]').innerText()).trim();
    assert.equal(header, 'template-b loses 55.56 points on EDv to format (lenient 88.89, strict 33.33; 2 of 3 questions differ)');
  });

  step('screenshots of the rule and the format loss in dark, light and high-contrast themes', [viewerStep], async () => {
    // A hedged answer beside it: the ambiguity flag and its rule.
    await setResultTicked(page, HEDGED_STEM, true);
    const q = dataset.questions.find((x) => x.subtask === 'edist_v')!;
    await openQuestion(q.uid);
    const note = webview(page).locator('.raw', { has: webview(page).locator('strong', { hasText: new RegExp(`^${HEDGED_STEM}$`) }) });
    await note.locator('[data-role="reading"]', { hasText: 'ambiguous: range; rule: the midpoint, exact' }).waitFor();
    for (const theme of THEMES) {
      await setColorTheme(page, theme.label, theme.workbenchClass);
      await page.waitForTimeout(500);
      await webview(page)
        .locator(VIEWER.header)
        .screenshot({ path: path.join(SHOTS, `${theme.name}-viewer-header.png`) });
      await note.scrollIntoViewIfNeeded();
      await webview(page)
        .locator('[data-role="raw-outputs"]')
        .screenshot({ path: path.join(SHOTS, `${theme.name}-raw-outputs.png`) });
      await page.locator('.part.sidebar').screenshot({ path: path.join(SHOTS, `${theme.name}-sidebar.png`) });
    }
    await setColorTheme(page, THEMES[0].label, THEMES[0].workbenchClass);
  });
});

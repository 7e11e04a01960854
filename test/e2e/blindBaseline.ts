// The blind human baseline as a participant meets it, in code-server with the packaged .vsix:
// "Start Human Baseline" from the command palette (name, then one question per subtask), then every question
// answered in its own terms with real pointer and key events: a click on the top-down map, an arrow dragged on the
// direction dial, the heading dragged on the map, meters typed, a letter pressed; Submit after each. Before each
// answer the viewer's DOM is checked for the truth, the uid and the models' outputs. At the end the result file
// human-Ada.jsonl is read back and scored by the same scorer, against what was aimed at, and the result page, the
// Results view and the reveal are checked. Blind mode is photographed in dark, light and high-contrast themes.
import { cpSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { evaluateFile, readDataset, type Dataset, type Evaluation, type Question } from '../../src/core';
import { sampleBlind } from '../../src/shared/baseline/sampler';
import { formatScore } from '../../src/shared/format';
import { normalizedToDrawing } from '../../src/shared/geometry';
import { formatParsed } from '../../src/shared/parsing/parsedValue';
import { REPO_ROOT, SCREENSHOT_DIR } from '../vscode/harness/env';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { createSteps, exitUnlessTestEnvironment } from './steps';
import {
  CONTAINER_TITLE,
  findRow,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  resultRowNamed,
  runFromPalette,
  setColorTheme,
  treeRows,
  webview,
  WORKBENCH,
} from './workbench';

const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
const SHOTS = path.join(SCREENSHOT_DIR, 'blind');
const ACTION_TIMEOUT_MS = 30_000;
const STEP_TIMEOUT_MS = 4 * 60_000;
const SETUP_TIMEOUT_MS = 6 * 60_000;
const NAME = 'Ada';
const MODEL_FILES = ['noisy-oracle', 'random', 'template-b'];
const THEMES = [
  { name: 'dark', label: 'Dark Modern', workbenchClass: 'vs-dark' },
  { name: 'light', label: 'Light Modern', workbenchClass: 'vs' },
  { name: 'high-contrast', label: 'Dark High Contrast', workbenchClass: 'hc-black' },
] as const;
/** data-role values of the ordinary viewer that carry truth or predictions; none may exist while blind. */
const REVEALING_ROLES = [
  'truth',
  'truth-arrow',
  'truth-ray',
  'truth-point',
  'truth-marker',
  'choice-truth',
  'choice-pick',
  'pred-arrow',
  'pred-ray',
  'pred-point',
  'pred-marker',
  'raw-output',
  'parsed-prediction',
  'uid',
];

let session: UiSession | undefined;
let page: Page;
let dataset: Dataset;
let sample: Question[];
const models = new Map<string, Evaluation>();
/** What each question was answered with (the value aimed at), by uid. */
const aimed = new Map<string, string>();
const { step, failed } = createSteps({ page: () => page, screenshotPrefix: 'blind/', timeoutMs: STEP_TIMEOUT_MS });

const view = () => webview(page);
const resultsFile = () => path.join(session!.workspace, 'demo', 'results', `human-${NAME}.jsonl`);

const setTheme = (label: string, workbenchClass: string) => setColorTheme(page, label, workbenchClass);

/** Drags with real pointer events from the element's centre (nudged off it) to the point at `deg` (0 up, left positive). */
async function dragAngle(selector: string, deg: number): Promise<void> {
  const box = (await view().locator(selector).first().boundingBox())!;
  const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const r = Math.min(box.width, box.height) * 0.3;
  const at = (a: number, len: number) => ({ x: c.x - Math.sin((a * Math.PI) / 180) * len, y: c.y - Math.cos((a * Math.PI) / 180) * len });
  const start = at(deg + 120, r * 0.5);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    const p = at(deg + 120 - (120 * i) / 8, r * (0.5 + (0.5 * i) / 8));
    await page.mouse.move(p.x, p.y);
  }
  await page.mouse.up();
}

/** Fails when the blind viewer shows anything of the truth, the uid, or a model's output for this question. */
async function assertNothingRevealed(q: Question): Promise<void> {
  // The whole DOM, attributes too (serialised, not read through innerHTML), but for the page's own bundle: it is
  // written into the page under its nonce, and its code holds words such as `data-correct`.
  const html = await view()
    .locator('body')
    .evaluate((b) => {
      const copy = b.cloneNode(true) as HTMLElement;
      const own = [...b.querySelectorAll('script')].map((s) => s.nonce !== '');
      [...copy.querySelectorAll('script')].forEach((s, i) => own[i] && s.remove());
      return new XMLSerializer().serializeToString(copy);
    });
  const text = await view().locator('body').innerText();
  for (const role of REVEALING_ROLES) assert.ok(!html.includes(`data-role="${role}"`), `${q.uid}: blind mode has no ${role} element`);
  assert.ok(!html.includes(q.uid), `${q.uid}: the uid is not in the DOM`);
  for (const m of MODEL_FILES) assert.ok(!text.includes(m), `${q.uid}: no result file (${m}) is named`);
  for (const [name, ev] of models) {
    const raw = ev.byUid.get(q.uid)?.prediction ?? '';
    if (raw.trim().length >= 4) assert.ok(!html.includes(raw.trim().slice(0, 40)), `${q.uid}: ${name}'s output is not in the DOM`);
  }
  const truth = formatParsed(q.truth);
  // Angle truths that are also the dial's own labels (0°, ±90°, 180°) cannot be told apart from them.
  const dialLabel = q.truth?.kind === 'angle' && [0, 90, -90, 180, -180].includes(q.truth.value);
  if (!dialLabel && q.truth?.kind !== 'choice') assert.ok(!text.includes(truth), `${q.uid}: the truth ${truth} is not shown`);
  if (q.truth?.kind === 'choice')
    assert.ok(!html.includes('data-correct') && !text.includes('✓'), `${q.uid}: no candidate is marked correct`);
  // Not even in a media URI: the file names can name the target or the orientation.
  for (const m of [q.video, ...q.images])
    if (m) assert.ok(!html.includes(path.basename(m.relPath)), `${q.uid}: the file name ${m.relPath}`);
  assert.ok(!text.includes('Ground truth'), `${q.uid}: no truth row`);
}

/** Answers the question shown as a participant would, aiming at the truth; returns what was aimed at. */
async function answer(q: Question): Promise<string> {
  const t = q.truth!;
  const input = (await view().locator('main[data-blind="question"]').getAttribute('data-input'))!;
  if (input === 'point' && t.kind === 'point') {
    const surface = view().locator('[data-input="point-map"] svg.blind-surface');
    const box = (await surface.boundingBox())!;
    const g = q.extra.geometry as { topdown: { width: number; height: number } };
    const d = normalizedToDrawing({ x: t.x, y: t.y }, g.topdown.width, g.topdown.height);
    const x = box.x + (d.x / g.topdown.width) * box.width;
    const y = box.y + (d.y / g.topdown.height) * box.height;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    await view().locator('[data-role="answer-point"]').waitFor({ state: 'attached' });
    return `point ${t.x} ${t.y}`;
  }
  if ((input === 'direction' || input === 'heading') && t.kind === 'angle') {
    await dragAngle(input === 'direction' ? 'svg[data-input="direction-dial"]' : '[data-input="heading-map"] svg.blind-surface', t.value);
    await view().locator('[data-role="answer-arrow"]').waitFor({ state: 'attached' });
    return `angle ${t.value}`;
  }
  if (input === 'distance' && t.kind === 'distance') {
    await view().locator('input[data-input="distance"]').click();
    await page.keyboard.type(t.value.toFixed(1));
    return `distance ${t.value.toFixed(1)}`;
  }
  if (input === 'choice' && t.kind === 'choice') {
    await view()
      .locator('[data-role="blind-header"]')
      .click({ position: { x: 5, y: 5 } }); // keyboard focus into the viewer
    await page.keyboard.press(t.letter.toLowerCase());
    await view().locator(`[data-letter="${t.letter}"][data-chosen]`).waitFor({ state: 'attached' });
    return `choice ${t.letter}`;
  }
  throw new Error(`${q.uid}: input ${input} does not fit a ${t.kind} answer`);
}

exitUnlessTestEnvironment();

describe('The blind human baseline in the real workbench', () => {
  sessionHooks(SHOTS, failed, () => session);

  const setup = 'code-server opens a workspace holding the demo dataset and three result files';
  step(
    setup,
    [],
    async () => {
      dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
      for (const m of MODEL_FILES)
        models.set(m, await evaluateFile(dataset, path.join(DEMO_DIR, 'results', `${m}.jsonl`), { profile: 'paper' }));
      const drawn = sampleBlind(
        dataset.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null && q.kind !== null })),
        { perSubtask: 1 },
      );
      sample = drawn.uids.map((u) => dataset.byUid.get(u)!);
      // The result files at the workspace's top, where the start-up detection looks first.
      session = await startUiSession(
        'blind',
        (ws) => {
          cpSync(DEMO_DIR, path.join(ws, 'demo'), { recursive: true, filter: (src) => !src.includes(`${path.sep}results`) });
          for (const m of MODEL_FILES) cpSync(path.join(DEMO_DIR, 'results', `${m}.jsonl`), path.join(ws, `${m}.jsonl`));
        },
        ACTION_TIMEOUT_MS,
      );
      page = session.page;
      await openContainer(page, CONTAINER_TITLE);
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
      for (const m of MODEL_FILES) await findRow(page, RESULTS_VIEW, resultRowNamed(m));
    },
    SETUP_TIMEOUT_MS,
  );

  const started = 'Start Human Baseline from the palette asks for a name and a sample size and opens the viewer blind';
  step(started, [setup], async () => {
    await runFromPalette(page, 'GST-Bench: Start Human Baseline');
    const input = page.locator(WORKBENCH.quickInput).locator('input').first();
    await page.locator(WORKBENCH.quickInput, { hasText: 'your name' }).waitFor({ state: 'visible' });
    await input.fill(NAME);
    await page.keyboard.press('Enter');
    await page.locator(WORKBENCH.quickInput, { hasText: 'questions per subtask' }).waitFor({ state: 'visible' });
    assert.equal(await input.inputValue(), '20', "the paper's 20 per subtask is the default");
    await input.fill('1');
    await page.keyboard.press('Enter');
    await view().locator('main[data-blind="question"][data-number="1"]').waitFor({ state: 'visible' });
    assert.match(await view().locator('[data-role="blind-progress"]').innerText(), new RegExp(`Question 1 of ${sample.length}`));
  });

  const answered = 'every question is answered with pointer and key events and nothing of the truth is in the DOM';
  step(
    answered,
    [started],
    async () => {
      const photographed = new Set<string>();
      for (const [i, q] of sample.entries()) {
        const main = view().locator(`main[data-blind="question"][data-number="${i + 1}"]`);
        await main.waitFor({ state: 'visible' });
        await assertNothingRevealed(q);
        const input = (await main.getAttribute('data-input'))!;
        aimed.set(q.uid, await answer(q));
        if (!photographed.has(input)) {
          photographed.add(input);
          for (const theme of THEMES) {
            await setTheme(theme.label, theme.workbenchClass);
            await page.screenshot({ path: path.join(SHOTS, `${input}-${theme.name}.png`) });
          }
          await setTheme(THEMES[0].label, THEMES[0].workbenchClass);
        }
        const submit = view().locator('[data-action="blind-submit"]');
        await submit.hover();
        await submit.click();
        // The next question, or after the last the result page, shows once the answer is saved.
        const next = i + 1 < sample.length ? `main[data-blind="question"][data-number="${i + 2}"]` : 'main[data-blind="result"]';
        await view().locator(next).waitFor({ state: 'visible' });
      }
    },
    10 * 60_000,
  );

  const scored = 'human-Ada.jsonl is a standard result file, scored as aimed, and the result page and Results view show it';
  step(scored, [answered], async () => {
    const lines = readFileSync(resultsFile(), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => l.uid),
      sample.map((q) => q.uid),
      'one line per question, in the order asked',
    );
    for (const l of lines) {
      assert.equal(l.model, `human:${NAME}`);
      assert.equal(l.template, 'blind');
      assert.ok(Number.isInteger(l.elapsed_ms) && l.elapsed_ms > 0, `${l.uid}: elapsed time ${l.elapsed_ms} ms`);
      const [kind, ...value] = aimed.get(l.uid)!.split(' ');
      if (kind === 'choice') assert.equal(l.prediction, value[0]);
      else if (kind === 'distance') assert.equal(l.prediction, value[0]);
      else if (kind === 'angle') {
        assert.match(l.prediction, /^-?\d+$/, 'an integer angle');
        assert.ok(Math.abs(Number(l.prediction) - Number(value[0])) <= 2, `${l.uid}: dragged ${l.prediction}° for ${value[0]}°`);
      } else {
        const m = /^<point>(\d+) (\d+)<\/point>$/.exec(l.prediction);
        assert.ok(m, `${l.uid}: ${l.prediction} is <point>x y</point>`);
        assert.ok(
          Math.abs(Number(m[1]) - Number(value[0])) <= 3 && Math.abs(Number(m[2]) - Number(value[1])) <= 3,
          `${l.uid}: clicked ${l.prediction}`,
        );
      }
    }
    // Aimed at the truth, within a few units or degrees: every answer passes every threshold, so each subtask scores 100.
    const human = await evaluateFile(dataset, resultsFile(), { profile: 'paper' });
    assert.equal(human.scored, sample.length);
    for (const q of sample) assert.equal(human.byUid.get(q.uid)!.score, 1, `${q.uid}: ${human.byUid.get(q.uid)!.prediction}`);
    assert.equal(human.overall, 100);
    const summary = await view().locator('[data-role="human-summary"]').innerText();
    assert.match(
      summary,
      new RegExp(`^${formatScore(human.overall)} over 12 subtasks \\(${sample.length} of ${sample.length} answered\\)`),
    );
    assert.match(summary, /the paper's humans 79\.08/);
    assert.equal(await view().locator('tr[data-row="overall"] [data-role="you"]').innerText(), formatScore(human.overall));
    assert.equal(await view().locator('tr[data-row="overall"] [data-role="paper"]').innerText(), '79.08');
    // Each model's column is its score on the same questions.
    const header = await view().locator('[data-role="human-table"] thead th').allInnerTexts();
    for (const m of MODEL_FILES)
      assert.ok(
        header.some((h) => h.includes(m)),
        `the table has a column for ${m}`,
      );
    for (const theme of THEMES) {
      await setTheme(theme.label, theme.workbenchClass);
      await page.screenshot({ path: path.join(SHOTS, `result-${theme.name}.png`) });
    }
    await setTheme(THEMES[0].label, THEMES[0].workbenchClass);
    await openContainer(page, CONTAINER_TITLE);
    // 12 of the 36 questions: a partial file, and labelled so.
    await findRow(page, RESULTS_VIEW, (label) => label === `${formatScore(human.overall)} partial · human-${NAME}`);
  });

  step('Reveal asks first, then lists truth against the answers and opens a question with its predictions', [scored], async () => {
    const reveal = view().locator('[data-action="blind-reveal"]');
    await reveal.hover();
    await reveal.click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('.monaco-button', { hasText: /^Reveal$/ }).click();
    await view().locator('[data-role="revealed"]').waitFor({ state: 'visible' });
    const first = sample[0];
    const row = view().locator(`[data-role="revealed"] tr[data-uid="${first.uid}"]`);
    assert.match(await row.innerText(), new RegExp(formatParsed(first.truth).replace(/[()]/g, '\\$&')));
    await page.screenshot({ path: path.join(SHOTS, 'revealed-dark.png') });
    const open = row.locator('[data-action="open-revealed"]');
    await open.hover();
    await open.click();
    await view().locator('[data-role="uid"]', { hasText: first.uid }).waitFor({ state: 'visible' });
    await view().locator(`[data-role="truth"]`).waitFor({ state: 'visible' });
  });
});

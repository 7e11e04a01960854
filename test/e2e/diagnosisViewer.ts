// `npm run test:e2e`: the failure diagnosis in the sample viewer (issue 16), as a user meets it in code-server with
// the packaged .vsix, on the demo dataset and a result file made to have a sign flip:
// - the question's what-if is drawn dotted over the overlay, with its label and a legend checkbox that hides it;
// - the visibility timeline under the video shows where the target is visible and the 32 sampled frames, and a
//   click on it seeks the video;
// - screenshots in dark, light and high-contrast themes (test-results/screenshots/diagnosis-viewer/).
import { cpSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { readDataset, type Dataset, type Question } from '../../src/core';
import { frameTime } from '../../src/shared/diagnosis/timeline';
import { SCREENSHOT_DIR } from '../vscode/harness/env';
import { DEMO_DIR, editedNoisyOracle } from '../unit/helpers/demoResults';
import { sessionHooks, startUiSession, type UiSession } from './session';
import { exitUnlessTestEnvironment, fileNameOf, stepRunner } from './steps';
import {
  clickQuestionRow,
  findRow,
  openContainer,
  QUESTIONS_VIEW,
  RESULTS_VIEW,
  resultRowNamed,
  setColorTheme,
  THEMES,
  treeRows,
  VIEWER,
  webview,
} from './workbench';

const SHOTS = path.join(SCREENSHOT_DIR, 'diagnosis-viewer');
const ACTION_TIMEOUT_MS = 45_000;
const STEP_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 8 * 60_000;
const FLIPPED_STEM = 'flipped';
/** The frame whose cell the timeline test clicks (the target is visible in [52, 86) of the demo's first EDv video). */
const CLICKED_FRAME = 60;

let session: UiSession | undefined;
let page: Page;
let dataset: Dataset;
let question: Question;
const failed = new Set<string>();
const step = stepRunner(
  failed,
  async (name, error) => {
    await page?.screenshot({ path: path.join(SHOTS, `${error ? 'failed-' : ''}${fileNameOf(name)}.png`) }).catch(() => undefined);
  },
  STEP_TIMEOUT_MS,
);

/** The demo without its result files, and the noisy oracle with the first EDv answer's sign flipped. */
function prepareWorkspace(workspace: string): void {
  cpSync(DEMO_DIR, path.join(workspace, 'demo'), { recursive: true, filter: (src) => !src.includes(`${path.sep}results`) });
  const text = editedNoisyOracle((r) => (r.uid === question.uid ? { ...r, prediction: `-${question.answer}` } : undefined));
  writeFileSync(path.join(workspace, `${FLIPPED_STEM}.jsonl`), text);
}

const view = () => webview(page);

/** Clicks the middle of a frame's cell on the timeline (the first EDv video has 254 frames), as a user does. */
async function clickTimelineAt(frame: number): Promise<void> {
  const svg = view().locator('[data-role="timeline-svg"]');
  const box = (await svg.boundingBox())!;
  await svg.click({ position: { x: ((frame + 0.5) / 254) * box.width, y: box.height / 2 } });
}

exitUnlessTestEnvironment();

describe('The diagnosis in the real viewer: the dotted what-if and the visibility timeline', () => {
  sessionHooks(SHOTS, failed, () => session);

  const started = 'code-server opens the demo with a result file whose first EDv answer has its sign flipped';
  step(
    started,
    [],
    async () => {
      dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
      question = dataset.questions.find((q) => q.subtask === 'ed_v')!;
      assert.equal(question.answer, '70', "the demo's first EDv question");
      session = await startUiSession('diagnosis-viewer', prepareWorkspace, ACTION_TIMEOUT_MS);
      page = session.page;
      await openContainer(page, 'GST-Bench');
      await treeRows(page, QUESTIONS_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
      await findRow(page, RESULTS_VIEW, resultRowNamed(FLIPPED_STEM));
    },
    SETUP_TIMEOUT_MS,
  );

  const drawn = 'a click on the question draws its what-if dotted over the dial and the map, with its label in the legend';
  step(drawn, [started], async () => {
    await clickQuestionRow(page, question);
    await view().locator(VIEWER.uid, { hasText: question.uid }).waitFor({ state: 'visible' });
    const arrow = view().locator('svg[data-overlay="direction-dial"] [data-role="whatif-arrow"]');
    await arrow.waitFor({ state: 'visible' });
    assert.equal(await arrow.getAttribute('data-class'), 'sign_flip');
    assert.equal(await arrow.getAttribute('data-angle'), '70');
    const dash = await arrow.locator('[data-role="whatif-stroke"]').evaluate((e) => getComputedStyle(e).strokeDasharray);
    assert.notEqual(dash, 'none', 'the what-if is dashed');
    await view().locator('svg[data-overlay="direction-map"] [data-role="whatif-ray"]').waitFor({ state: 'visible' });
    const caption = (await view().locator('[data-role="whatif-caption"]').innerText()).replace(/\s+/g, ' ');
    assert.match(caption, /what-if: sign flipped → score 1\.00: flipped answered -70° \(score 0\.00\); corrected, 70°/);
    // The legend's checkbox hides it, as a user unticks it, and brings it back.
    const box = view().locator('[data-role="overlay-legend"] input[data-action="toggle-whatif"]');
    await box.click();
    await arrow.waitFor({ state: 'detached' });
    await box.click();
    await arrow.waitFor({ state: 'visible' });
  });

  const seeks = 'the visibility timeline under the video shows the stretches and the 32 sampled frames; a click seeks the video';
  step(seeks, [drawn], async () => {
    const timeline = view().locator('[data-role="visibility-timeline"][data-state="known"]');
    await timeline.waitFor({ state: 'visible' });
    await view().locator('[data-role="player"][data-state="loaded"]').waitFor();
    assert.equal(await timeline.getAttribute('data-frames'), '254');
    assert.equal(await view().locator('[data-role="visible-segment"]').count(), 2);
    assert.equal(await view().locator('[data-role="sampled-frame"]').count(), 32);
    assert.match(
      await view().locator('[data-role="sampled-summary"]').innerText(),
      /32 frames, uniform \(setting gstBench\.diagnosis\.frameSampling\)/,
    );
    await clickTimelineAt(CLICKED_FRAME);
    const expected = frameTime(CLICKED_FRAME, 10);
    const video = view().locator(VIEWER.video);
    const deadline = Date.now() + 10_000;
    let time = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    while (Math.abs(time - expected) > 0.01 && Date.now() < deadline) {
      await page.waitForTimeout(100);
      time = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    }
    assert.ok(Math.abs(time - expected) <= 0.01, `the video is at ${time} s, not ${expected} s`);
    assert.match(await view().locator('[data-role="timeline-frame"]').innerText(), new RegExp(`frame ${CLICKED_FRAME}: target visible`));
  });

  step('screenshots of the what-if and the timeline in dark, light and high-contrast themes', [seeks], async () => {
    for (const theme of THEMES) {
      await setColorTheme(page, theme.label, theme.workbenchClass);
      await page.waitForTimeout(500);
      // The webview may repaint on a theme change: wait for the marks, then put the playhead in a stretch.
      await view().locator('[data-role="whatif-arrow"]').waitFor({ state: 'visible' });
      await view().locator('[data-role="player"][data-state="loaded"]').waitFor();
      await clickTimelineAt(CLICKED_FRAME);
      await view()
        .locator('[data-role="timeline-frame"]', { hasText: `frame ${CLICKED_FRAME}:` })
        .waitFor();
      // The viewer's panel as the page shows it: element screenshots inside the webview's nested frames came out stale.
      const panel = (await page.locator('iframe.webview.ready').boundingBox())!;
      await page.screenshot({ path: path.join(SHOTS, `${theme.name}-viewer.png`), clip: panel });
    }
    await setColorTheme(page, THEMES[0].label, THEMES[0].workbenchClass);
  });
});

// The sample viewer in real Chromium, without VS Code: the extension's own HTML and CSP, the built bundle,
// a fake acquireVsCodeApi, real H.264 clips. One question per answer kind; screenshots go to
// test-results/screenshots/ (git-ignored) to be looked at. Run: npm run test:browser
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Dataset } from '../../src/core/dataset/question';
import { readDataset } from '../../src/core/dataset/reader';
import { evaluateFile, evaluateText } from '../../src/core/results/evaluation';
import type { HostMessage, SampleView } from '../../src/shared/protocol';
import { buildSampleView } from '../../src/panels/viewer/sampleView';
import { buildBlindQuestionView } from '../../src/panels/viewer/blind/blindView';
import type { ViewerResult } from '../../src/panels/viewer/viewerHost';
import { makeFixture, XSS_PREDICTION, type Fixture } from './fixtures';
import { startServer, type HarnessServer } from './server';
import { THEME_BODY_CLASSES, THEMES } from './themes';
import { CHROMIUM_ARGS } from '../vscode/harness/browser';
import { diagnosisAnswers } from '../../src/core/diagnosis/collect';
import { diagnose } from '../../src/shared/diagnosis/diagnose';
import { frameTime } from '../../src/shared/diagnosis/timeline';
import { diagnosisOverlayView } from '../../src/panels/viewer/diagnosisOverlay';
import { editedNoisyOracle } from '../unit/helpers/demoResults';
import { panelBundle } from '../../src/shared/protocol/panels';

const REPO = path.resolve(__dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Its own folder: the UI end-to-end run writes (and clears) test-results/screenshots/ too. */
const SHOTS = path.join(REPO, 'test-results', 'screenshots', 'viewer-browser');
const SHARED_SAMPLES = path.resolve(REPO, '../shared/datasets/gst-page-examples');
const DEMO = path.join(REPO, 'examples', 'demo');

let fixture: Fixture;
let dataset: Dataset;
let shared: Dataset | null = null;
let demo: Dataset | null = null;
let server: HarnessServer;
let results: ViewerResult[];
let context: BrowserContext;
let userDataDir: string;

async function sampleOf(uid: string, ds = dataset, res = results): Promise<SampleView> {
  const q = ds.byUid.get(uid);
  assert.ok(q, `fixture question ${uid} missing`);
  return buildSampleView(q, ds, { results: res, order: ds.questions.map((x) => x.uid), toUri: server.mediaUri });
}

/**
 * Installed before the page's scripts: the fake VS Code API, the theme's variables, CSP and dialog watchers.
 * A string, not a function: tsx would wrap a function's inner closures in its `__name` helper, unknown in the page.
 */
function initScript(theme: Record<string, string>, state: unknown, bodyClass: string): string {
  return `(() => {
  const w = window;
  const posted = [];
  const violations = [];
  w.__posted = posted;
  w.__cspViolations = violations;
  w.__dialogs = 0;
  let saved = ${JSON.stringify(state ?? null)};
  const theme = ${JSON.stringify(theme)};
  document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber));
  w.alert = () => { w.__dialogs++; };
  w.acquireVsCodeApi = () => ({
    postMessage(m) {
      posted.push(m);
      if (m.type === 'request') {
        const noAudit = { reviewer: 'harness', mine: null, others: [], disagree: false, file: 'gst-audit.jsonl', writable: true };
        const answers = {
          navigate: { uid: null, message: 'harness: navigation recorded' },
          copyText: { copied: true },
          openSource: { opened: false },
          getAudit: noAudit,
          nextUnaudited: { uid: null, message: 'harness: no question without a verdict' },
        };
        const result = answers[m.method] ?? { opened: false };
        setTimeout(() => window.postMessage({ type: 'response', id: m.id, ok: true, result }, '*'), 0);
      }
    },
    getState: () => saved ?? undefined,
    setState: (s) => { saved = s; w.__state = s; },
  });
  const apply = () => {
    for (const [k, v] of Object.entries(theme)) document.documentElement.style.setProperty(k, v);
    document.documentElement.style.setProperty('background', theme['--vscode-editor-background']);
  };
  if (document.documentElement) apply();
  else document.addEventListener('readystatechange', apply, { once: true });
  document.addEventListener('DOMContentLoaded', () => document.body.classList.add(${JSON.stringify(bodyClass)}), { once: true });
})();`;
}

async function openPage(theme: keyof typeof THEMES = 'dark', width = 1200, state: unknown = undefined): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript({ content: initScript(THEMES[theme], state, THEME_BODY_CLASSES[theme]) });
  await page.goto(server.origin + '/');
  try {
    await page.waitForFunction(
      () => ((window as unknown as { __posted: Array<{ type: string }> }).__posted ?? []).some((m) => m.type === 'ready'),
      undefined,
      { timeout: 10_000 },
    );
  } catch {
    throw new Error(`the viewer never sent "ready"; page errors: ${errors.join(' | ') || 'none'}`);
  }
  return page;
}

async function show(page: Page, sample: SampleView): Promise<void> {
  const message: HostMessage = { type: 'show', sample };
  await page.evaluate((m) => window.postMessage(m, '*'), message);
  await page.waitForSelector(`main[data-uid="${sample.uid}"]`, { timeout: 5_000 });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const pageErrors = new WeakMap<Page, string[]>();

/** Every page ends with no CSP violation and no uncaught error, then closes. */
async function finish(page: Page): Promise<void> {
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  assert.deepEqual(violations, [], 'Content-Security-Policy violations');
  assert.deepEqual(pageErrors.get(page) ?? [], [], 'uncaught errors in the page');
  await page.close();
}

const count = (page: Page, selector: string) => page.locator(selector).count();

async function waitForVideo(page: Page): Promise<void> {
  await page.waitForSelector('[data-role="player"][data-state="loaded"]', { timeout: 10_000 });
  const ready = await page.locator('video').evaluate((v: HTMLVideoElement) => ({ readyState: v.readyState, width: v.videoWidth }));
  assert.ok(ready.readyState >= 2, `video readyState ${ready.readyState}`);
}

before(async () => {
  assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM}: run \`apt-get install chromium\` (or set CHROMIUM_PATH)`);
  assert.ok(
    existsSync(path.join(REPO, 'dist', ...panelBundle('viewer').script)) &&
      existsSync(path.join(REPO, 'dist', ...panelBundle('viewer').style)),
    "the viewer's bundle (dist/webview/viewer.js and .css) is missing: run `npm run build`",
  );
  rmSync(SHOTS, { recursive: true, force: true }); // stale screenshots from an earlier run must not pass for new ones
  mkdirSync(SHOTS, { recursive: true });
  fixture = makeFixture();
  dataset = await readDataset(fixture.root);
  results = await Promise.all(
    fixture.resultFiles.map(async (r, i) => ({
      id: r.id,
      label: r.label,
      colorIndex: i,
      active: i === 0,
      evaluation: await evaluateFile(dataset, r.file, { profile: 'paper' }),
    })),
  );
  const roots = [realpathSync(fixture.root)];
  if (existsSync(SHARED_SAMPLES)) {
    shared = await readDataset(SHARED_SAMPLES);
    roots.push(shared.root);
  }
  if (existsSync(path.join(DEMO, 'sample_summary.json'))) {
    demo = await readDataset(DEMO);
    roots.push(demo.root);
  }
  server = await startServer(path.join(REPO, 'dist'), roots);
  userDataDir = mkdtempSync(path.join(tmpdir(), 'gst-chromium-'));
  try {
    context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  } catch (e) {
    throw new Error(`Chromium (${CHROMIUM}) did not start: ${(e as Error).message.split('\n')[0]}`);
  }
});

after(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  if (fixture) rmSync(fixture.root, { recursive: true, force: true });
});

describe('sample viewer in Chromium', () => {
  test('ready handshake first, then a direction question: dial, wedges, arrows, map rays, video loads', async () => {
    const page = await openPage('dark');
    const first = await page.evaluate(() => (window as unknown as { __posted: Array<{ type: string }> }).__posted[0]);
    assert.equal(first.type, 'ready');
    await show(page, await sampleOf(fixture.uids.angle));
    assert.equal(await count(page, 'svg[data-overlay="direction-dial"]'), 1);
    assert.equal(await count(page, 'svg[data-overlay="direction-dial"] [data-role="tolerance-wedge"]'), 3);
    assert.equal(await count(page, 'svg[data-overlay="direction-dial"] [data-role="truth-arrow"]'), 1);
    // model-a parsed 75; model-b's output is the XSS string, which has a number (1) in it.
    assert.equal(await count(page, 'svg[data-overlay="direction-dial"] [data-role="pred-arrow"]'), 2);
    assert.equal(await count(page, 'svg[data-overlay="direction-map"] [data-role="truth-ray"]'), 1);
    assert.equal(await count(page, 'svg[data-overlay="direction-map"] [data-role="agent-pose"]'), 1);
    // The truth is +90 (left positive): its arrow must sit LEFT of the dial's centre, level with it.
    const geo = await page.evaluate(() => {
      const svg = document.querySelector('svg[data-overlay="direction-dial"]')!.getBoundingClientRect();
      const arrow = document.querySelector('svg[data-overlay="direction-dial"] [data-role="truth-arrow"] polygon')!.getBoundingClientRect();
      return {
        cx: svg.x + svg.width / 2,
        cy: svg.y + svg.height / 2,
        ax: arrow.x + arrow.width / 2,
        ay: arrow.y + arrow.height / 2,
        w: svg.width,
      };
    });
    assert.ok(geo.ax < geo.cx - geo.w * 0.25, `+90 arrow at x=${geo.ax}, dial centre ${geo.cx}`);
    assert.ok(Math.abs(geo.ay - geo.cy) < geo.w * 0.05, `+90 arrow not level: y=${geo.ay} vs ${geo.cy}`);
    await waitForVideo(page);
    const painted = await page.evaluate(() =>
      (window as unknown as { __posted: Array<{ type: string; uid?: string; ms?: number }> }).__posted.filter((m) => m.type === 'painted'),
    );
    assert.ok(
      painted.some((m) => m.uid === 'scene1_ed_v_armchair_0'),
      'no painted message for the shown uid',
    );
    await shot(page, '01-direction-dark');
    await finish(page);
  });

  test('distance: ruler with the 10 MRA bands, truth and predictions, "passes k/10"', async () => {
    const page = await openPage('light');
    await show(page, await sampleOf(fixture.uids.distance));
    assert.equal(await count(page, 'svg[data-overlay="distance-ruler"] [data-role="mra-band"]'), 10);
    assert.equal(await count(page, 'svg[data-overlay="distance-ruler"] [data-role="truth-marker"]'), 1);
    assert.equal(await count(page, 'svg[data-overlay="distance-ruler"] [data-role="pred-marker"]'), 2);
    assert.match((await page.locator('svg[data-overlay="distance-ruler"]').textContent()) ?? '', /passes \d+\/10/);
    await waitForVideo(page);
    await shot(page, '02-distance-light');
    await finish(page);
  });

  test('point: ellipse rings on a non-square map, truth and predicted points with distances', async () => {
    const page = await openPage('dark');
    await show(page, await sampleOf(fixture.uids.point));
    const rings = page.locator('svg[data-overlay="point-map"] ellipse[data-role="threshold-ring"]');
    assert.equal(await rings.count(), 5);
    // The map is 480x360: a ring's radii keep the ratio of its pixel-centre spans, 479:359.
    const r = await rings.first().evaluate((e) => ({ rx: Number(e.getAttribute('rx')), ry: Number(e.getAttribute('ry')) }));
    assert.ok(Math.abs(r.rx / r.ry - 479 / 359) < 1e-6, `rx/ry = ${r.rx / r.ry}`);
    assert.equal(await count(page, 'svg[data-overlay="point-map"] [data-role="truth-point"]'), 1);
    assert.equal(await count(page, 'svg[data-overlay="point-map"] [data-role="pred-point"]'), 2);
    assert.equal(await count(page, 'svg[data-overlay="point-map"] [data-role="distance-label"]'), 2);
    // The overlay's image space lies exactly on the image (scaled with it); the rest is its margin.
    const boxes = await page.evaluate(() => {
      const img = document.querySelector('[data-overlay-host="point-map"] img')!.getBoundingClientRect();
      const el = document.querySelector('svg[data-overlay="point-map"]') as SVGSVGElement;
      const svg = el.getBoundingClientRect();
      const vb = el.viewBox.baseVal;
      const s = svg.width / vb.width;
      return {
        img: [img.left, img.top, img.width, img.height],
        imageInSvg: [svg.left - vb.x * s, svg.top - vb.y * (svg.height / vb.height), 480 * s, 360 * (svg.height / vb.height)],
      };
    });
    boxes.img.forEach((v, i) => assert.ok(Math.abs(v - boxes.imageInSvg[i]) < 1, JSON.stringify(boxes)));
    await shot(page, '03-point-dark');
    await finish(page);
  });

  test("point at the map's corner: every mark, ring and label shows whole, no two labels overlap", async () => {
    const page = await openPage('light');
    const base = await sampleOf(fixture.uids.point);
    // The truth in the top-right corner, one prediction on the corner itself, one straight below (its
    // distance label's natural spot is on the column of ring labels).
    const sample: SampleView = {
      ...base,
      truth: [990, 5],
      results: base.results.map((r, i) => ({
        ...r,
        outcome: r.outcome ? { ...r.outcome, parsed: i === 0 ? [999, 0] : [990, 160], error: null } : null,
      })),
    };
    await show(page, sample);
    // No named functions inside evaluate(): tsx would wrap them in a helper the page does not have.
    const layout = await page.evaluate(() => {
      const svg = document.querySelector('svg[data-overlay="point-map"]')!;
      const frame = svg.getBoundingClientRect();
      const [marks, labels] = [
        ['[data-role="threshold-ring"]', '[data-role="pred-point"] circle', '[data-role="truth-point"] circle'],
        ['[data-role="ring-label"]', '[data-role="distance-label"] text'],
      ].map((sels) =>
        sels.flatMap((sel) =>
          [...svg.querySelectorAll(sel)]
            .map((e) => e.getBoundingClientRect())
            .map((r) => ({ x0: r.left, y0: r.top, x1: r.right, y1: r.bottom })),
        ),
      );
      return {
        frame: { x0: frame.left, y0: frame.top, x1: frame.right, y1: frame.bottom },
        marks,
        labels,
        distanceLabels: svg.querySelectorAll('[data-role="distance-label"] text').length,
      };
    });
    const inFrame = (b: { x0: number; y0: number; x1: number; y1: number }) =>
      b.x0 >= layout.frame.x0 - 0.5 && b.y0 >= layout.frame.y0 - 0.5 && b.x1 <= layout.frame.x1 + 0.5 && b.y1 <= layout.frame.y1 + 0.5;
    assert.equal(layout.marks.length, 5 + 2 + 1);
    layout.marks.forEach((b, i) =>
      assert.ok(inFrame(b), `mark ${i} is cut by the overlay's edge: ${JSON.stringify(b)} vs ${JSON.stringify(layout.frame)}`),
    );
    layout.labels.forEach((b, i) => assert.ok(inFrame(b), `label ${i} is cut: ${JSON.stringify(b)}`));
    assert.equal(layout.distanceLabels, 2);
    const overlap = (a: typeof layout.frame, b: typeof layout.frame) =>
      a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;
    for (let i = 0; i < layout.labels.length; i++)
      for (let j = i + 1; j < layout.labels.length; j++)
        assert.ok(!overlap(layout.labels[i], layout.labels[j]), `labels ${i} and ${j} overlap`);
    await shot(page, '03b-point-corner-light');
    await finish(page);
  });

  test('three files predicting the same point: one "×3 · d" label instead of three distance labels on top of each other', async () => {
    const page = await openPage('dark');
    const base = await sampleOf(fixture.uids.point);
    const first = base.results[0];
    const sample: SampleView = {
      ...base,
      truth: [484, 912],
      truthValue: { kind: 'point', x: 484, y: 912 },
      truthLabel: '(484, 912)',
      results: ['a', 'b', 'c'].map((id, i) => ({
        ...first,
        id,
        colorIndex: i,
        outcome: first.outcome
          ? {
              ...first.outcome,
              parsed: [561, 880],
              value: { kind: 'point' as const, x: 561, y: 880 },
              parsedLabel: '(561, 880)',
              error: null,
            }
          : null,
      })),
    };
    await show(page, sample);
    const labels = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'svg[data-overlay="point-map"] [data-role="distance-label"], svg[data-overlay="point-map"] [data-role="together-label"]',
        ),
      ].map((e) => ({ role: e.getAttribute('data-role'), text: e.textContent })),
    );
    assert.deepEqual(labels, [{ role: 'together-label', text: '×3 · 83.4' }]);
    await shot(page, '03c-point-coincide-dark');
    await finish(page);
  });

  test('direction map: a viewpoint marker, rays stop at the map, 0° and 1° fanned out and marked ×2', async () => {
    const page = await openPage('dark');
    const base = await sampleOf(fixture.uids.angle);
    const sample: SampleView = {
      ...base,
      results: base.results.map((r, i) => ({
        ...r,
        outcome: r.outcome ? { ...r.outcome, parsed: i, value: { kind: 'angle' as const, value: i }, parsedLabel: `${i}°` } : null,
      })),
    };
    await show(page, sample);
    const map = await page.evaluate(() => {
      const svg = document.querySelector('svg[data-overlay="direction-map"]')!;
      const img = document.querySelector('[data-overlay-host="direction-map"] img')!.getBoundingClientRect();
      const rays = [...svg.querySelectorAll('[data-role="pred-ray"], [data-role="truth-ray"]')].map((e) => {
        const clip = (e.parentElement as Element).getAttribute('clip-path');
        const r = e.getBoundingClientRect();
        return { clip, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom, drawn: e.getAttribute('data-drawn') };
      });
      return {
        img: { x0: img.left, y0: img.top, x1: img.right, y1: img.bottom },
        rays,
        together: [...svg.querySelectorAll('[data-role="together-label"]')].map((e) => e.textContent),
        dialTogether: [...document.querySelectorAll('svg[data-overlay="direction-dial"] [data-role="together-label"]')].map(
          (e) => e.textContent,
        ),
        wedge: svg.querySelectorAll('[data-role="agent-pose"] [data-role="view-wedge"]').length,
        note: document.querySelector('[data-role="coincide-note"]')?.textContent ?? '',
      };
    });
    assert.equal(map.wedge, 1, 'the viewpoint is a dot with a viewing wedge');
    for (const r of map.rays) {
      assert.ok(r.clip && /url\(#/.test(r.clip), 'rays are clipped to the image');
      assert.ok(
        r.x0 >= map.img.x0 - 1 && r.y0 >= map.img.y0 - 1 && r.x1 <= map.img.x1 + 1 && r.y1 <= map.img.y1 + 1,
        `a ray runs past the map: ${JSON.stringify(r)} vs ${JSON.stringify(map.img)}`,
      );
    }
    const drawn = map.rays.filter((r) => r.drawn !== null).map((r) => Number(r.drawn));
    assert.equal(drawn.length, 2);
    assert.ok(Math.abs(drawn[0] - drawn[1]) >= 3, `0° and 1° drawn at ${drawn.join('° and ')}°`);
    assert.deepEqual(map.together, ['×2']);
    assert.deepEqual(map.dialTogether, ['×2']);
    assert.match(map.note, /×2: .+ \(0°\) and .+ \(1°\) coincide/);
    await shot(page, '01b-direction-coincide-dark');
    await finish(page);
  });

  test('orientation: heading dial at the agent on the map', async () => {
    const page = await openPage('highContrast');
    await show(page, await sampleOf(fixture.uids.orientation));
    assert.equal(await count(page, 'svg[data-overlay="heading-map"] [data-role="truth-arrow"]'), 1);
    assert.equal(await count(page, 'svg[data-overlay="heading-map"] [data-role="pred-arrow"]'), 2);
    await shot(page, '04-orientation-high-contrast');
    await finish(page);
  });

  test('choice: 2x2 grid, the correct option outlined, each pick marked', async () => {
    const page = await openPage('dark');
    await show(page, await sampleOf(fixture.uids.choice));
    assert.equal(await count(page, '[data-overlay="choice-grid"] .choice'), 4);
    assert.equal(await count(page, '[data-overlay="choice-grid"] .choice[data-correct][data-letter="C"]'), 1);
    assert.equal(await count(page, '[data-overlay="choice-grid"] .choice[data-letter="C"] [data-role="choice-pick"]'), 1);
    assert.equal(await count(page, '[data-overlay="choice-grid"] .choice[data-letter="A"] [data-role="choice-pick"]'), 1);
    await page.locator('.choice[data-letter="B"] .choice-image').click();
    assert.equal(await count(page, '[data-role="lightbox"]'), 1);
    await page.keyboard.press('Escape');
    assert.equal(await count(page, '[data-role="lightbox"]'), 0);
    await shot(page, '05-choice-dark');
    await finish(page);
  });

  test('XSS: markup in a prediction shows as text, creates no element and runs nothing', async () => {
    const page = await openPage('dark');
    await show(page, await sampleOf(fixture.uids.angle));
    const raw = page.locator('[data-result="b"] [data-role="raw-output"]');
    assert.equal(await raw.textContent(), XSS_PREDICTION);
    assert.equal(await count(page, 'img[src="x"]'), 0);
    assert.equal(await count(page, 'main script'), 0);
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs), 0);
    await finish(page);
  });

  test('player: frame stepping with "." and ",", speed with "]", navigation keys post requests', async () => {
    const page = await openPage('dark');
    await show(page, await sampleOf(fixture.uids.angle));
    await waitForVideo(page);
    const frame = () => page.locator('[data-role="frame"]').textContent();
    assert.match((await frame()) ?? '', /^frame 0 \/ 29 @ 10 fps/);
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await page.waitForFunction(() => /^frame 2 /.test(document.querySelector('[data-role="frame"]')?.textContent ?? ''));
    await page.keyboard.press(',');
    await page.waitForFunction(() => /^frame 1 /.test(document.querySelector('[data-role="frame"]')?.textContent ?? ''));
    await page.keyboard.press(']');
    assert.equal(await page.locator('[data-role="speed"]').textContent(), '1.5×');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('n');
    const requests = await page.evaluate(() =>
      (window as unknown as { __posted: Array<{ type: string; method?: string; params?: { direction: string } }> }).__posted
        .filter((m) => m.type === 'request' && m.method === 'navigate')
        .map((m) => m.params!.direction),
    );
    assert.deepEqual(requests, ['next', 'previous', 'nextFailure']);
    await page.waitForSelector('[role="status"]');
    const state = await page.evaluate(() => (window as unknown as { __state: { uid: string; speed: number } }).__state);
    assert.equal(state.uid, fixture.uids.angle);
    assert.equal(state.speed, 1.5);
    await finish(page);
  });

  test('missing video names the relative path; a VP9 file gets the ffmpeg re-encode command', async () => {
    const page = await openPage('dark');
    await show(page, await sampleOf(fixture.uids.missingVideo));
    assert.match((await page.locator('[data-role="missing-video"]').textContent()) ?? '', /not_there\.mp4.*other parts.*still work/s);
    assert.equal(await count(page, '[data-role="unparsed-note"]'), 1);
    assert.equal(await count(page, '[data-seg="unparsed"]'), 1);
    await shot(page, '06-missing-video-unparsed');
    await show(page, await sampleOf(fixture.uids.vp9));
    const cmd = (await page.locator('[data-role="ffmpeg-command"]').first().textContent()) ?? '';
    assert.match(cmd, /^ffmpeg -i \S*video\.mp4 -c:v libx264 -pix_fmt yuv420p -movflags \+faststart -an \S*video\.h264\.mp4$/);
    assert.match((await page.locator('[data-role="codec-panel"]').textContent()) ?? '', /VP9/);
    await shot(page, '07-codec-panel');
    await finish(page);
  });

  test('narrow column (420 px) keeps everything visible without horizontal scrolling', async () => {
    const page = await openPage('light', 420);
    await show(page, await sampleOf(fixture.uids.point));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `horizontal overflow ${overflow}px`);
    await shot(page, '08-point-narrow-light');
    await finish(page);
  });

  test('a map still loading already has its final size: a click on the blind map lands where aimed, the overlay does not move when the image arrives', async () => {
    const page = await openPage('dark');
    // Hold every top-down image until released, as a slow or busy webview resource load would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/topdown.png', async (route) => {
      await held;
      await route.continue();
    });
    const q = dataset.byUid.get(fixture.uids.point)!;
    const question = await buildBlindQuestionView(q, { number: 1, total: 1, answered: 0, participant: 'harness', toUri: server.mediaUri });
    assert.equal(question?.input, 'point');
    // The size as a generator's geometry gives it (this question has none; the image is 480x360).
    const blind: HostMessage = { type: 'blindQuestion', question: { ...question!, map: { ...question!.map!, width: 480, height: 360 } } };
    await page.evaluate((m) => window.postMessage(m, '*'), blind);
    const surface = page.locator('[data-input="point-map"] svg.blind-surface');
    await surface.waitFor({ state: 'attached' });
    assert.equal(
      await page.locator('[data-input="point-map"] img').evaluate((i: HTMLImageElement) => i.complete),
      false,
      'the image is held',
    );
    const box = (await surface.boundingBox())!;
    assert.ok(
      box.width > 100 && Math.abs(box.height / box.width - 360 / 480) < 0.01,
      `the surface before the image: ${JSON.stringify(box)}`,
    );
    // Three quarters across, a third down: the pixel centre there, on [0, 999].
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 3);
    const point = page.locator('[data-role="answer-point"]');
    await point.waitFor({ state: 'attached', timeout: 5_000 });
    const at = await point.evaluate((g) => [Number(g.getAttribute('data-x')), Number(g.getAttribute('data-y'))]);
    assert.ok(Math.abs(at[0] - 750) <= 3 && Math.abs(at[1] - 333) <= 3, `clicked at ${at}`);
    release();
    await page.waitForFunction(() => (document.querySelector('[data-input="point-map"] img') as HTMLImageElement).naturalWidth > 0);
    assert.deepEqual(await surface.boundingBox(), box, 'the blind map did not move when its image arrived');

    // The viewer's map overlay, the same: its final size before the image, so marks do not jump.
    let releaseViewer!: () => void;
    const heldViewer = new Promise<void>((resolve) => (releaseViewer = resolve));
    const viewer = await openPage('dark');
    await viewer.route('**/topdown.png', async (route) => {
      await heldViewer;
      await route.continue();
    });
    await show(viewer, await sampleOf(fixture.uids.orientation)); // its geometry gives the map's size
    const overlay = viewer.locator('[data-overlay-host] svg.overlay-svg');
    await overlay.waitFor({ state: 'attached' });
    const before = (await overlay.boundingBox())!;
    releaseViewer();
    await viewer.waitForFunction(() => (document.querySelector('[data-overlay-host] img') as HTMLImageElement).naturalWidth > 0);
    const after = (await overlay.boundingBox())!;
    assert.ok(before.height > 100, `the overlay before the image: ${JSON.stringify(before)}`);
    assert.deepEqual(after, before, 'the overlay did not move when the image arrived');
    await finish(viewer);
    await finish(page);
  });

  test('restored state: the webview reports the saved uid in its ready message', async () => {
    const page = await openPage('dark', 1000, { uid: 'scene2_position_0', zoom: 2 });
    const ready = await page.evaluate(() =>
      (window as unknown as { __posted: Array<{ type: string; restoredUid?: string }> }).__posted.find((m) => m.type === 'ready'),
    );
    assert.equal(ready?.restoredUid, 'scene2_position_0');
    await show(page, await sampleOf(fixture.uids.point));
    assert.equal(await page.locator('[data-role="zoom"]').textContent(), '200%');
    await finish(page);
  });

  test(
    'real samples from ../shared: H.264 clip loads, point on the real top-down map, missing video',
    { skip: existsSync(SHARED_SAMPLES) ? false : '../shared is absent: real-sample browser checks skipped' },
    async () => {
      const ds = shared!;
      const tds = ds.questions.find((q) => q.subtask === 'tds_medium')!;
      const pos = ds.questions.find((q) => q.subtask === 'position')!;
      const ed = ds.questions.find((q) => q.subtask === 'ed_v')!;
      // Hand-made predictions, scored by the core, in memory.
      const lines = [
        { uid: tds.uid, prediction: 'The answer is B.' },
        { uid: pos.uid, prediction: 'I am at <point>450 640</point>.' },
        { uid: ed.uid, prediction: '<think>It was behind me, to the right.</think><answer>-100</answer>' },
      ];
      const evaluation = evaluateText(ds, 'hand-made.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'), { profile: 'paper' });
      const real: ViewerResult[] = [{ id: 'hand', label: 'hand-made', colorIndex: 0, active: true, evaluation }];
      const page = await openPage('dark');
      await show(page, await sampleOf(tds.uid, ds, real));
      assert.equal(await count(page, '.choice[data-letter="B"] [data-role="choice-pick"]'), 1);
      await waitForVideo(page);
      await shot(page, '09-real-tds-medium');
      await show(page, await sampleOf(pos.uid, ds, real));
      // Real data has no geometry: the rings go on the prompt's last image once it has loaded.
      await page.waitForSelector('svg[data-overlay="point-map"] ellipse[data-role="threshold-ring"]');
      assert.equal(await count(page, 'svg[data-overlay="point-map"] ellipse[data-role="threshold-ring"]'), 5);
      assert.equal(await count(page, 'svg[data-overlay="point-map"] [data-role="pred-point"]'), 1);
      await shot(page, '10-real-position');
      await show(page, await sampleOf(ed.uid, ds, real));
      assert.equal(await count(page, 'svg[data-overlay="direction-dial"] [data-role="truth-arrow"]'), 1);
      assert.equal(await count(page, '[data-role="missing-video"]'), 1);
      await shot(page, '11-real-direction-missing-video');
      await finish(page);
    },
  );

  test(
    'the bundled demo: each answer kind with its three result files, geometry overlays, the exploration video loads',
    { skip: existsSync(DEMO) ? false : 'examples/demo is absent: demo browser checks skipped' },
    async () => {
      const ds = demo!;
      const files = ['noisy-oracle', 'random', 'template-b']
        .map((n) => path.join(DEMO, 'results', `${n}.jsonl`))
        .filter((f) => existsSync(f));
      const res: ViewerResult[] = await Promise.all(
        files.map(async (file, i) => ({
          id: path.basename(file),
          label: path.basename(file, '.jsonl'),
          colorIndex: i,
          active: i === 0,
          evaluation: await evaluateFile(ds, file, { profile: 'paper' }),
        })),
      );
      const first = (key: string) => {
        const q = ds.questions.find((x) => x.subtask === key);
        assert.ok(q, `the demo has no ${key} question`);
        return q.uid;
      };
      const cases: Array<[string, string, string]> = [
        ['ed_v', 'svg[data-overlay="direction-map"] [data-role="truth-ray"]', '20-demo-direction'],
        ['edist_v', 'svg[data-overlay="distance-ruler"] [data-role="mra-band"]', '21-demo-distance'],
        ['gp_v', 'svg[data-overlay="point-map"] ellipse[data-role="threshold-ring"]', '22-demo-global-position'],
        ['orientation', 'svg[data-overlay="heading-map"] [data-role="truth-arrow"]', '23-demo-orientation'],
        ['tds_easy', '[data-overlay="choice-grid"] .choice[data-correct]', '24-demo-topdown-selection'],
        ['trajectory', '[data-overlay="choice-grid"] .choice[data-correct]', '25-demo-trajectory'],
      ];
      const page = await openPage('dark');
      for (const [key, selector, name] of cases) {
        await show(page, await sampleOf(first(key), ds, res));
        await page.waitForSelector(selector);
        assert.equal(await count(page, '[data-role="result-row"], tr.result-row'), res.length, `${key}: one header row per result file`);
        if (key === 'ed_v') await waitForVideo(page);
        await shot(page, name);
      }
      // Reported, not asserted (the machines are noisy): message arrival to paint, as the webview measures it.
      const paints = await page.evaluate(() =>
        (window as unknown as { __posted: Array<{ type: string; uid?: string; ms?: number }> }).__posted
          .filter((m) => m.type === 'painted')
          .map((m) => m.ms!),
      );
      console.log(`demo paint times (ms, show message to painted): ${paints.join(', ')}`);
      await finish(page);
    },
  );
});

/**
 * The demo's first EDv question (truth 70°, its target visible in frames [52, 86) and [102, 114) of 254) with the
 * noisy oracle's answer made -70: a sign flip. The diagnosis and the overlay are the real ones.
 */
async function flippedDemoSample(lineFrames?: unknown): Promise<SampleView> {
  const ds = demo!;
  const q = ds.questions.find((x) => x.subtask === 'ed_v')!;
  assert.equal(q.answer, '70');
  const text = editedNoisyOracle((r) => (r.uid === q.uid ? { uid: q.uid, prediction: '-70' } : undefined));
  const evaluation = evaluateText(ds, path.join(DEMO, 'results', 'flipped.jsonl'), text, { profile: 'paper' });
  const result: ViewerResult = { id: 'flipped', label: 'flipped', colorIndex: 0, active: true, evaluation };
  const sampling = { count: 32, method: 'uniform' as const };
  const diagnosis = diagnose((await diagnosisAnswers(ds, evaluation, {})).answers, { profile: 'paper', sampling });
  const sample = await sampleOf(q.uid, ds, [result]);
  sample.diagnosisOverlay = diagnosisOverlayView({ question: q, active: { result, diagnosis }, sampling, profile: 'paper', lineFrames });
  return sample;
}

/** The bounding box of an element of the page, and of the timeline's SVG. */
async function boxOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const b = e.getBoundingClientRect();
      return { x: b.x, y: b.y, w: b.width, h: b.height };
    });
}

describe('the diagnosis in the viewer (Chromium)', { skip: existsSync(DEMO) ? false : 'examples/demo is absent' }, () => {
  test("a sign flip: the dotted what-if arrow, ray and label in the file's colour, a legend checkbox that hides it and is remembered", async () => {
    const page = await openPage('dark');
    const sample = await flippedDemoSample();
    assert.equal(sample.diagnosisOverlay?.whatIf?.text, 'what-if: sign flipped → score 1.00');
    await show(page, sample);
    const arrow = 'svg[data-overlay="direction-dial"] [data-role="whatif-arrow"]';
    await page.waitForSelector(arrow);
    const stroke = await page.locator(`${arrow} [data-role="whatif-stroke"]`).evaluate((e) => {
      const cs = getComputedStyle(e);
      return { dash: cs.strokeDasharray, color: cs.stroke, angle: e.parentElement!.getAttribute('data-angle') };
    });
    assert.notEqual(stroke.dash, 'none', 'the what-if is dashed');
    assert.equal(stroke.angle, '70');
    const own = await page
      .locator('svg[data-overlay="direction-dial"] [data-role="pred-arrow"] line')
      .evaluate((e) => getComputedStyle(e).stroke);
    assert.equal(stroke.color, own, "the what-if is in the file's colour");
    // +70° turns left: the what-if arrowhead sits left of the dial's centre and above it.
    const dial = await boxOf(page, 'svg[data-overlay="direction-dial"]');
    const head = await boxOf(page, `${arrow} > polygon`);
    assert.ok(head.x + head.w / 2 < dial.x + dial.w / 2 - dial.w * 0.2, JSON.stringify({ dial, head }));
    assert.ok(head.y + head.h / 2 < dial.y + dial.h / 2, JSON.stringify({ dial, head }));
    assert.equal(await count(page, 'svg[data-overlay="direction-map"] [data-role="whatif-ray"]'), 1);
    assert.equal(await count(page, `${arrow} [data-role="whatif-arc"]`), 1, 'an arc from the answer to its correction');
    const caption = (await page.locator('[data-role="whatif-caption"]').innerText()).replace(/\s+/g, ' ');
    assert.match(caption, /what-if: sign flipped → score 1\.00: flipped answered -70° \(score 0\.00\); corrected, 70°/);
    await page.waitForSelector('[data-role="visibility-timeline"][data-state="known"]');
    await shot(page, '30-whatif-dark');
    await page.locator('[data-role="overlay-legend"] input[data-action="toggle-whatif"]').click();
    assert.equal(await count(page, '[data-role="whatif-arrow"], [data-role="whatif-ray"], [data-role="whatif-caption"]'), 0);
    const state = await page.evaluate(() => (window as unknown as { __state: { showWhatIf?: boolean } }).__state);
    assert.equal(state.showWhatIf, false, 'the checkbox is remembered');
    await finish(page);
    // A reloaded page starts with it off.
    const again = await openPage('dark', 1200, { showWhatIf: false });
    await show(again, sample);
    assert.equal(await count(again, '[data-role="whatif-arrow"]'), 0);
    assert.equal(await again.locator('input[data-action="toggle-whatif"]').isChecked(), false);
    await finish(again);
  });

  test('the visibility timeline: stretches and sampled frames at their x, a click and the keys seek the video', async () => {
    for (const theme of ['dark', 'light', 'highContrast'] as const) {
      const page = await openPage(theme);
      await show(page, await flippedDemoSample());
      await waitForVideo(page);
      const bar = await boxOf(page, '[data-role="timeline-svg"]');
      const x = (frame: number) => bar.x + (frame / 254) * bar.w;
      const segments = await page.locator('[data-role="visible-segment"]').evaluateAll((es) =>
        es.map((e) => {
          const b = e.getBoundingClientRect();
          return { start: Number(e.getAttribute('data-start')), end: Number(e.getAttribute('data-end')), x0: b.x, x1: b.x + b.width };
        }),
      );
      assert.deepEqual(
        segments.map((s) => [s.start, s.end]),
        [
          [52, 86],
          [102, 114],
        ],
      );
      for (const s of segments) {
        assert.ok(Math.abs(s.x0 - x(s.start)) < 1 && Math.abs(s.x1 - x(s.end)) < 1, JSON.stringify({ s, bar }));
      }
      const ticks = await page.locator('[data-role="sampled-frame"]').evaluateAll((es) =>
        es.map((e) => ({
          frame: Number(e.getAttribute('data-frame')),
          seen: e.getAttribute('data-seen'),
          x: e.getBoundingClientRect().x,
        })),
      );
      assert.equal(ticks.length, 32);
      for (const t of ticks) assert.ok(Math.abs(t.x - x(t.frame + 0.5)) < 2, JSON.stringify({ t, bar }));
      const seen = ticks.filter((t) => t.seen === 'true').map((t) => t.frame);
      assert.deepEqual(
        seen,
        ticks.map((t) => t.frame).filter((f) => (f >= 52 && f < 86) || (f >= 102 && f < 114)),
      );
      assert.match(await page.locator('[data-role="sampled-summary"]').innerText(), new RegExp(`${seen.length} of 32 show the target`));
      if (theme === 'dark') {
        // A click in frame 60's cell seeks to its middle.
        await page.mouse.click(x(60.5), bar.y + bar.h / 2);
        await page.waitForFunction(() => Math.abs(document.querySelector('video')!.currentTime - 6.05) < 0.01, undefined, {
          timeout: 5000,
        });
        assert.equal(await page.locator('[data-role="playhead"]').getAttribute('data-frame'), '60');
        // The keys: PageDown to the next stretch, ArrowRight one frame, PageUp back to the stretch's start.
        await page.locator('[data-role="visibility-timeline"] [role="slider"]').focus();
        await page.keyboard.press('PageDown');
        await page.waitForFunction((t) => Math.abs(document.querySelector('video')!.currentTime - t) < 0.01, frameTime(102, 10));
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((t) => Math.abs(document.querySelector('video')!.currentTime - t) < 0.01, frameTime(103, 10));
        await page.keyboard.press('PageUp');
        await page.waitForFunction((t) => Math.abs(document.querySelector('video')!.currentTime - t) < 0.01, frameTime(102, 10));
        assert.equal(await page.locator('[role="slider"]').getAttribute('aria-valuenow'), '102');
        await page.locator('[data-action="previous-visible"]').click();
        await page.waitForFunction((t) => Math.abs(document.querySelector('video')!.currentTime - t) < 0.01, frameTime(52, 10));
      }
      await page.locator('[data-role="player"]').screenshot({ path: path.join(SHOTS, `31-timeline-${theme}.png`) });
      await page.locator('[data-role="answer-panel"]').screenshot({ path: path.join(SHOTS, `32-whatif-${theme}.png`) });
      await finish(page);
    }
  });

  test('a line that lists frames without the target: "Target never in the sampled frames"', async () => {
    const page = await openPage('light');
    await show(page, await flippedDemoSample([0, 1, 2]));
    await page.waitForSelector('[data-role="never-seen"]');
    assert.equal(await page.locator('[data-role="never-seen"]').innerText(), 'Target never in the sampled frames.');
    assert.equal(await count(page, '[data-role="sampled-frame"]'), 3);
    assert.match(await page.locator('[data-role="sampled-summary"]').innerText(), /3 frames listed in flipped's line/);
    await finish(page);
  });
});

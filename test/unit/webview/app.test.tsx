// React component tests in jsdom with a fake acquireVsCodeApi. `./dom` must load first.
import './dom';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { act, cleanup } from '@testing-library/react';
import type { Bridge } from '../../../webview/viewer/bridge';
import { segments } from '../../../webview/viewer/components/RawOutput';
import { reencodeCommand } from '../../../webview/viewer/media';
import { deliver, mount } from './mount';
import { ANGLE_SAMPLE, CHOICE_SAMPLE, DISTANCE_SAMPLE, ORIENTATION_SAMPLE, POINT_SAMPLE, XSS } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

const $ = (sel: string) => document.querySelectorAll(sel);

describe('viewer app (jsdom)', () => {
  test('posts "ready" once mounted, carrying the uid saved by setState', () => {
    const { api, bridge } = mount({ uid: 'saved-uid' });
    bridges.push(bridge);
    assert.deepEqual(api.posted[0], { type: 'ready', restoredUid: 'saved-uid' });
    assert.equal($('[data-role="empty"]').length, 1);
  });

  test('direction: dial with three wedges, the truth arrow and one arrow per parsed prediction', () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    assert.equal($('svg[data-overlay="direction-dial"]').length, 1);
    assert.equal($('[data-role="tolerance-wedge"]').length, 3);
    assert.equal($('[data-role="truth-arrow"]').length, 1);
    assert.equal($('[data-role="pred-arrow"]').length, 1, 'the unparsed prediction gets no arrow');
    assert.equal((api.state as { uid: string }).uid, 'q_angle');
    assert.match(document.querySelector('[data-role="angular-error"]')!.textContent!, /Δ15°/);
  });

  test("header: each result file's Avg. with its coverage, a partial one marked", () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    const [full, part] = ANGLE_SAMPLE.results;
    show({
      ...ANGLE_SAMPLE,
      results: [
        { ...full, overall: 'Avg. 88.8 (12/12 subtasks, 36/36 questions)', partial: false },
        { ...part, overall: 'Avg. 16.7 (partial: 2/12 subtasks, 4/36 questions)', partial: true },
      ],
    });
    const shown = [...$('[data-role="result-overall"]')].map((e) => [e.textContent, e.getAttribute('data-partial')]);
    assert.deepEqual(shown, [
      ['Avg. 88.8 (12/12 subtasks, 36/36 questions)', null],
      ['Avg. 16.7 (partial: 2/12 subtasks, 4/36 questions)', 'true'],
    ]);
  });

  test('XSS: a prediction with <img onerror> is rendered as text, no element is created from it', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    assert.equal($('img[src="x"]').length, 0);
    assert.equal([...$('img')].filter((i) => i.getAttribute('onerror') !== null).length, 0);
    const raw = document.querySelector('[data-result="b"] [data-role="raw-output"]')!;
    assert.equal(raw.textContent, XSS);
    assert.equal(raw.children.length, 1, 'one text segment, no parsed markup');
    assert.equal(raw.querySelector('img'), null);
  });

  test('unparsed: the header says "unparsed" and the raw text is marked where the parser looked', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    const row = document.querySelector('tr[data-result="b"]')!;
    assert.equal(row.querySelector('[data-role="parsed-prediction"]')!.textContent, 'unparsed');
    assert.equal(row.getAttribute('data-status'), 'unparsed');
    const marked = document.querySelector('[data-result="b"] [data-seg="unparsed"]');
    assert.equal(marked?.textContent, XSS);
    assert.equal($('[data-role="unparsed-note"]').length, 1);
  });

  test('distance: ten MRA bands, the truth and each prediction, "passes 8/10"', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(DISTANCE_SAMPLE);
    assert.equal($('[data-role="mra-band"]').length, 10);
    assert.equal($('[data-role="truth-marker"]').length, 1);
    assert.equal($('[data-role="pred-marker"]').length, 1);
    assert.match(document.querySelector('[data-overlay="distance-ruler"]')!.textContent!, /passes 8\/10/);
  });

  test('point: five rings as ellipses with the map proportions, truth and predicted point', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(POINT_SAMPLE);
    const rings = [...$('ellipse[data-role="threshold-ring"]')];
    assert.equal(rings.length, 5);
    const ratio = Number(rings[0].getAttribute('rx')) / Number(rings[0].getAttribute('ry'));
    assert.ok(Math.abs(ratio - 479 / 359) < 1e-9);
    assert.equal($('[data-role="truth-point"]').length, 1);
    assert.equal($('[data-role="pred-point"]').length, 1);
    // The query view is the first image, the map the last.
    assert.match(document.querySelector('[data-role="query-view"]')!.textContent!, /view\.png/);
  });

  test('orientation without geometry: a heading dial', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(ORIENTATION_SAMPLE);
    assert.equal($('svg[data-overlay="heading-dial"] [data-role="truth-arrow"]').length, 1);
    assert.equal($('svg[data-overlay="heading-dial"] [data-role="pred-arrow"]').length, 1);
  });

  test('choice: 2x2 grid, C outlined as correct, each pick marked; no query view', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(CHOICE_SAMPLE);
    assert.equal($('[data-overlay="choice-grid"] .choice').length, 4);
    assert.deepEqual(
      [...$('.choice[data-correct]')].map((e) => e.getAttribute('data-letter')),
      ['C'],
    );
    assert.deepEqual(
      [...$('[data-role="choice-pick"]')].map(
        (e) => `${e.closest('.choice')!.getAttribute('data-letter')}:${e.getAttribute('data-result')}`,
      ),
      ['A:b', 'C:a'],
    );
    assert.equal($('[data-role="query-view"]').length, 0);
  });

  test('prompt in model order with the en dash and degree sign intact', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    const parts = [...document.querySelector('[data-role="prompt"] .prompt-parts')!.children].map(
      (e) => e.getAttribute('data-role') ?? e.tagName,
    );
    assert.deepEqual(parts, ['P', 'prompt-video', 'P', 'prompt-image', 'P']);
    assert.match(document.querySelector('[data-role="prompt"]')!.textContent!, /between –180° and 180°/i);
  });

  test('missing video: a panel names the relative path', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show({ ...ANGLE_SAMPLE, video: { ...ANGLE_SAMPLE.video!, exists: false, uri: null, relPath: 'clips/v3.mp4' } });
    const panel = document.querySelector('[data-role="missing-video"]')!;
    assert.match(panel.textContent!, /clips\/v3\.mp4/);
    assert.match(panel.textContent!, /still work/);
    assert.equal($('video').length, 0);
  });

  test('a VP9 file: the codec panel with the exact ffmpeg command, no player', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show({ ...ANGLE_SAMPLE, video: { ...ANGLE_SAMPLE.video!, videoCodec: 'vp09' } });
    assert.match(document.querySelector('[data-role="codec-panel"]')!.textContent!, /VP9/);
    assert.equal(
      document.querySelector('[data-role="ffmpeg-command"]')!.textContent,
      'ffmpeg -i /data/q/video.mp4 -c:v libx264 -pix_fmt yuv420p -movflags +faststart -an /data/q/video.h264.mp4',
    );
    assert.equal($('video').length, 0);
  });

  test('keys j, k, n send navigate requests; the answer\'s message shows; "painted" is reported', async () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    for (const key of ['j', 'k', 'n']) act(() => void window.dispatchEvent(new window.KeyboardEvent('keydown', { key })));
    const requests = api.posted.filter((m) => m.type === 'request' && m.method === 'navigate') as unknown as Array<{
      id: number;
      method: string;
      params: { direction: string };
    }>;
    assert.deepEqual(
      requests.map((r) => `${r.method}:${r.params.direction}`),
      ['navigate:next', 'navigate:previous', 'navigate:nextFailure'],
    );
    deliver({ type: 'response', id: requests[0].id, ok: true, result: { uid: null, message: 'Last question in the current order.' } });
    await act(async () => void (await new Promise((r) => setTimeout(r, 30))));
    assert.match(document.querySelector('[role="status"]')!.textContent!, /Last question/);
    assert.ok(api.posted.some((m) => m.type === 'painted' && m.uid === 'q_angle'));
  });

  test('a new sample replaces the old one in the same page (no reload)', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    const main = document.querySelector('main');
    show(DISTANCE_SAMPLE);
    assert.equal(document.querySelector('main'), main);
    assert.equal(main!.getAttribute('data-uid'), 'q_dist');
    assert.equal($('svg[data-overlay="direction-dial"]').length, 0);
  });
});

describe('raw output segments', () => {
  test("outside / region / span around the parser's span", () => {
    const raw = '<think>hmm 12</think><answer>-45</answer>';
    const region: [number, number] = [29, 32];
    const s = segments(raw, region, [29, 32], true);
    assert.deepEqual(
      s.map((x) => [x.role, x.text]),
      [
        ['outside', '<think>hmm 12</think><answer>'],
        ['span', '-45'],
        ['outside', '</answer>'],
      ],
    );
  });
  test('unparsed marks the whole region; the pieces always rebuild the raw text', () => {
    const raw = 'I cannot tell.';
    assert.deepEqual(segments(raw, [0, raw.length], null, false), [{ text: raw, role: 'unparsed' }]);
    const s = segments('abc 42 def', [0, 10], [4, 6], true);
    assert.equal(s.map((x) => x.text).join(''), 'abc 42 def');
    assert.equal(s.find((x) => x.role === 'span')!.text, '42');
  });
});

describe('re-encode command', () => {
  test('quotes paths with spaces or quotes for the shell', () => {
    assert.equal(
      reencodeCommand('/d/clip.mp4'),
      'ffmpeg -i /d/clip.mp4 -c:v libx264 -pix_fmt yuv420p -movflags +faststart -an /d/clip.h264.mp4',
    );
    assert.equal(
      reencodeCommand("/d/it's a clip.webm"),
      "ffmpeg -i '/d/it'\\''s a clip.webm' -c:v libx264 -pix_fmt yuv420p -movflags +faststart -an '/d/it'\\''s a clip.h264.mp4'",
    );
  });
});

describe('toolkit boundary', () => {
  test('only webview/ui imports @vscode/webview-ui-toolkit', () => {
    const root = path.resolve(__dirname, '../../../webview');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? files(path.join(dir, n)) : [path.join(dir, n)]));
    const offenders = files(root).filter(
      (f) =>
        /\.(tsx?|css)$/.test(f) &&
        !f.startsWith(path.join(root, 'ui') + path.sep) &&
        readFileSync(f, 'utf8').includes('@vscode/webview-ui-toolkit'),
    );
    assert.deepEqual(offenders, []);
  });
});

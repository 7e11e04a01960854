// The host side of the viewer without VS Code: the SampleView message, navigation, the MP4 header reader, the HTML/CSP.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { readDataset } from '../../../src/core/dataset/reader';
import { evaluateText } from '../../../src/core/results/evaluation';
import { JSDOM } from 'jsdom';
import { panelHtml, viewerHtml } from '../../../src/panels/common/html';
import { readVideoInfo } from '../../../src/panels/viewer/mp4Info';
import { buildSampleView, navigationTarget } from '../../../src/panels/viewer/sampleView';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDataset(records: Record<string, object>, files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gst-host-'));
  dirs.push(root);
  for (const [dir, rec] of Object.entries(records)) {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, 'question.json'), JSON.stringify(rec));
  }
  for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(root, rel), text);
  return root;
}

const toUri = (p: string) => `webview://${p}`;

describe('SampleView message', () => {
  test('plain JSON (no bigint, no Map): parsed values as numbers, spans, scores, colours, geometry with URIs', async () => {
    const root = tempDataset(
      {
        a: {
          task: 'Self_Localization_Global_Position',
          uid: 'p1',
          scene: 'scene_1',
          answer: '<point>391 698</point>',
          texts: ['t0', 'map:'],
          images: ['map.png'],
          geometry: {
            topdown: { path: 'map.png', width: 480, height: 360 },
            agent: { x: 1, y: 2, heading: 35 },
            target: { x: 3, y: 4, label: 'chair' },
          },
        },
      },
      { 'a/map.png': 'not really a png' },
    );
    const ds = await readDataset(root, { sniffMedia: false });
    const evaluation = evaluateText(ds, 'r.jsonl', JSON.stringify({ uid: 'p1', prediction: 'I think <point>520 610</point>.' }) + '\n', {
      profile: 'paper',
    });
    const sample = await buildSampleView(ds.questions[0], ds, {
      results: [{ id: 'r', label: 'model', colorIndex: 2, active: true, evaluation }],
      order: ['x', 'p1'],
      toUri,
    });
    const wire = JSON.parse(JSON.stringify(sample));
    assert.deepEqual(wire, sample, 'survives JSON unchanged');
    assert.deepEqual(sample.truth, [391, 698]);
    assert.deepEqual(sample.truthValue, { kind: 'point', x: 391, y: 698 }, 'tagged with its kind');
    assert.deepEqual(sample.results[0].outcome?.value, { kind: 'point', x: 520, y: 610 });
    assert.equal(sample.subtask?.abbreviation, 'Pos');
    assert.deepEqual(sample.position, { index: 1, total: 2 });
    const o = sample.results[0].outcome!;
    assert.deepEqual(o.parsed, [520, 610]);
    assert.equal('I think <point>520 610</point>.'.slice(o.span![0], o.span![1]), '<point>520 610</point>');
    assert.equal(sample.results[0].colorIndex, 2);
    assert.equal(o.of, 5);
    assert.equal(sample.geometry?.topdown.uri, toUri(path.join(ds.root, 'a', 'map.png')));
    assert.deepEqual(sample.geometry?.agent, { x: 1, y: 2, heading: 35 });
    assert.equal(sample.geometry?.target?.label, 'chair');
    assert.equal(sample.images[0].uri, toUri(path.join(ds.root, 'a', 'map.png')));
    assert.equal(sample.images[0].role, 'map', 'the one image of a position question is tagged as the map');
  });

  test('a geometry path that leaves the dataset root gets no URI; missing media get none either', async () => {
    const root = tempDataset({
      a: {
        task: 'Object_Localization_Egocentric_Direction_visual',
        uid: 'd1',
        scene: 's',
        answer: '10',
        texts: ['t'],
        copied_video_path: 'gone.mp4',
        geometry: { topdown: { path: '../../etc/passwd', width: 10, height: 10 }, agent: { x: 1, y: 1, heading: 0 } },
      },
    });
    const ds = await readDataset(root);
    const sample = await buildSampleView(ds.questions[0], ds, { results: [], order: [], toUri });
    assert.equal(sample.geometry?.topdown.uri, null);
    assert.equal(sample.video?.exists, false);
    assert.equal(sample.video?.uri, null);
    assert.equal(sample.video?.relPath, 'gone.mp4');
    assert.equal(sample.position, null);
    assert.ok(sample.problems.some((p) => /missing video/.test(p)));
  });

  test('malformed geometry is ignored (real data has none)', async () => {
    const root = tempDataset({
      a: {
        task: 'Object_Localization_Egocentric_Direction_visual',
        uid: 'd2',
        scene: 's',
        answer: '10',
        texts: ['t'],
        geometry: { topdown: { path: 'x.png' } },
      },
    });
    const ds = await readDataset(root);
    assert.equal((await buildSampleView(ds.questions[0], ds, { results: [], order: [], toUri })).geometry, null);
  });
});

describe('navigation order', () => {
  const order = ['a', 'b', 'c', 'd'];
  const failures = new Set(['a', 'c']);
  const isFailure = (u: string) => failures.has(u);
  const go = (from: string | undefined, direction: 'next' | 'previous' | 'nextFailure', fails = isFailure, o: string[] = order) =>
    navigationTarget(o, from, direction, fails);
  test('next and previous move one step; at the ends they wrap and say so (as next failure does)', () => {
    assert.deepEqual(go('b', 'next'), { uid: 'c', wrapped: false });
    assert.deepEqual(go('d', 'next'), { uid: 'a', wrapped: true });
    assert.deepEqual(go('b', 'previous'), { uid: 'a', wrapped: false });
    assert.deepEqual(go('a', 'previous'), { uid: 'd', wrapped: true });
    assert.equal(go('a', 'next', isFailure, ['a']), null, 'a single question has nowhere to go');
  });
  test('next failure skips passes and wraps around once, saying so', () => {
    assert.deepEqual(go('a', 'nextFailure'), { uid: 'c', wrapped: false });
    assert.deepEqual(go('c', 'nextFailure'), { uid: 'a', wrapped: true });
    assert.equal(
      go('b', 'nextFailure', () => false),
      null,
    );
    assert.equal(
      go('a', 'nextFailure', (u) => u === 'a'),
      null,
      'the only failure is the one shown',
    );
  });
  test('a question outside the filter starts from the ends, without a wrap', () => {
    assert.deepEqual(go('zzz', 'next'), { uid: 'a', wrapped: false });
    assert.deepEqual(go('zzz', 'previous'), { uid: 'd', wrapped: false });
    assert.deepEqual(go('zzz', 'nextFailure'), { uid: 'a', wrapped: false });
    assert.equal(go('a', 'next', isFailure, []), null);
  });
});

const HAVE_FFMPEG = !spawnSync('ffmpeg', ['-version']).error;

describe('MP4 header reader', () => {
  test(
    'frame rate and codecs of clips made with ffmpeg',
    { skip: HAVE_FFMPEG ? false : 'ffmpeg is not installed (apt-get install ffmpeg)' },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gst-mp4-'));
      dirs.push(dir);
      const make = (name: string, args: string[]) => {
        const out = path.join(dir, name);
        const r = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, out]);
        assert.equal(r.status, 0, String(r.stderr));
        return out;
      };
      const h264 = make('a.mp4', [
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x48:rate=10',
        '-t',
        '1',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-an',
      ]);
      // moov at the end (no faststart), 25 fps, with an AAC track.
      const tail = make('b.mp4', [
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x48:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine',
        '-t',
        '1',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
      ]);
      assert.deepEqual(await readVideoInfo(h264), { fps: 10, videoCodec: 'avc1', audioCodec: null });
      assert.deepEqual(await readVideoInfo(tail), { fps: 25, videoCodec: 'avc1', audioCodec: 'mp4a' });
      assert.equal(await readVideoInfo(path.join(dir, 'missing.mp4')), null);
      writeFileSync(path.join(dir, 'text.mp4'), 'hello, not a video at all');
      assert.equal(await readVideoInfo(path.join(dir, 'text.mp4')), null);
    },
  );

  test('the real sample clip is H.264 at 10 fps', { skip: NEEDS_SHARED }, async () => {
    const file = path.join(SHARED_DIR, 'datasets/gst-page-examples/02_Global_Structure_Understanding_Topdown_Selection_Medium/video1.mp4');
    assert.ok(existsSync(file));
    assert.deepEqual(await readVideoInfo(file), { fps: 10, videoCodec: 'avc1', audioCodec: null });
  });
});

describe('viewer HTML', () => {
  test("strict CSP with default-src 'none', one nonce on the script, the stylesheet and FAST's meta", () => {
    const html = viewerHtml({
      cspSource: 'https://x.vscode-cdn.net',
      scriptUri: 'https://x/dist/webview/viewer.js',
      styleUri: 'https://x/dist/webview/viewer.css',
      nonce: 'abc123',
    });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    assert.match(csp, /^default-src 'none'; /);
    assert.match(csp, /script-src 'nonce-abc123'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(html, /<script nonce="abc123" src="https:\/\/x\/dist\/webview\/viewer.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" nonce="abc123" href="https:\/\/x\/dist\/webview\/viewer.css">/);
    assert.match(html, /<meta property="csp-nonce" content="abc123">/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'no inline script');
    assert.match(html, /<div id="root" data-panel="viewer"><\/div>/, 'the page is for the viewer');
  });

  test('a bundle written into the page: under the nonce, nothing linked, and no text in it can end its element early', () => {
    const script = 'const a = "</script><script>alert(1)</script>"; const b = /<\\/SCRIPT>/; // <!-- x\n';
    const style = '.a::after { content: "</style><script>alert(2)</script>"; }';
    const html = panelHtml({
      panel: 'compare',
      title: 'T',
      cspSource: 'c',
      scriptUri: 's.js',
      styleUri: 'y.css',
      nonce: 'n1',
      inline: { script, style },
    });
    assert.doesNotMatch(html, /src="s\.js"|href="y\.css"/, 'nothing is fetched');
    const doc = new JSDOM(html).window.document;
    const scripts = [...doc.querySelectorAll('script')];
    assert.equal(scripts.length, 1, 'one script element: the text inside did not open another');
    assert.equal(scripts[0].getAttribute('nonce'), 'n1');
    const styles = [...doc.querySelectorAll('style')];
    assert.equal(styles.length, 1);
    assert.equal(styles[0].getAttribute('nonce'), 'n1');
    // What the page runs is the bundle's meaning: the escapes are the same characters in a JS string and regex.
    assert.equal(new Function(`${scripts[0].textContent}; return a;`)(), '</script><script>alert(1)</script>');
    assert.ok(styles[0].textContent!.includes('content: "<\\/style>'));
    assert.ok(doc.getElementById('root'), 'the root after the script is part of the page');
  });

  test('a fresh nonce per page', () => {
    const opts = { cspSource: 'c', scriptUri: 's', styleUri: 'y' };
    const nonce = (h: string) => /nonce="([^"]+)"/.exec(h)![1];
    assert.notEqual(nonce(viewerHtml(opts)), nonce(viewerHtml(opts)));
    assert.ok(nonce(viewerHtml(opts)).length >= 16);
  });
});

// The viewer reacts only to what it shows: the real state, the real viewer host and session, a real dataset.
// A filter keystroke sends at most a small position update: no video header read, no whole sample again.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { readDataset, readDatasetDeferringMedia } from '../../../src/core/dataset/reader';
import type { Question } from '../../../src/core/dataset/question';
import { evaluateText } from '../../../src/core/results/evaluation';
import { ViewerSession } from '../../../src/panels/viewer/session';
import { createViewerHost } from '../../../src/panels/viewer/viewerHost';
import type { ViewerNotification } from '../../../src/shared/protocol';
import { InspectorState } from '../../../src/store/state';

const root = mkdtempSync(path.join(tmpdir(), 'gst-viewer-updates-'));
after(() => rmSync(root, { recursive: true, force: true }));

const TASK = 'Object_Localization_Egocentric_Direction_visual';
for (const [i, uid] of ['scene1_chair_0', 'scene1_table_1', 'scene2_lamp_2'].entries()) {
  mkdirSync(path.join(root, uid));
  writeFileSync(
    path.join(root, uid, 'question.json'),
    JSON.stringify({
      task: TASK,
      uid,
      scene: `scene${i < 2 ? 1 : 2}`,
      answer: String(10 * i),
      texts: ['t0', 'Which direction?'],
      copied_video_path: 'video.mp4',
    }),
  );
  writeFileSync(path.join(root, uid, 'video.mp4'), 'stands in for a video: only its header reads are counted');
}

async function setUp() {
  const state = new InspectorState();
  const dataset = await readDataset(root, { sniffMedia: false });
  state.slices.datasets.add(root, 'user');
  state.slices.datasets.setLoaded(root, { dataset });
  const lines = (prediction: (i: number) => string) =>
    ['scene1_chair_0', 'scene1_table_1', 'scene2_lamp_2'].map((uid, i) => JSON.stringify({ uid, prediction: prediction(i) })).join('\n');
  for (const [file, text] of [
    ['/r/a.jsonl', lines((i) => String(10 * i))],
    ['/r/b.jsonl', lines(() => '90')],
  ] as const) {
    state.slices.results.add(file);
    state.slices.results.setEvaluation(file, { evaluation: evaluateText(dataset, file, text, { profile: 'paper' }) });
  }
  state.setActive('/r/a.jsonl');
  state.setCompared('/r/a.jsonl', true);
  const sent: ViewerNotification[] = [];
  let videoReads = 0;
  const session = new ViewerSession({
    host: createViewerHost(state),
    notify: (m) => sent.push(m) > 0,
    isReady: () => true,
    toUri: (p) => `webview://${p}`,
    readVideoInfo: async () => {
      videoReads++;
      return { fps: 10, videoCodec: 'avc1', audioCodec: null };
    },
  });
  await session.ready(undefined);
  await session.show('scene1_table_1');
  return { state, session, sent, reads: () => videoReads, dataset };
}

const types = (sent: ViewerNotification[]) => sent.map((m) => m.type);

describe('media a dataset has not checked yet', () => {
  test('the question opened has its own media checked before it is shown, and only its own', async () => {
    const { dataset, media } = await readDatasetDeferringMedia(root, { sniffMedia: false });
    class DeferringState extends InspectorState {
      override mediaOf(question: Question): Promise<void> {
        return media.question(question);
      }
    }
    const state = new DeferringState();
    state.slices.datasets.add(root, 'user');
    state.slices.datasets.setLoaded(root, { dataset });
    const sent: ViewerNotification[] = [];
    const session = new ViewerSession({
      host: createViewerHost(state),
      notify: (m) => sent.push(m) > 0,
      isReady: () => true,
      toUri: (p) => `webview://${p}`,
      readVideoInfo: async () => ({ fps: 10, videoCodec: 'avc1', audioCodec: null }),
    });
    await session.ready(undefined);
    await session.show('scene1_chair_0');
    const shown = sent.find((m): m is Extract<ViewerNotification, { type: 'show' }> => m.type === 'show')!;
    assert.equal(shown.sample.video?.exists, true, 'the video is there, not shown as missing');
    assert.equal(shown.sample.video?.uri, `webview://${path.join(root, 'scene1_chair_0', 'video.mp4')}`);
    assert.equal(media.has(dataset.byUid.get('scene1_chair_0')!), false);
    assert.equal(media.has(dataset.byUid.get('scene1_table_1')!), true, "the other questions' media wait for the dataset's pass");
  });
});

describe('the viewer reacts only to what it shows', () => {
  test('filter keystrokes: no video header read, no whole sample; the position follows', async () => {
    const { state, session, sent, reads } = await setUp();
    assert.deepEqual(types(sent), ['show']);
    assert.equal(reads(), 1);
    assert.deepEqual((sent[0] as Extract<ViewerNotification, { type: 'show' }>).sample.position, { index: 1, total: 3 });
    for (const text of ['s', 'sc', 'sce', 'scene1']) state.setFilter({ text });
    assert.equal(reads(), 1, 'the MP4 header is not read again');
    assert.deepEqual(types(sent), ['show', 'position'], 'one small update, when the position changed (3 -> 2 questions)');
    assert.deepEqual(sent[1], { type: 'position', uid: 'scene1_table_1', position: { index: 1, total: 2 } });
    state.setFilter({ text: 'lamp' }); // hides the question shown: it stays on screen, outside the order
    assert.deepEqual(sent.at(-1), { type: 'position', uid: 'scene1_table_1', position: null });
    session.dispose();
  });

  test('ticking a file or a new score sends the results only; a dataset reload rebuilds the sample', async () => {
    const { state, session, sent, reads, dataset } = await setUp();
    state.setCompared('/r/b.jsonl', true);
    const update = sent.at(-1) as Extract<ViewerNotification, { type: 'results' }>;
    assert.equal(update.type, 'results');
    assert.deepEqual(
      update.results.map((r) => r.id),
      ['/r/a.jsonl', '/r/b.jsonl'],
    );
    state.setActive('/r/b.jsonl'); // the header marks the active file
    assert.deepEqual(
      (sent.at(-1) as Extract<ViewerNotification, { type: 'results' }>).results.map((r) => r.active),
      [false, true],
    );
    state.setCompared('/r/a.jsonl', false);
    assert.deepEqual(
      (sent.at(-1) as Extract<ViewerNotification, { type: 'results' }>).results.map((r) => r.id),
      ['/r/b.jsonl'],
    );
    state.setFilter({ sort: 'dataset' }); // the same order: nothing to send
    assert.deepEqual(types(sent), ['show', 'results', 'results', 'results']);
    assert.equal(reads(), 1);
    state.slices.datasets.setLoaded(root, { dataset });
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(types(sent).at(-1), 'show');
    assert.equal(reads(), 2);
    session.dispose();
  });

  test('navigation wraps at both ends and says so; next failure follows the active file', async () => {
    const { session } = await setUp();
    await session.show('scene2_lamp_2');
    assert.deepEqual(session.navigate('next'), { uid: 'scene1_chair_0', message: 'Wrapped to the first question in the current order.' });
    assert.deepEqual(session.navigate('previous'), { uid: 'scene1_table_1' });
    await session.show('scene1_chair_0');
    assert.deepEqual(session.navigate('previous'), { uid: 'scene2_lamp_2', message: 'Wrapped to the last question in the current order.' });
    assert.deepEqual(
      session.navigate('nextFailure'),
      { uid: null, message: 'No other failure in the current filter.' },
      'file a is right everywhere',
    );
    session.dispose();
  });

  test('a new sample is posted before the panel title changes (a title redraws the tabs the message would wait behind)', async () => {
    const state = new InspectorState();
    const dataset = await readDataset(root, { sniffMedia: false });
    state.slices.datasets.add(root, 'user');
    state.slices.datasets.setLoaded(root, { dataset });
    const calls: string[] = [];
    const session = new ViewerSession({
      host: createViewerHost(state),
      notify: (m) => calls.push(m.type) > 0,
      isReady: () => true,
      toUri: (p) => `webview://${p}`,
      onTitle: (title) => calls.push(`title ${title}`),
      readVideoInfo: async () => ({ fps: 10, videoCodec: 'avc1', audioCodec: null }),
    });
    await session.ready(undefined);
    await session.show('scene2_lamp_2');
    assert.deepEqual(calls, ['show', 'title EDv · scene2']);
    session.dispose();
  });
});

// Frames the model never saw, where the dataset has no `geometry.targetFrames`: the viewer's timeline says it is
// finding the red box, then shows the stretches found (the generator's), and the diagnosis, which never waits for
// decoding, reports "target never in the sampled frames" once the detections arrive. Real state, real ffmpeg.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { evaluateFile, readDataset } from '../../../src/core';
import { detectRedBoxFrames, ffmpegAvailable } from '../../../src/core/diagnosis/redBox';
import { recordingDiagnosisViewer, SAMPLING } from '../helpers/diagnosisViewer';
import type { ViewerNotification, VisibilityView } from '../../../src/shared/protocol';
import { DETECTION_RECOMPUTE_DELAY_MS, DiagnosisService } from '../../../src/store/diagnosisService';
import { diagnosisOverlayView } from '../../../src/panels/viewer/diagnosisOverlay';
import { InspectorState } from '../../../src/store/state';
import {
  detectionBlockedReason,
  TargetFrameDetector,
  videoNeedingDetection,
  viewerDetection,
  type DetectedTargetFrames,
} from '../../../src/store/targetFrames';
import { DEMO_DIR, editedNoisyOracle } from '../helpers/demoResults';
import { copyDemoWithoutTargetFrames } from '../helpers/demoWithoutTargetFrames';

const skip = ffmpegAvailable() ? false : 'ffmpeg and ffprobe are not on PATH (Debian package ffmpeg): the detector needs them';

async function until(what: string, check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('target frames found in the videos reach the viewer and the diagnosis', { skip }, () => {
  test('the timeline goes from finding to the found stretches; the never-seen class appears after detection', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-target-frames-diag-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const root = path.join(dir, 'demo');
    const drawn = copyDemoWithoutTargetFrames(DEMO_DIR, root);
    const dataset = await readDataset(root, { sniffMedia: false });
    const edv = dataset.questions.filter((q) => q.subtask === 'ed_v');
    assert.ok(videoNeedingDetection(edv[0]), 'the copy has no geometry.targetFrames');
    // A wrong answer from a model that saw frames 0-2 only (the target shows from frame 52).
    const file = path.join(dir, 'blind.jsonl');
    writeFileSync(
      file,
      editedNoisyOracle((r) => (r.uid === edv[0].uid ? { ...r, prediction: '-120', frames: [0, 1, 2] } : undefined)),
    );

    const state = new InspectorState();
    const detector = new TargetFrameDetector();
    const service = new DiagnosisService(state, () => ({ profile: 'paper', sampling: SAMPLING }));
    service.setVisibilitySource(detector);
    state.slices.datasets.add(root, 'user');
    state.slices.datasets.setLoaded(root, { dataset });
    state.slices.results.add(file);
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
    state.setCompared(file, true);
    state.setActive(file);

    const before = await service.ensure(file);
    const unseen = () =>
      state.slices.diagnosis
        .get(file)
        ?.subtasks.find((s) => s.subtask === 'ed_v')
        ?.classes.find((c) => c.cls === 'target_unseen');
    assert.ok(before, 'diagnosed without waiting for any video');
    assert.equal(unseen(), undefined, 'no visibility known yet: no never-seen class');
    const visualAnswers = dataset.questions.filter((q) => videoNeedingDetection(q)).length;
    assert.deepEqual(service.visibilityCoverage(state.slices.results.get(file)!.id), { known: 0, total: visualAnswers });

    const { session, sent } = recordingDiagnosisViewer(state, service, {
      targetFrames: (q) => viewerDetection(detector, q, () => undefined),
      onDidChangeTargetFrames: detector.onDidChange,
    });
    await session.ready(undefined);
    await session.show(edv[0].uid);
    const shown = (sent[0] as Extract<ViewerNotification, { type: 'show' }>).sample.diagnosisOverlay!.visibility!;
    assert.equal(shown.detecting, true, 'the timeline says it is finding the red box');
    assert.equal(shown.visible, null);

    const latest = (): VisibilityView | undefined =>
      (sent.filter((m) => m.type === 'diagnosisOverlay').at(-1) as { overlay: { visibility: VisibilityView } } | undefined)?.overlay
        .visibility;
    await until('the found stretches in the viewer', () => latest()?.visible != null);
    const found = latest()!;
    const truth = drawn.get(edv[0].uid)!;
    assert.deepEqual(found.visible, truth.visible, "the stretches are the generator's");
    assert.equal(found.frames, truth.frames);
    assert.equal(found.source, 'video');
    assert.equal(found.sourceText, 'found in the video: red box, ffmpeg');

    await until('the diagnosis to be recomputed with the detection', () => unseen() !== undefined);
    assert.ok(unseen()!.uids.includes(edv[0].uid), 'the blind answer is in "target never in the sampled frames"');

    // Every video, as the command asks: then visibility is known for every visual question answered.
    const videos = dataset.questions.map((q) => videoNeedingDetection(q)).filter((v): v is string => v !== undefined);
    const run = await detector.request(videos);
    assert.equal(run.failed, 0);
    await until('coverage of every visual question', () => {
      const c = service.visibilityCoverage(state.slices.results.get(file)!.id);
      return c?.known === visualAnswers;
    });
    // Each video's stretches are the detector's own (its accuracy against the geometry is tested with the detector).
    for (const q of dataset.questions.filter((q) => videoNeedingDetection(q)))
      assert.deepEqual(
        detector.visibility(q.video!.path!)?.visible.map(([s, e]) => [s, e]),
        (await detectRedBoxFrames(q.video!.path!)).visible,
        `${q.uid}: the stretches found are the detector's`,
      );
    session.dispose();
    service.dispose();
    detector.dispose();
    state.dispose();
  });
});

describe('detections from the cache reach a new diagnosis at once, recomputed for nothing it already saw', { skip }, () => {
  test('a restart with the persisted detections: visibility known for every visual question, one diagnosis', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-target-frames-cache-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const root = path.join(dir, 'demo');
    copyDemoWithoutTargetFrames(DEMO_DIR, root);
    const dataset = await readDataset(root, { sniffMedia: false });
    const videos = dataset.questions.map((q) => videoNeedingDetection(q)).filter((v): v is string => v !== undefined);
    const cacheFile = path.join(dir, 'storage', 'target-frames.json');
    const first = new TargetFrameDetector({ cacheFile });
    assert.equal((await first.request(videos)).failed, 0);
    await first.idle();
    first.dispose();

    const file = path.join(dir, 'oracle.jsonl');
    writeFileSync(
      file,
      editedNoisyOracle(() => undefined),
    );
    const state = new InspectorState();
    let computed = 0;
    const service = new DiagnosisService(state, () => {
      computed++;
      return { profile: 'paper', sampling: SAMPLING };
    });
    const detector = new TargetFrameDetector({ cacheFile, detect: () => Promise.reject(new Error('nothing is decoded again')) });
    service.setVisibilitySource(detector);
    state.slices.datasets.add(root, 'user');
    state.slices.datasets.setLoaded(root, { dataset });
    state.slices.results.add(file);
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
    state.setActive(file);
    await service.ensure(file);
    const id = state.slices.results.get(file)!.id;
    assert.deepEqual(service.visibilityCoverage(id), { known: videos.length, total: videos.length });
    // The cached entries all came in one burst while it was computed; it saw them, so nothing is recomputed.
    await new Promise((r) => setTimeout(r, 3 * DETECTION_RECOMPUTE_DELAY_MS));
    assert.equal(computed, 1);
    service.dispose();
    detector.dispose();
    state.dispose();
  });
});

describe('the timeline says why visibility is unknown', () => {
  test('off, restricted or without ffmpeg, and a failed detection, keep "Visibility unknown" with the reason', async () => {
    const dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
    const q = dataset.questions.find((x) => x.subtask === 'ed_v')!;
    const bare = { ...q, extra: { ...q.extra, geometry: undefined } };
    const view = (detected: DetectedTargetFrames | undefined) =>
      diagnosisOverlayView({ question: bare, sampling: SAMPLING, profile: 'paper', detected }).visibility!;
    const reason = detectionBlockedReason({ setting: 'off', trusted: true, ffmpeg: true })!;
    const off = view({ kind: 'unavailable', reason });
    assert.equal(off.visible, null);
    assert.equal(off.unknownReason, `the question has no geometry.targetFrames, and ${reason}`);
    const failed = view({ kind: 'failed', message: 'ffmpeg cannot decode x.mp4 (exit 1): Invalid data' });
    assert.match(failed.unknownReason!, /finding the red box failed: ffmpeg cannot decode x\.mp4/);
    assert.equal(view({ kind: 'detecting' }).detecting, true);
    const withGeometry = diagnosisOverlayView({ question: q, sampling: SAMPLING, profile: 'paper' }).visibility!;
    assert.equal(withGeometry.sourceText, "from the dataset's geometry");
  });
});

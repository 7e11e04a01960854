// The host's target-frame detector (src/store/targetFrames.ts) with real ffmpeg on copies of the demo's annotated
// videos: it gives the detector's own frames (the generator's on the EDv video), a changed file is detected again, one ffmpeg at a time,
// cancellation drops the queue, detections survive in the cache file, and a corrupt cache is ignored.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { readDataset, type Question } from '../../../src/core';
import { detectRedBoxFrames, ffmpegAvailable } from '../../../src/core/diagnosis/redBox';
import { visibilityFromGeometry, type TargetVisibility } from '../../../src/shared/diagnosis/visibility';
import { detectionBlockedReason, probeFfmpeg, TargetFrameDetector, videoNeedingDetection } from '../../../src/store/targetFrames';
import { visibilityCoverageSentence } from '../../../src/shared/diagnosis/visibilityCoverage';
import { DEMO_DIR } from '../helpers/demoResults';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';

const skip = ffmpegAvailable() ? false : 'ffmpeg and ffprobe are not on PATH (Debian package ffmpeg): the detector needs them';

/**
 * Three of the demo's annotated videos (EDv, EDistv, GPv) and what the detector finds in each when called directly:
 * the service must give exactly that. (How well the detector matches the generator's geometry is
 * test/unit/diagnosis's concern; on the EDv video it matches exactly, checked below.)
 */
let videos: Array<{ file: string; truth: TargetVisibility }>;

/** A detector whose every call to the real detector is recorded, with the number running at once. */
function watched(options: { cacheFile?: string; logs?: string[] } = {}) {
  const calls: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const started: Array<() => void> = [];
  const detector = new TargetFrameDetector({
    cacheFile: options.cacheFile,
    log: (level, message) => options.logs?.push(`${level}: ${message}`),
    detect: async (file) => {
      calls.push(path.basename(file));
      running++;
      maxRunning = Math.max(maxRunning, running);
      started.splice(0).forEach((f) => f());
      try {
        return await detectRedBoxFrames(file);
      } finally {
        running--;
      }
    },
  });
  const nextStart = () => new Promise<void>((resolve) => started.push(resolve));
  return { detector, calls, maxRunning: () => maxRunning, nextStart };
}

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-target-frames-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Copies of the three videos into `dir`, as a.mp4, b.mp4, c.mp4. */
function copies(dir: string): string[] {
  return videos.map((v, i) => {
    const to = path.join(dir, `${'abc'[i]}.mp4`);
    copyFileSync(v.file, to);
    return to;
  });
}

const plain = (v: TargetVisibility | undefined) => v && { frames: v.frames, visible: v.visible.map(([s, e]) => [s, e]) };

describe('TargetFrameDetector', { skip }, () => {
  before(async () => {
    const dataset = await readDataset(DEMO_DIR, { sniffMedia: false });
    const pick = (subtask: string) => dataset.questions.find((q) => q.subtask === subtask && q.video?.exists) as Question;
    const questions = ['ed_v', 'edist_v', 'gp_v'].map(pick);
    assert.ok(
      questions.every((q) => (visibilityFromGeometry(q.extra.geometry)?.visible.length ?? 0) > 0),
      'the demo questions have geometry.targetFrames',
    );
    videos = [];
    for (const q of questions) videos.push({ file: q.video!.path!, truth: await detectRedBoxFrames(q.video!.path!) });
    assert.deepEqual(
      plain(videos[0].truth),
      plain(visibilityFromGeometry(questions[0].extra.geometry)),
      "the EDv video: the generator's frames",
    );
    assert.equal(videoNeedingDetection(pick('ed_v')), undefined, 'a question with geometry needs no detection');
  });

  test('finds the generator’s frames; a second request is a cache hit; a changed mtime is detected again', async (t) => {
    const [a] = copies(tempDir(t));
    const { detector, calls } = watched();
    assert.deepEqual(detector.state(a), { kind: 'unknown' });
    const run = await detector.request([a]);
    assert.deepEqual(run, { done: 1, failed: 0, total: 1, cancelled: false });
    assert.deepEqual(plain(detector.visibility(a)), plain(videos[0].truth));
    await detector.request([a]);
    assert.deepEqual(calls, ['a.mp4'], 'the same file is not decoded twice');

    const later = new Date(Date.now() + 60_000);
    utimesSync(a, later, later);
    const changes: string[][] = [];
    detector.onDidChange((e) => changes.push(e.files));
    await detector.verify([a]);
    assert.deepEqual(detector.state(a), { kind: 'unknown' }, 'a changed file loses its detection');
    await detector.request([a]);
    assert.deepEqual(calls, ['a.mp4', 'a.mp4'], 'a changed file is decoded again');
    assert.ok(changes.length >= 2, 'changes are announced');
    detector.dispose();
  });

  test('decodes one video at a time, in order, reporting progress; a bad video fails with ffmpeg’s message', async (t) => {
    const dir = tempDir(t);
    const files = copies(dir);
    const bad = path.join(dir, 'bad.mp4');
    writeFileSync(bad, 'not a video');
    const { detector, calls, maxRunning } = watched();
    const progress: number[] = [];
    const run = await detector.request([...files, bad], { onProgress: (r) => progress.push(r.done) });
    assert.deepEqual(calls, ['a.mp4', 'b.mp4', 'c.mp4', 'bad.mp4']);
    assert.equal(maxRunning(), 1, 'never two ffmpeg at once');
    assert.deepEqual(run, { done: 4, failed: 1, total: 4, cancelled: false });
    assert.deepEqual(progress, [0, 1, 2, 3, 4]);
    files.forEach((f, i) => assert.deepEqual(plain(detector.visibility(f)), plain(videos[i].truth), path.basename(f)));
    const failed = detector.state(bad);
    assert.equal(failed.kind, 'failed');
    assert.match((failed as { message: string }).message, /bad\.mp4/);
    detector.dispose();
  });

  test('a cancelled request drops the queued videos; the one being decoded finishes and is kept', async (t) => {
    const files = copies(tempDir(t));
    const { detector, calls, nextStart } = watched();
    const abort = new AbortController();
    const first = nextStart();
    const pending = detector.request(files, { signal: abort.signal });
    await first;
    assert.deepEqual(detector.state(files[2]), { kind: 'detecting' }, 'queued');
    abort.abort();
    const run = await pending;
    assert.equal(run.cancelled, true);
    assert.ok(run.done < run.total);
    assert.deepEqual(detector.state(files[2]), { kind: 'unknown' }, 'the queued video was dropped');
    await detector.idle();
    assert.deepEqual(calls, ['a.mp4'], 'nothing after the cancel was decoded');
    assert.deepEqual(plain(detector.visibility(files[0])), plain(videos[0].truth));
    detector.dispose();
  });

  test('detections persist in the cache file and are used after a restart without decoding; no temp file is left', async (t) => {
    const dir = tempDir(t);
    const [a, b] = copies(dir);
    const cacheFile = path.join(dir, 'storage', 'target-frames.json');
    const first = watched({ cacheFile });
    await first.detector.request([a, b]);
    await first.detector.idle();
    first.detector.dispose();
    const doc = JSON.parse(readFileSync(cacheFile, 'utf8')) as { version: number; videos: Record<string, unknown> };
    assert.equal(doc.version, 1);
    assert.deepEqual(Object.keys(doc.videos).sort(), [a, b]);
    assert.deepEqual(readdirSync(path.dirname(cacheFile)), ['target-frames.json'], 'no temp file left');

    const second = watched({ cacheFile });
    assert.deepEqual(second.detector.state(a), { kind: 'unknown' }, 'a cached entry counts once its file was checked');
    await second.detector.verify([a, b]);
    assert.deepEqual(plain(second.detector.visibility(a)), plain(videos[0].truth));
    assert.deepEqual(plain(second.detector.visibility(b)), plain(videos[1].truth));
    await second.detector.request([a, b]);
    assert.deepEqual(second.calls, [], 'nothing decoded again');
    second.detector.dispose();

    // A video replaced since the cache was written is not taken from it.
    const later = new Date(Date.now() + 60_000);
    utimesSync(b, later, later);
    const third = watched({ cacheFile });
    await third.detector.verify([a, b]);
    assert.ok(third.detector.visibility(a));
    assert.deepEqual(third.detector.state(b), { kind: 'unknown' });
    third.detector.dispose();
  });

  test('a corrupt cache file is ignored with a log line, and replaced by a good one', async (t) => {
    const dir = tempDir(t);
    const [a] = copies(dir);
    const cacheFile = path.join(dir, 'target-frames.json');
    writeFileSync(cacheFile, '{"version": 1, "videos": {');
    const logs: string[] = [];
    const { detector, calls } = watched({ cacheFile, logs });
    await detector.verify([a]);
    assert.ok(
      logs.some((l) => l.startsWith('warn: ') && l.includes(cacheFile) && l.includes('ignored')),
      logs.join('\n'),
    );
    await detector.request([a]);
    await detector.idle();
    assert.deepEqual(calls, ['a.mp4']);
    const doc = JSON.parse(readFileSync(cacheFile, 'utf8')) as { videos: Record<string, { visible: unknown }> };
    assert.deepEqual(doc.videos[a].visible, plain(videos[0].truth)!.visible);
    detector.dispose();

    // A malformed entry is dropped and the rest used.
    writeFileSync(cacheFile, JSON.stringify({ version: 1, videos: { ...doc.videos, [path.join(dir, 'x.mp4')]: { size: 1 } } }));
    const again = watched({ cacheFile, logs });
    await again.detector.verify([a]);
    assert.ok(again.detector.visibility(a));
    assert.ok(
      logs.some((l) => l.includes('1 malformed entry ignored')),
      logs.join('\n'),
    );
    again.detector.dispose();
  });
});

describe('probeFfmpeg', { skip }, () => {
  test('finds ffmpeg where it is installed, asynchronously', async () => assert.equal(await probeFfmpeg(), true));
});

describe('detectionBlockedReason', () => {
  test('off, Restricted Mode and a missing ffmpeg each say why; auto in a trusted workspace with ffmpeg detects', () => {
    assert.match(detectionBlockedReason({ setting: 'off', trusted: true, ffmpeg: true })!, /gstBench\.diagnosis\.detectTargetFrames/);
    assert.match(detectionBlockedReason({ setting: 'auto', trusted: false, ffmpeg: true })!, /Restricted Mode/);
    assert.match(detectionBlockedReason({ setting: 'auto', trusted: true, ffmpeg: false })!, /ffmpeg is not on PATH/);
    assert.equal(detectionBlockedReason({ setting: 'auto', trusted: true, ffmpeg: true }), undefined);
  });
});

describe('visibilityCoverageSentence', () => {
  test('names how many visual questions have known visibility and what to run for the rest', () => {
    assert.equal(
      visibilityCoverageSentence({ known: 3, total: 240 }),
      'Target visibility known for 3 of 240 EDv, EDistv and GPv questions: run GST-Bench: Find Target Frames in Videos for the rest.',
    );
    assert.equal(visibilityCoverageSentence({ known: 9, total: 9 }), 'Target visibility known for all 9 EDv, EDistv and GPv questions.');
    assert.equal(visibilityCoverageSentence({ known: 0, total: 0 }), undefined);
  });
});

describe('TargetFrameDetector on the real GST-Bench samples', { skip: NEEDS_SHARED || skip }, () => {
  test('the early EDistv sample has no geometry: its annotated video (33 s at 10 fps) is decoded; the missing videos are not asked for', async () => {
    const dataset = await readDataset(path.join(SHARED_DIR, 'datasets', 'gst-page-examples-early'), { sniffMedia: false });
    const videos = dataset.questions.map((q) => videoNeedingDetection(q)).filter((v): v is string => v !== undefined);
    assert.deepEqual(
      videos.map((v) => path.basename(v)),
      ['video4_obj_carpet_ctclvd_0.mp4'],
      'only the EDistv sample has its video; EDv and Pos have none, and Pos is not a visual-localisation task',
    );
    const detector = new TargetFrameDetector();
    assert.deepEqual(await detector.request(videos), { done: 1, failed: 0, total: 1, cancelled: false });
    const found = detector.visibility(videos[0])!;
    assert.equal(found.frames, 330);
    assert.ok(found.visible.length > 0, 'the red box is found somewhere in the video');
    detector.dispose();
  });
});

// Visible-frame logic against the generator's geometry, and the red-box detection's precision and recall on the
// demo's annotated videos (skipped, with a message, when ffmpeg is not installed).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  anyFrameVisible,
  detectRedBoxFrames,
  diagnoseFile,
  ffmpegAvailable,
  parseFrameSampling,
  rangesWhere,
  readDataset,
  uniformFrameIndices,
  visibilityFromGeometry,
  type TargetVisibility,
} from '../../../src/core';
import { sceneContext } from '../../../src/generator/generate';
import { isVisible } from '../../../src/generator/render';
import { buildScene } from '../../../src/generator/scene';
import { REPO_ROOT } from '../helpers/shared';
import { frameConfusion } from './helpers';

const DEMO = path.join(REPO_ROOT, 'examples/demo');
const annotated = readdirSync(DEMO)
  .filter((d) => d.endsWith('_visual'))
  .map((d) => {
    const q = JSON.parse(readFileSync(path.join(DEMO, d, 'question.json'), 'utf8'));
    return { dir: d, video: path.join(DEMO, d, q.copied_video_path as string), q, visibility: visibilityFromGeometry(q.geometry)! };
  });

describe('frame sampling', () => {
  it('uniform sampling is numpy.linspace(0, total - 1, count).astype(int)', () => {
    // Printed by numpy 2 for these arguments.
    assert.deepEqual(uniformFrameIndices(254, 8), [0, 36, 72, 108, 144, 180, 216, 253]);
    assert.deepEqual(uniformFrameIndices(310, 32).slice(0, 9), [0, 9, 19, 29, 39, 49, 59, 69, 79]);
    assert.deepEqual(uniformFrameIndices(310, 32).slice(-2), [299, 309]);
    assert.deepEqual(uniformFrameIndices(5, 1), [0]);
    assert.deepEqual(uniformFrameIndices(3, 5), [0, 0, 1, 1, 2]);
  });
  it('reads "32 frames, uniform", "32 frames" and "32", and refuses anything else', () => {
    for (const t of ['32 frames, uniform', '32 frames', '32', ' 32  Frames uniformly '])
      assert.deepEqual(parseFrameSampling(t), { count: 32, method: 'uniform' }, t);
    for (const t of ['', 'lots', '0 frames', '32 frames, random', '32 32']) assert.equal(typeof parseFrameSampling(t), 'string', t);
  });
  it('any sampled frame inside a half-open visible range counts; the end of a range does not', () => {
    const v: TargetVisibility = {
      frames: 100,
      visible: [
        [40, 45],
        [70, 71],
      ],
    };
    assert.equal(anyFrameVisible([0, 33, 66, 99], v), false);
    assert.equal(anyFrameVisible([45, 71], v), false);
    assert.equal(anyFrameVisible([99, 70], v), true);
    assert.equal(anyFrameVisible([44], v), true);
    assert.deepEqual(
      rangesWhere(6, (i) => i !== 2 && i !== 3),
      [
        [0, 2],
        [4, 6],
      ],
    );
  });
});

describe('visible frames from geometry', () => {
  it('the demo question.json ranges are exactly the frames the generator boxes', () => {
    assert.equal(annotated.length, 9);
    const contexts = new Map<number, ReturnType<typeof sceneContext>>();
    for (const a of annotated) {
      const sceneIndex = Number(String(a.q.scene).replace('scene_', ''));
      if (!contexts.has(sceneIndex)) contexts.set(sceneIndex, sceneContext('7', buildScene('7', sceneIndex), 320, 256));
      const ctx = contexts.get(sceneIndex)!;
      const target = ctx.scene.furniture.find((f) => f.instance === a.q.geometry.target.label)!;
      const truth = rangesWhere(ctx.poses.length, (i) => isVisible(ctx.frameObjects[i][target.id], 320, 256));
      assert.deepEqual(a.visibility, { frames: ctx.poses.length, fps: 10, visible: truth }, a.dir);
    }
  });
  it('says which demo targets 8 uniform frames miss, and 32 do not', () => {
    const missed = (count: number) =>
      annotated
        .filter((a) => !anyFrameVisible(uniformFrameIndices(a.visibility.frames, count), a.visibility))
        .map((a) => a.dir.slice(0, 2));
    assert.deepEqual(missed(32), []);
    assert.ok(missed(8).length > 0, 'some demo target hides between 8 frames');
    // 05: visible in [35, 37) and [62, 70) of 310 frames; 8 frames are 0, 44, 88, ...: none inside.
    assert.ok(missed(8).includes('05'));
  });
  it('malformed geometry gives no visibility rather than a wrong one', () => {
    assert.equal(visibilityFromGeometry({ targetFrames: { frames: 10, visible: [[5, 3]] } }), undefined);
    assert.equal(visibilityFromGeometry({ targetFrames: { frames: 10, visible: [[5, 11]] } }), undefined);
    assert.equal(visibilityFromGeometry({ targetFrames: { frames: 0, visible: [] } }), undefined);
    assert.equal(visibilityFromGeometry(null), undefined);
  });
});

const NO_FFMPEG = ffmpegAvailable() ? false : 'ffmpeg/ffprobe not installed (Debian package ffmpeg): red-box detection is not tested';

describe('red-box detection with ffmpeg', () => {
  it(
    'precision and recall of the detected visible frames against the generator ground truth, on the demo videos',
    { skip: NO_FFMPEG },
    async () => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      let frames = 0;
      const seen = new Map<string, Awaited<ReturnType<typeof detectRedBoxFrames>>>();
      for (const a of annotated) {
        const d = seen.get(a.video) ?? (await detectRedBoxFrames(a.video));
        seen.set(a.video, d);
        assert.equal(d.frames, a.visibility.frames, `${a.dir}: decoded frame count`);
        const c = frameConfusion(d, a.visibility);
        tp += c.tp;
        fp += c.fp;
        fn += c.fn;
        frames += d.frames;
      }
      const precision = tp / (tp + fp);
      const recall = tp / (tp + fn);
      console.log(
        `red-box detection on ${annotated.length} demo videos, ${frames} frames: ${tp} true positives, ${fp} false positives, ${fn} misses; precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)}`,
      );
      assert.ok(tp > 200, `${tp} visible frames found`);
      assert.ok(precision >= 0.98, `precision ${precision}`);
      assert.ok(recall >= 0.98, `recall ${recall}`);
    },
  );
  it('diagnose --detect-red-box finds the frames where a dataset has no geometry for them', { skip: NO_FFMPEG }, async () => {
    const a = annotated.find((x) => x.dir.startsWith('05'))!;
    const root = mkdtempSync(path.join(tmpdir(), 'gst-redbox-'));
    const dir = path.join(root, a.dir);
    cpSync(path.join(DEMO, a.dir), dir, { recursive: true });
    const q = { ...a.q, geometry: { ...a.q.geometry, targetFrames: undefined } };
    writeFileSync(path.join(dir, 'question.json'), JSON.stringify(q));
    const results = path.join(root, 'r.jsonl');
    writeFileSync(results, JSON.stringify({ uid: q.uid, prediction: '99' }) + '\n');
    const dataset = await readDataset(root);
    const run = (detectRedBox: boolean) =>
      diagnoseFile(dataset, results, { profile: 'paper', sampling: { count: 8, method: 'uniform' }, detectRedBox });
    assert.equal((await run(false)).diagnosis.subtasks[0].visibility, undefined);
    const { diagnosis } = await run(true);
    assert.deepEqual(diagnosis.subtasks[0].visibility, { sampling: '8 frames, uniform', questions: 1, unseen: 1, unseenFailed: 1 });
    assert.equal(diagnosis.byUid.get(q.uid)!.unseen, true);
  });
});

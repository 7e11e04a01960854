// What a read dataset keeps on the JS heap: a prompt text shared by many questions is held once, and so is the
// prompt built from it; a question.json's text is not kept (its bytes are, outside the heap, for the problems found
// after the read); a read's cache keeps each file's identity as one flat string.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DatasetReadCache, readDataset, readDatasetDeferringMedia } from '../../../src/core';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapUsed = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};

const QUESTIONS = 200;
// Two-byte text (an en dash), as the real prompts are: 40 KB per copy on the heap.
const PROMPT = 'Taking your current viewing direction as 0°, give the angle between –180° and 180°. '.repeat(240);

function writeDataset(t: { after(fn: () => void): void }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gst-dataset-memory-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (let i = 0; i < QUESTIONS; i++) {
    const dir = path.join(root, `${String(i).padStart(3, '0')}_q`);
    mkdirSync(dir);
    const question = {
      task: 'Object_Localization_Egocentric_Direction_visual',
      uid: `q${i}`,
      scene: 's',
      answer: '10',
      texts: ['This is the exploration video.', PROMPT],
      copied_video_path: 'missing.mp4',
    };
    writeFileSync(path.join(dir, 'question.json'), JSON.stringify(question, null, 2));
  }
  return root;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** 100 questions of 40 images each: what a read's cache keeps per media file is most of what it keeps. */
function writeImageDataset(t: { after(fn: () => void): void }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gst-dataset-cache-memory-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (let i = 0; i < 100; i++) {
    const dir = path.join(root, `${String(i).padStart(3, '0')}_q`);
    mkdirSync(dir);
    const images = Array.from({ length: 40 }, (_, k) => `i${k}.png`);
    for (const image of images) writeFileSync(path.join(dir, image), PNG);
    const question = {
      task: 'Global_Structure_Understanding_Topdown_Selection_Easy',
      uid: `q${i}`,
      scene: 's',
      answer: 'A',
      texts: ['t'],
      images,
    };
    writeFileSync(path.join(dir, 'question.json'), JSON.stringify(question));
  }
  return root;
}

describe('what a dataset holds', () => {
  it('a prompt text shared by its questions, and no question.json text, is kept on the heap', async (t) => {
    const root = writeDataset(t);
    const before = heapUsed();
    const { dataset, media } = await readDatasetDeferringMedia(root);
    await media.all();
    const held = heapUsed() - before;
    // One copy of each file's text and of each prompt would be 2 x 200 x 40 KB = 16 MB.
    assert.ok(held < 3 * 1024 * 1024, `the dataset holds ${(held / 1024 / 1024).toFixed(1)} MB`);
    assert.equal(dataset.questions.length, QUESTIONS);
    assert.ok(dataset.questions.every((q) => q.texts[1] === PROMPT));
    // Their prompts alike are one prompt, frozen: a change to one would change them all.
    const [first, ...rest] = dataset.questions.map((q) => q.prompt);
    assert.ok(rest.every((p) => p === first));
    assert.ok(Object.isFrozen(first) && first.every((part) => Object.isFrozen(part)));
    assert.deepEqual(
      first.map((p) => p.type),
      ['text', 'video', 'text'],
    );
  });

  it("the problems found after the read still point at their field's line; a question's source is its file", async (t) => {
    const root = writeDataset(t);
    const { dataset, media } = await readDatasetDeferringMedia(root);
    await media.all();
    const q = dataset.questions[7];
    const lines = readFileSync(q.source.file, 'utf8').split('\n');
    const videoLine = lines.findIndex((l) => l.includes('"copied_video_path"')) + 1;
    assert.ok(videoLine > 1);
    assert.deepEqual(
      q.problems.map((p) => [p.line, /missing\.mp4/.test(p.message)]),
      [[videoLine, true]],
    );
    assert.deepEqual(Object.keys(q.source), ['file']);
    assert.equal(JSON.stringify(q.source), JSON.stringify({ file: q.source.file }));
    // The same problems as a read that checks the media at once.
    const whole = await readDataset(root);
    assert.deepEqual(
      whole.questions.map((x) => x.problems),
      dataset.questions.map((x) => x.problems),
    );
  });

  it("a read's cache keeps each file's identity as one flat string", async (t) => {
    const root = writeImageDataset(t);
    const held = async (cache?: DatasetReadCache) => {
      const before = heapUsed();
      const read = await readDatasetDeferringMedia(root, { cache });
      await read.media.all();
      const after = heapUsed();
      assert.equal(read.dataset.questions.length, 100);
      return after - before;
    };
    await held(); // the reader's code compiled, and its feedback allocated, before anything is counted
    const withoutCache = await held();
    const cache = new DatasetReadCache();
    const withCache = await held(cache);
    assert.equal(cache.size.types, 4000);
    // About 190 bytes per media file: its identity (80), its entry in the types and in its question's list. As a
    // template literal's result, an identity kept 320 bytes of pieces.
    const perMedia = (withCache - withoutCache) / 4000;
    assert.ok(perMedia < 300, `the cache keeps ${perMedia.toFixed(0)} bytes per media file`);
  });
});

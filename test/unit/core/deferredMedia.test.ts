// readDatasetDeferringMedia: the questions first, without a look at any media file; then the media checks, all
// at once or one question's, giving the refs and problems of a full read.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DatasetReadCache, readDataset, readDatasetDeferringMedia, sniffMediaType, type Dataset, type Problem } from '../../../src/core';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const MP4 = Buffer.from('0000001866747970', 'hex');

const byPlace = (a: Problem, b: Problem) =>
  a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.message.localeCompare(b.message);

/** What a dataset says, with each problem list in one order (a deferred check appends a question's media problems). */
function content(ds: Dataset): unknown {
  return {
    root: ds.root,
    layout: ds.layout,
    problems: [...ds.problems].sort(byPlace),
    questions: ds.questions.map((q) => ({ ...q, problems: [...q.problems].sort(byPlace) })),
  };
}

/** Every media ref of the dataset. */
const refs = (ds: Dataset) => ds.questions.flatMap((q) => [...(q.video ? [q.video] : []), ...q.images]);

/** A layout-A dataset with every kind of media: present, mistyped, missing, a link inside, links and paths that leave. */
function writeMixedDataset(t: { after(fn: () => void): void }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gst-deferred-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'gst-deferred-outside-'));
  t.after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  writeFileSync(path.join(outside, 'secret.png'), PNG);
  const q = (folder: string, fields: Record<string, unknown>) => {
    mkdirSync(path.join(root, folder), { recursive: true });
    const base = { task: 'Object_Localization_Egocentric_Direction_visual', uid: folder, scene: 's', answer: '10', texts: ['a', 'b'] };
    writeFileSync(path.join(root, folder, 'question.json'), JSON.stringify({ ...base, ...fields }, null, 2));
  };
  q('01_present', { copied_video_path: 'v.mp4', images: ['i.png'] });
  writeFileSync(path.join(root, '01_present', 'v.mp4'), MP4);
  writeFileSync(path.join(root, '01_present', 'i.png'), PNG);
  q('02_mistyped', { copied_video_path: 'v.mp4', images: [{ copied_path: 'map.png' }] });
  writeFileSync(path.join(root, '02_mistyped', 'v.mp4'), PNG);
  writeFileSync(path.join(root, '02_mistyped', 'map.png'), JPEG);
  q('03_missing', { copied_video_path: 'gone.mp4', images: ['gone.png'] });
  q('04_links', { images: ['inside.png', 'secret.png', '../01_present/i.png', '/etc/passwd', '../../x.png', ''] });
  symlinkSync(path.join(root, '01_present', 'i.png'), path.join(root, '04_links', 'inside.png'));
  symlinkSync(path.join(outside, 'secret.png'), path.join(root, '04_links', 'secret.png'));
  q('05_duplicate', { uid: '01_present', copied_video_path: 'missing.mp4' });
  q('06_broken', {});
  writeFileSync(path.join(root, '06_broken', 'question.json'), '{ "uid": oops }');
  writeFileSync(path.join(root, 'sample_summary.json'), JSON.stringify([{ folder: 'x/01_present' }, { folder: 'x/99_gone' }]));
  return root;
}

/** A cache whose sniffer lists the files it opens (relative to `root`). */
function countingCache(root: string): { sniffed: string[]; cache: DatasetReadCache } {
  const sniffed: string[] = [];
  const cache = new DatasetReadCache((file) => {
    sniffed.push(path.relative(root, file));
    return sniffMediaType(readFileSync(file).subarray(0, 16));
  });
  return { sniffed, cache };
}

describe('readDatasetDeferringMedia', () => {
  it('looks at no media file first; once all are checked, the refs and problems are those of a full read', async (t) => {
    const root = writeMixedDataset(t);
    const { sniffed, cache } = countingCache(root);
    const { dataset, media } = await readDatasetDeferringMedia(root, { cache });
    const unchecked = await readDataset(root, { checkMedia: false });
    // The summary is checked with the media: its warning comes after.
    const summaryFile = path.join(root, 'sample_summary.json');
    const summaryWarning = unchecked.problems.find((p) => p.file === summaryFile);
    assert.match(summaryWarning?.message ?? '', /listed sample folder is missing: 99_gone/);
    unchecked.problems = unchecked.problems.filter((p) => p !== summaryWarning);
    assert.deepEqual(content(dataset), content(unchecked), 'before the checks: a read that looks at no media file nor the summary');
    assert.deepEqual(sniffed, []);
    assert.equal(media.done, false);

    await Promise.all([media.all(), media.all()]);
    assert.equal(media.done, true);
    assert.deepEqual(content(dataset), content(await readDataset(root)), 'after them: a full read');
    assert.equal(dataset.problems.filter((p) => p.file === summaryFile).length, 1, 'the summary warned once');
    assert.ok(dataset.problems.some((p) => /missing video: gone\.mp4/.test(p.message)));
    assert.ok(dataset.problems.some((p) => /not a recognised video file/.test(p.message)));
    assert.ok(refs(dataset).some((r) => r.exists && r.type === 'png'));
    assert.deepEqual(sniffed.splice(0).sort(), ['01_present/i.png', '01_present/v.mp4', '02_mistyped/map.png', '02_mistyped/v.mp4']);

    // The cache keeps the types for the next read: nothing unchanged is opened again.
    const again = await readDatasetDeferringMedia(root, { cache });
    await again.media.all();
    assert.deepEqual(sniffed.splice(0), [], 'nothing opened again');
    assert.deepEqual(content(again.dataset), content(dataset));
  });

  it('checks one question on demand, once, and the pass over all then skips it', async (t) => {
    const root = writeMixedDataset(t);
    const { sniffed, cache } = countingCache(root);
    const { dataset, media } = await readDatasetDeferringMedia(root, { cache });
    const mistyped = dataset.byUid.get('02_mistyped')!;
    assert.equal(media.has(mistyped), true);
    await Promise.all([media.question(mistyped), media.question(mistyped)]);
    assert.equal(media.has(mistyped), false);
    assert.deepEqual(sniffed.splice(0).sort(), ['02_mistyped/map.png', '02_mistyped/v.mp4'], 'its own media only, each once');
    assert.equal(mistyped.video?.exists, true);
    assert.equal(mistyped.images[0].type, 'jpeg');
    assert.ok(mistyped.problems.some((p) => /not a recognised video file/.test(p.message)));
    assert.equal(dataset.byUid.get('01_present')!.images[0].exists, false, 'the others wait');
    await media.all();
    assert.deepEqual(sniffed.sort(), ['01_present/i.png', '01_present/v.mp4']);
    assert.deepEqual(content(dataset), content(await readDataset(root)));
    await media.question(mistyped); // nothing left to do
  });

  it('a media file that cannot be looked at is reported on its own question, and the other checks go on', async (t) => {
    const root = writeMixedDataset(t);
    const cache = new DatasetReadCache((file) => {
      if (file.endsWith(path.join('02_mistyped', 'map.png'))) throw Object.assign(new Error('i/o error'), { code: 'EIO' });
      return sniffMediaType(readFileSync(file).subarray(0, 16));
    });
    const { dataset, media } = await readDatasetDeferringMedia(root, { cache });
    await media.all();
    const mistyped = dataset.byUid.get('02_mistyped')!;
    assert.ok(
      mistyped.problems.some((p) => /^image map\.png could not be checked: .*EIO/.test(p.message) && p.line! > 1),
      JSON.stringify(mistyped.problems),
    );
    assert.equal(mistyped.images[0].exists, false, 'its ref stays unchecked');
    assert.equal(mistyped.video?.type, 'png', 'its other media are checked');
    assert.equal(dataset.byUid.get('01_present')!.images[0].type, 'png', 'so are the other questions');
    assert.ok(dataset.problems.some((p) => /could not be checked/.test(p.message)));
  });

  it('an aborted pass rejects and leaves the dataset problems as the first read gave them', async (t) => {
    const root = writeMixedDataset(t);
    const { dataset, media } = await readDatasetDeferringMedia(root);
    const before = [...dataset.problems];
    const controller = new AbortController();
    controller.abort(new Error('reloaded'));
    await assert.rejects(media.all(controller.signal), /reloaded/);
    assert.deepEqual(dataset.problems, before);
    assert.equal(media.done, false);
  });

  it('a pass whose after-check job throws rejects; the next pass runs the jobs left and completes', async (t) => {
    const root = writeMixedDataset(t);
    const { dataset, media } = await readDatasetDeferringMedia(root);
    const ran: string[] = [];
    media.afterChecks(() => {
      ran.push('failing');
      throw new Error('disk went away');
    });
    media.afterChecks(() => void ran.push('next'));
    await assert.rejects(media.all(), /disk went away/);
    assert.equal(media.done, false);
    await media.all();
    assert.deepEqual(ran, ['failing', 'next'], 'the failed job is not run again, the one after it runs');
    assert.equal(media.done, true);
    assert.ok(
      dataset.problems.some((p) => /^missing video: gone\.mp4/.test(p.message)),
      'the media problems joined the list',
    );
  });

  it('a read again with the cache reuses each unchanged question, once its media were checked, and equals a fresh read', async (t) => {
    const root = writeMixedDataset(t);
    const cache = new DatasetReadCache();
    const read = async () => {
      const r = await readDatasetDeferringMedia(root, { cache });
      await r.media.all();
      return r.dataset;
    };
    // A read whose media checks were stopped leaves nothing in the cache.
    const stopped = await readDatasetDeferringMedia(root, { cache });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(stopped.media.all(controller.signal));
    const first = await read();
    assert.equal(first.questions.filter((q) => stopped.dataset.questions.includes(q)).length, 0, 'nothing reused from the stopped read');
    const second = await read();
    const reused = second.questions.filter((q) => first.questions.includes(q)).map((q) => path.basename(q.dir));
    // 04_links names files outside real folders (symlinks) and 05_duplicate gets a warning after it is built.
    assert.deepEqual(reused, ['01_present', '02_mistyped', '03_missing']);
    assert.deepEqual(content(second), content(await readDataset(root)));
    const third = await read();
    assert.deepEqual(content(third), content(await readDataset(root)), 'no warning piles up over reads');
    assert.equal(third.problems.filter((p) => p.message.startsWith('duplicate uid')).length, 1);
    writeFileSync(path.join(root, '03_missing', 'gone.png'), PNG);
    const fourth = await read();
    assert.equal(fourth.byUid.get('03_missing')!.images[0].exists, true, 'an image added is seen');
    assert.ok(fourth.byUid.get('01_present') === third.byUid.get('01_present'));
    assert.deepEqual(content(fourth), content(await readDataset(root)));
  });

  it('layout B: the same as a full read of the annotations file', async (t) => {
    const root = mkdtempSync(path.join(tmpdir(), 'gst-deferred-b-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(path.join(root, 'v.mp4'), MP4);
    writeFileSync(path.join(root, 'a.png'), JPEG);
    const record = (uid: string, fields: Record<string, unknown>) => ({
      task: 'Self_Localization_Global_Position',
      uid,
      scene: 's',
      answer: '<point>1 2</point>',
      texts: ['x', 'y'],
      ...fields,
    });
    const file = path.join(root, 'annotations.json');
    writeFileSync(
      file,
      JSON.stringify(
        [record('a', { video: 'v.mp4', images: ['a.png'] }), record('b', { video: 'none.mp4', images: ['../out.png'] })],
        null,
        2,
      ),
    );
    const { dataset, media } = await readDatasetDeferringMedia(file);
    assert.ok(refs(dataset).every((r) => !r.exists && r.path === null));
    // Each record's line (the second record starts on line 16 of the pretty-printed array): found at once, since the
    // path leaving the root is reported when the record is read.
    const recordLines = [2, 16];
    assert.deepEqual(
      dataset.questions.map((q) => q.source.line),
      recordLines,
    );
    await media.all();
    assert.deepEqual(
      dataset.questions.map((q) => q.source.line),
      recordLines,
    );
    assert.deepEqual(
      dataset.problems.map((p) => [p.line, p.message]),
      [
        [16, 'media path leaves the dataset root: ../out.png'],
        [16, 'missing video: none.mp4'],
      ],
    );
    assert.deepEqual(content(dataset), content(await readDataset(file)));
  });

  it("layout B: a record's line is found when a question is checked on its own, or by the pass over all", async (t) => {
    const root = mkdtempSync(path.join(tmpdir(), 'gst-deferred-lines-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(path.join(root, 'v.mp4'), MP4);
    const record = (uid: string, media: object) => ({
      task: 'Self_Localization_Global_Orientation',
      uid,
      scene: 's',
      answer: 90,
      texts: ['x'],
      ...media,
    });
    const file = path.join(root, 'annotations.json');
    // "c" names no media file: it has no check to wait for, yet its line is still to be found.
    writeFileSync(file, JSON.stringify([record('a', { video: 'v.mp4' }), record('b', { video: 'v.mp4' }), record('c', {})], null, 2));
    const expected = [2, 12, 22];
    assert.deepEqual(
      (await readDataset(file)).questions.map((q) => q.source.line),
      expected,
      'a full read finds them',
    );

    const first = await readDatasetDeferringMedia(file);
    assert.deepEqual(
      first.dataset.questions.map((q) => q.source.line),
      [undefined, undefined, undefined],
      'not found yet: nothing needed one',
    );
    await first.media.question((await readDataset(file)).questions[2]);
    assert.equal(first.dataset.questions[2].source.line, undefined, "another read's question is left alone");
    const c = first.dataset.byUid.get('c')!;
    assert.equal(first.media.has(c), false, 'no media check');
    assert.equal(first.media.needs(c), true, 'but its line');
    await first.media.question(c);
    assert.equal(first.media.needs(c), false);
    assert.deepEqual(
      first.dataset.questions.map((q) => q.source.line),
      expected,
      'a question checked on its own (to be shown) has its line',
    );

    const second = await readDatasetDeferringMedia(file);
    await second.media.all();
    assert.deepEqual(
      second.dataset.questions.map((q) => q.source.line),
      expected,
    );
    assert.deepEqual(content(second.dataset), content(await readDataset(file)));
  });

  it('the real samples (../shared/datasets): the same as a full read', { skip: NEEDS_SHARED }, async () => {
    for (const name of ['gst-page-examples', 'gst-page-examples-early']) {
      const root = path.join(SHARED_DIR, 'datasets', name);
      const { dataset, media } = await readDatasetDeferringMedia(root);
      await media.all();
      assert.deepEqual(content(dataset), content(await readDataset(root)), name);
    }
  });
});

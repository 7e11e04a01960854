import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildPrompt, DatasetReadCache, readDataset, sniffMediaType, subtaskForTask } from '../../../src/core';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';
import { sameDatasetContent } from '../../../src/store/loadCache';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const MP4 = Buffer.from('0000001866747970', 'hex');

describe('task strings', () => {
  it('maps all 12 tasks, ignores case, accepts Trajection and Trajectory, keeps unknowns as other', () => {
    assert.equal(subtaskForTask('Object_Localization_Egocentric_Direction_visual'), 'ed_v');
    assert.equal(subtaskForTask('object_localization_egocentric_distance_SEMANTIC'), 'edist_s');
    assert.equal(subtaskForTask('Global_Structure_Understanding_Trajection_Selection'), 'trajectory');
    assert.equal(subtaskForTask('Global_Structure_Understanding_Trajectory_Selection'), 'trajectory');
    assert.equal(subtaskForTask('Self_Localization_Global_Orientation'), 'orientation');
    assert.equal(subtaskForTask('Something_New'), 'other');
  });
});

describe('prompt order', () => {
  it('texts[0], video, then texts[i] followed by images[i-1], leftovers last', () => {
    assert.deepEqual(
      buildPrompt(['a', 'b', 'c'], true, 1).map((p) => (p.type === 'text' ? p.text : p.type === 'image' ? `img${p.index}` : 'video')),
      ['a', 'video', 'b', 'img0', 'c'],
    );
    assert.deepEqual(
      buildPrompt(['a', 'b'], false, 3).map((p) => (p.type === 'text' ? p.text : p.type === 'image' ? `img${p.index}` : 'video')),
      ['a', 'b', 'img0', 'img1', 'img2'],
    );
  });
});

describe('prompts shared by the questions of a read', () => {
  it('questions with the same texts and media share one prompt; any difference, a NUL inside a text included, makes another', async (t) => {
    const root = mkdtempSync(path.join(tmpdir(), 'gst-prompts-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const record = (uid: string, texts: string[], images: string[] = []) =>
      JSON.stringify({ task: 'Self_Localization_Global_Orientation', uid, scene: 's', answer: 90, texts, images });
    const file = path.join(root, 'qa.jsonl');
    writeFileSync(
      file,
      [
        record('same1', ['a', 'b']),
        record('same2', ['a', 'b']),
        record('joined', ['a\u0000b']),
        record('prefix', ['a']),
        record('image', ['a', 'b'], ['x.png']),
      ].join('\n'),
    );
    const ds = await readDataset(file, { checkMedia: false });
    const prompt = (uid: string) => ds.byUid.get(uid)!.prompt;
    const text = (uid: string) => prompt(uid).map((p) => (p.type === 'text' ? p.text : p.type));
    assert.equal(prompt('same1'), prompt('same2'));
    assert.deepEqual(text('same1'), ['a', 'b']);
    assert.deepEqual(text('joined'), ['a\u0000b']);
    assert.deepEqual(text('prefix'), ['a']);
    assert.deepEqual(text('image'), ['a', 'b', 'image']);
  });
});

describe('media sniffing', () => {
  it('from the first bytes, never the extension', () => {
    assert.equal(sniffMediaType(PNG), 'png');
    assert.equal(sniffMediaType(JPEG), 'jpeg');
    assert.equal(sniffMediaType(MP4), 'mp4');
    assert.equal(sniffMediaType(Buffer.from('hello')), 'unknown');
  });
});

describe('a dataset read again with its cache', () => {
  it('a dataset read again with the cache opens only the media files that changed, and sees every change', async (t) => {
    const root = mkdtempSync(path.join(tmpdir(), 'gst-media-cache-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const folder = path.join(root, 'q1');
    mkdirSync(folder);
    const question = {
      task: 'Object_Localization_Egocentric_Direction_visual',
      uid: 'q1',
      answer: '10',
      texts: ['a'],
      copied_video_path: 'v.mp4',
      images: ['i.png'],
    };
    writeFileSync(path.join(folder, 'question.json'), JSON.stringify(question));
    writeFileSync(path.join(folder, 'v.mp4'), MP4);
    writeFileSync(path.join(folder, 'i.png'), PNG);
    const typeWarnings = (ds: Awaited<ReturnType<typeof readDataset>>) =>
      ds.problems.filter((p) => p.message.includes('not a recognised')).map((p) => p.message);
    const sniffed: string[] = [];
    const cache = new DatasetReadCache((file: string) => {
      sniffed.push(path.basename(file));
      return sniffMediaType(readFileSync(file).subarray(0, 16));
    });

    const first = await readDataset(root, { cache });
    assert.deepEqual([first.questions[0].video?.type, first.questions[0].images[0].type], ['mp4', 'png']);
    assert.deepEqual(sniffed.splice(0), ['v.mp4', 'i.png']);
    await readDataset(root, { cache });
    assert.deepEqual(sniffed.splice(0), [], 'nothing changed: no media file opened');

    // New bytes of the same size with the mtime put back: the ctime still moves, so the video is sniffed again.
    const before = new Date('2026-01-01T00:00:00Z');
    writeFileSync(path.join(folder, 'v.mp4'), Buffer.alloc(MP4.length, 0x41));
    utimesSync(path.join(folder, 'v.mp4'), before, before);
    const changed = await readDataset(root, { cache });
    assert.deepEqual(sniffed.splice(0), ['v.mp4']);
    assert.equal(changed.questions[0].video?.type, 'unknown');
    assert.equal(typeWarnings(changed).length, 1, 'the rewritten video is reported');
    assert.deepEqual(typeWarnings(await readDataset(root, { cache })), typeWarnings(changed), 'and still is from the cache');

    // Only the files a read named are kept.
    rmSync(path.join(folder, 'i.png'));
    writeFileSync(path.join(folder, 'question.json'), JSON.stringify({ ...question, images: [] }));
    await readDataset(root, { cache });
    assert.deepEqual(cache.size, { types: 1, questions: 1 });
  });

  it('reuses each unchanged question, and reads what changed exactly as a read without the cache does', async (t) => {
    const root = mkdtempSync(path.join(tmpdir(), 'gst-question-cache-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const write = (folder: string, fields: Record<string, unknown>) => {
      mkdirSync(path.join(root, folder), { recursive: true });
      const q = { task: 'Object_Localization_Egocentric_Direction_visual', uid: folder, scene: 's', answer: '10', texts: ['a'] };
      writeFileSync(path.join(root, folder, 'question.json'), JSON.stringify({ ...q, ...fields }));
    };
    for (const f of ['b', 'c', 'd']) write(f, { images: ['i.png'] });
    for (const f of ['b', 'c']) writeFileSync(path.join(root, f, 'i.png'), PNG);
    write('e', { uid: 'b' }); // a duplicate uid: its warning must not pile up over reads
    const cache = new DatasetReadCache();
    let last = await readDataset(root, { cache });
    const readAgain = async (why: string) => {
      const cached = await readDataset(root, { cache });
      const fresh = await readDataset(root);
      assert.ok(sameDatasetContent(cached, fresh), `${why}: the cached read equals a fresh one`);
      const kept = cached.questions.filter((q, i) => last.questions.includes(q) && q.index === i).map((q) => q.dir.slice(root.length + 1));
      last = cached;
      return kept;
    };

    assert.deepEqual(await readAgain('nothing changed'), ['b', 'c', 'd'], 'the duplicate is built again, the rest reused');
    assert.equal(last.problems.filter((p) => p.message.startsWith('duplicate uid')).length, 1);
    write('c', { images: ['i.png'], answer: '20' });
    assert.deepEqual(await readAgain('an answer edited'), ['b', 'd']);
    assert.equal(last.byUid.get('c')?.answer, '20');
    rmSync(path.join(root, 'b', 'i.png'));
    assert.deepEqual(await readAgain('an image deleted'), ['c', 'd']);
    assert.ok(last.byUid.get('b')?.problems.some((p) => p.message.startsWith('missing image')));
    writeFileSync(path.join(root, 'd', 'i.png'), PNG);
    assert.deepEqual(await readAgain('a missing image added'), ['b', 'c']);
    assert.equal(last.byUid.get('d')?.images[0].exists, true);
    write('a', {});
    assert.deepEqual(await readAgain('a question inserted before the others'), [], 'every place moved: all built again');
    assert.deepEqual(await readAgain('nothing changed'), ['a', 'b', 'c', 'd']);
  });
});

describe('real GST-Bench samples (../shared/datasets)', { skip: NEEDS_SHARED }, () => {
  it('reads gst-page-examples: 6 questions, quirks handled, only missing-video warnings', async () => {
    const ds = await readDataset(path.join(SHARED_DIR, 'datasets/gst-page-examples'));
    assert.equal(ds.questions.length, 6);
    assert.deepEqual(
      ds.questions.map((q) => q.subtask),
      ['tds_easy', 'tds_medium', 'trajectory', 'ed_v', 'edist_v', 'position'],
    );
    assert.ok(
      ds.problems.every((p) => p.severity === 'warning' && /^missing video/.test(p.message)),
      JSON.stringify(ds.problems),
    );
    assert.equal(ds.problems.length, 5, 'five of six videos are missing');
    const pos = ds.byUid.get('scene4_Egocentric_Localization_Global_Position_pos_25_orient_11_video_4')!;
    assert.equal(pos.images[1].relPath, 'image_02_topdown_2.png');
    assert.equal(pos.images[1].type, 'jpeg', 'a .png that holds a JPEG');
    assert.deepEqual(pos.truth && pos.truth.kind === 'point' ? [pos.truth.x, pos.truth.y] : null, [391, 698]);
    const ed = ds.questions.find((q) => q.subtask === 'ed_v')!;
    assert.equal(ed.answer, '-134');
    assert.ok(ed.texts[2].includes('\u2013180\u00b0'), 'en dash and degree sign survive');
    assert.equal(ed.video?.exists, false);
    assert.equal(ed.problems[0].line, 12, 'a missing video is reported at the "copied_video_path" line of question.json');
    assert.equal(ed.truth?.kind === 'angle' && ed.truth.value, -134);
    const dist = ds.questions.find((q) => q.subtask === 'edist_v')!;
    assert.equal(dist.answer, 13.2);
    const medium = ds.questions.find((q) => q.subtask === 'tds_medium')!;
    assert.equal(medium.video?.exists, true);
    assert.equal(medium.video?.type, 'mp4');
    assert.ok(!('source_video_path' in medium.extra), 'source_* fields are dropped');
  });
  it('reads gst-page-examples-early, whose summary was trimmed', async () => {
    const ds = await readDataset(path.join(SHARED_DIR, 'datasets/gst-page-examples-early'));
    assert.equal(ds.questions.length, 3);
    const d = ds.questions.find((q) => q.subtask === 'edist_v')!;
    assert.equal(d.answer, 1.3);
    assert.equal(d.video?.exists, true);
    assert.ok(ds.problems.every((p) => p.severity === 'warning'));
  });
});

function tempRoot(): string {
  return mkdtempSync(path.join(tmpdir(), 'gst-reader-'));
}

describe('bad input is reported with file and line; the rest loads', () => {
  it('layout A: invalid JSON, bad answer, unknown task, escaping media paths', async () => {
    const root = tempRoot();
    const outside = tempRoot();
    writeFileSync(path.join(outside, 'secret.png'), PNG);
    const q = (name: string, body: string) => {
      mkdirSync(path.join(root, name));
      writeFileSync(path.join(root, name, 'question.json'), body);
    };
    q(
      '01_ok',
      JSON.stringify({
        task: 'Global_Structure_Understanding_Topdown_Selection_Hard',
        uid: 'ok',
        scene: 's',
        answer: 'B',
        texts: ['x', 'y\nA.'],
        copied_video_path: 'v.mp4',
        images: ['a.png'],
        geometry: { agent: { x: 1 } },
      }),
    );
    writeFileSync(path.join(root, '01_ok', 'a.png'), JPEG);
    q('02_broken', '{\n  "task": "x",\n  "uid": oops\n}');
    q(
      '03_badanswer',
      JSON.stringify({ task: 'Self_Localization_Global_Position', uid: 'bad', scene: 's', answer: 'somewhere', texts: [] }),
    );
    q('04_unknown', JSON.stringify({ task: 'Brand_New_Task', uid: 'unk', scene: 's', answer: 1, texts: [] }));
    q(
      '05_escape',
      JSON.stringify({
        task: 'Self_Localization_Global_Position',
        uid: 'esc',
        scene: 's',
        answer: '<point>1 2</point>',
        texts: [],
        images: ['../../etc/passwd', '/etc/passwd', { copied_path: 'link.png' }],
      }),
    );
    symlinkSync(path.join(outside, 'secret.png'), path.join(root, '05_escape', 'link.png'));
    const ds = await readDataset(root);
    assert.deepEqual(
      ds.questions.map((x) => x.uid),
      ['ok', 'bad', 'unk', 'esc'],
    );
    const ok = ds.byUid.get('ok')!;
    assert.deepEqual(ok.extra, { geometry: { agent: { x: 1 } } }, 'extra fields are kept');
    assert.equal(ok.images[0].type, 'jpeg');
    const broken = ds.problems.find((p) => p.file.endsWith(path.join('02_broken', 'question.json')))!;
    assert.equal(broken.line, 3, 'JSON error reported at its line');
    assert.match(ds.byUid.get('bad')!.problems[0].message, /bad answer "somewhere"/);
    assert.equal(ds.byUid.get('unk')!.subtask, 'other');
    assert.match(ds.byUid.get('unk')!.problems[0].message, /unknown task/);
    const esc = ds.byUid.get('esc')!;
    assert.deepEqual(
      esc.images.map((i) => i.path),
      [null, null, null],
      'no escaping path is resolved',
    );
    assert.equal(esc.problems.length, 3);
    assert.ok(esc.problems.every((p) => p.severity === 'error' && /leaves the dataset root|absolute/.test(p.message)));
    // A read for scoring only looks at no media file, and reports only the paths that leave the root.
    const scoring = await readDataset(root, { sniffMedia: false, checkMedia: false });
    assert.deepEqual(
      scoring.questions.map((x) => [x.uid, x.answer, x.prompt]),
      ds.questions.map((x) => [x.uid, x.answer, x.prompt]),
    );
    const refs = scoring.questions.flatMap((x) => [...(x.video ? [x.video] : []), ...x.images]);
    assert.equal(refs.length, 5);
    assert.ok(refs.every((r) => r.path === null && !r.exists && r.type === undefined));
    assert.deepEqual(
      scoring.byUid.get('esc')!.problems.map((p) => p.message),
      ['media path leaves the dataset root: ../../etc/passwd', 'absolute media path refused: /etc/passwd'],
    );
    assert.deepEqual(scoring.byUid.get('ok')!.problems, [], 'no missing video reported');
    assert.ok(ds.byUid.get('ok')!.problems.some((p) => /missing video/.test(p.message)));
  });
  it("sample_summary.json: an entry without a folder, or naming a missing one, is reported at the entry's line", async () => {
    const root = tempRoot();
    const q = { task: 'Object_Localization_Egocentric_Direction_visual', uid: 'a', scene: 's', answer: '10', texts: ['t'] };
    mkdirSync(path.join(root, '0001_a'));
    writeFileSync(path.join(root, '0001_a', 'question.json'), JSON.stringify(q));
    const entries = [{ folder: 'repo/samples/0001_a' }, { task: 'no folder' }, { folder: 'repo/samples/0002_gone' }];
    writeFileSync(path.join(root, 'sample_summary.json'), JSON.stringify(entries, null, 2));
    const ds = await readDataset(root, { checkMedia: false });
    const file = path.join(realpathSync(root), 'sample_summary.json');
    const summary = ds.problems.filter((p) => p.file === file).map((p) => `${p.line}: ${p.message}`);
    // Each entry is an object of one member: lines 2-4, 5-7 and 8-10.
    assert.deepEqual(summary, ['5: summary entry has no "folder"', '8: listed sample folder is missing: 0002_gone']);
    // With every entry present, nothing is reported.
    writeFileSync(path.join(root, 'sample_summary.json'), JSON.stringify(entries.slice(0, 1), null, 2));
    assert.deepEqual((await readDataset(root, { checkMedia: false })).problems, []);
  });

  it('a "__proto__" field is kept as data among the extra fields, not made their prototype', async () => {
    const root = tempRoot();
    try {
      mkdirSync(path.join(root, '01'));
      const text = `{"task": "Object_Localization_Egocentric_Direction_visual", "uid": "p", "scene": "s", "answer": "10", "texts": ["t"], "__proto__": {"geometry": {"agent": {"x": 5}}}, "note": 1}`;
      writeFileSync(path.join(root, '01', 'question.json'), text);
      const q = (await readDataset(root, { sniffMedia: false, checkMedia: false })).byUid.get('p')!;
      assert.deepEqual(Object.keys(q.extra), ['__proto__', 'note']);
      assert.equal(Object.getPrototypeOf(q.extra), Object.prototype);
      assert.equal(q.extra.geometry, undefined, 'no geometry comes from the "__proto__" field');
      assert.deepEqual(JSON.parse(JSON.stringify(q.extra)), JSON.parse(`{"__proto__": {"geometry": {"agent": {"x": 5}}}, "note": 1}`));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
  it('layout B: .jsonl with line numbers, video/copied_video_path, images as strings or objects', async () => {
    const root = tempRoot();
    writeFileSync(path.join(root, 'clip.mp4'), MP4);
    writeFileSync(path.join(root, 'view.png'), PNG);
    const lines = [
      JSON.stringify({
        task: 'Self_Localization_Global_Orientation',
        uid: 'o1',
        scene: 's',
        answer: '30',
        texts: ['a', 'b'],
        video: 'clip.mp4',
        images: [{ copied_path: 'view.png' }],
      }),
      '',
      '{not json',
      JSON.stringify({
        task: 'Self_Localization_Global_Orientation',
        uid: 'o2',
        scene: 's',
        answer: -10,
        texts: ['a'],
        copied_video_path: 'missing.mp4',
        images: ['view.png'],
      }),
    ];
    const file = path.join(root, 'annotations.jsonl');
    writeFileSync(file, lines.join('\n'));
    const ds = await readDataset(file);
    assert.equal(ds.layout, 'annotations');
    assert.deepEqual(
      ds.questions.map((q) => [q.uid, q.source.line]),
      [
        ['o1', 1],
        ['o2', 4],
      ],
    );
    assert.equal(ds.byUid.get('o1')!.video?.type, 'mp4');
    assert.equal(ds.byUid.get('o2')!.images[0].type, 'png');
    assert.deepEqual(
      ds.problems.map((p) => [p.line, p.severity]),
      [
        [3, 'error'],
        [4, 'warning'],
      ],
    );
  });
  it('an image without a path keeps its place in the prompt; a BOM and an absurd answer do not stop the load', async () => {
    const root = tempRoot();
    writeFileSync(path.join(root, 'view.png'), PNG);
    const file = path.join(root, 'qa.jsonl');
    writeFileSync(
      file,
      '\ufeff' +
        [
          JSON.stringify({
            task: 'Self_Localization_Global_Position',
            uid: 'p',
            scene: 's',
            answer: '<point>1 2</point>',
            texts: ['t0', 't1', 't2', 't3'],
            images: [{ copied_path: 'view.png' }, { index: 2 }, 'view.png'],
          }),
          JSON.stringify({
            task: 'Object_Localization_Egocentric_Distance_visual',
            uid: 'huge',
            scene: 's',
            answer: '1e999999999',
            texts: [],
          }),
        ].join('\n'),
    );
    const ds = await readDataset(file);
    assert.deepEqual(
      ds.questions.map((q) => q.uid),
      ['p', 'huge'],
    );
    const order = ds.byUid.get('p')!.prompt.map((x) => (x.type === 'text' ? x.text : x.type === 'image' ? `img${x.index}` : 'video'));
    assert.deepEqual(order, ['t0', 't1', 'img0', 't2', 'img1', 't3', 'img2']);
    assert.equal(ds.byUid.get('p')!.images[1].path, null);
    assert.match(ds.byUid.get('huge')!.problems[0].message, /bad answer/);
  });
  it("layout B: .json array reports each record's line", async () => {
    const root = tempRoot();
    const file = path.join(root, 'qa.json');
    writeFileSync(
      file,
      '[\n  {"task": "Self_Localization_Global_Orientation", "uid": "a", "scene": "s", "answer": 1, "texts": []},\n  {"task": "Self_Localization_Global_Orientation", "uid": "b", "scene": "s", "answer": "x", "texts": []}\n]\n',
    );
    const ds = await readDataset(file);
    assert.deepEqual(
      ds.questions.map((q) => q.source.line),
      [2, 3],
    );
    assert.equal(ds.problems[0].line, 3);
  });

  it('layout B: raw UTF-8 texts, keys and a BOM are read as written, and records keep their lines', async () => {
    const root = tempRoot();
    const file = path.join(root, 'qa.json');
    const prompt = 'Taking your current viewing direction as 0°, an integer between –180° and 180° 😀';
    const records = [
      { task: 'Object_Localization_Egocentric_Direction_visual', uid: 'é1', scene: 's', answer: '10', texts: [prompt], 'note°': ['–'] },
      { task: 'Object_Localization_Egocentric_Direction_visual', uid: 'e2', scene: 's', answer: 'ten°', texts: ['\\u00e9'] },
    ];
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(records, null, 2), 'utf8')]));
    const ds = await readDataset(file);
    assert.deepEqual(
      ds.questions.map((q) => [q.uid, q.source.line, q.texts]),
      [
        ['é1', 2, [prompt]],
        ['e2', 14, ['\\u00e9']],
      ],
    );
    assert.deepEqual(ds.byUid.get('é1')!.extra, { 'note°': ['–'] });
    assert.deepEqual(
      ds.problems.map((p) => [p.line, p.message.includes('ten°')]),
      [[14, true]],
    );
  });
});

// The synthetic dataset generator: answers from geometry, visibility, ranges, the core reader, rescoring,
// and byte-for-byte reproduction of the committed demo.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { evaluateFile, readDataset, SUBTASK_KEYS, type Dataset, type Evaluation } from '../../../src/core';
import { CATEGORIES } from '../../../src/generator/constants';
import { generateDataset } from '../../../src/generator/generate';
import { mapFrameFor, normalizedToWorld } from '../../../src/generator/mapFrame';
import { isVisible, renderView } from '../../../src/generator/render';
import { XSS_PROBE } from '../../../src/generator/results';
import { buildScene, type Scene } from '../../../src/generator/scene';
import { explorationPoses } from '../../../src/generator/trajectory';

const REPO = path.resolve(__dirname, '../../..');
const DEMO = path.join(REPO, 'examples/demo');
const SEED = 'unit-test';
const FRAME = { width: 160, height: 128 };
const PER_SUBTASK = 60;

interface Geometry {
  topdown: { path: string; width: number; height: number };
  agent: { x: number; y: number; heading: number } | null;
  target: { x: number; y: number; label: string } | null;
  metersPerUnit: { x: number; y: number };
  correct?: string;
}

// Recomputed here from first principles, not with the generator's helpers.
const wrap = (d: number) => {
  let r = d % 360;
  if (r > 180) r -= 360;
  if (r <= -180) r += 360;
  return r;
};
/** Heading convention: 0 = towards the image top (-y), counter-clockwise (left) positive. */
function expectedDirection(g: Geometry): number {
  const dx = (g.target!.x - g.agent!.x) * g.metersPerUnit.x;
  const dy = (g.target!.y - g.agent!.y) * g.metersPerUnit.y;
  const bearing = (Math.atan2(-dx, -dy) * 180) / Math.PI;
  return Math.round(wrap(bearing - g.agent!.heading));
}
function expectedDistance(g: Geometry): number {
  const d = Math.hypot((g.target!.x - g.agent!.x) * g.metersPerUnit.x, (g.target!.y - g.agent!.y) * g.metersPerUnit.y);
  return Math.round(d * 10) / 10;
}

let out: string;
let dataset: Dataset;
const geo = (uid: string) => dataset.byUid.get(uid)!.extra.geometry as Geometry;

before(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'gst-synth-'));
  await generateDataset({
    out: path.join(out, 'ds'),
    seed: SEED,
    scenes: 3,
    questionsPerSubtask: PER_SUBTASK,
    ...FRAME,
    video: false,
    stubViews: true,
  });
  dataset = await readDataset(path.join(out, 'ds'));
});
after(() => rmSync(out, { recursive: true, force: true }));

describe('generated dataset', () => {
  it('round-trips through the core reader with zero errors, all 12 subtasks, geometry kept', () => {
    assert.equal(dataset.questions.length, 12 * PER_SUBTASK);
    assert.deepEqual(
      dataset.problems.filter((p) => p.severity === 'error'),
      [],
    );
    // The only warnings: videos named but not written (--no-video is a partial download).
    assert.deepEqual(
      dataset.problems.filter((p) => !p.message.startsWith('missing video')),
      [],
    );
    for (const key of SUBTASK_KEYS) assert.equal(dataset.questions.filter((q) => q.subtask === key).length, PER_SUBTASK, key);
    for (const q of dataset.questions) {
      assert.ok(q.truth, `${q.uid} has a parseable answer`);
      assert.ok(
        q.images.every((m) => m.exists && m.type === 'png'),
        `${q.uid} images exist and are PNGs`,
      );
      const g = q.extra.geometry as Geometry;
      assert.ok(g && g.topdown && existsSync(path.join(q.dir, g.topdown.path)), `${q.uid} geometry.topdown exists`);
    }
  });

  it('every answer agrees with the geometry', () => {
    for (const q of dataset.questions) {
      const g = geo(q.uid);
      const ctx = `${q.uid}: ${JSON.stringify(q.answer)} vs ${JSON.stringify(g)}`;
      switch (q.subtask) {
        case 'ed_v':
        case 'ed_s':
          assert.equal(typeof q.answer, 'string', ctx);
          assert.equal(Number(q.answer), expectedDirection(g), ctx);
          break;
        case 'edist_v':
        case 'edist_s':
          assert.equal(typeof q.answer, 'number', ctx);
          assert.equal(q.answer, expectedDistance(g), ctx);
          break;
        case 'gp_v':
        case 'gp_s':
          assert.equal(q.answer, `<point>${g.target!.x} ${g.target!.y}</point>`, ctx);
          break;
        case 'position':
          assert.equal(q.answer, `<point>${g.agent!.x} ${g.agent!.y}</point>`, ctx);
          break;
        case 'orientation':
          assert.equal(q.answer, String(g.agent!.heading), ctx);
          break;
        default: {
          assert.equal(q.answer, g.correct, ctx);
          const at = 'ABCD'.indexOf(String(q.answer));
          assert.equal(q.images[at].relPath, g.topdown.path, `${ctx}: the correct option is geometry.topdown`);
        }
      }
    }
  });

  it('geometry coordinates land on the right pixels of the top-down images', () => {
    const decode = (file: string) => PNG.sync.read(readFileSync(file));
    const pixel = (png: PNG, g: Geometry, p: { x: number; y: number }) => {
      // The documented convention: x_px = x / 999 * (width - 1), y likewise, pixel 0 = the first pixel's centre.
      const i = (Math.round((p.y / 999) * (g.topdown.height - 1)) * png.width + Math.round((p.x / 999) * (g.topdown.width - 1))) * 4;
      return [png.data[i], png.data[i + 1], png.data[i + 2]];
    };
    let checked = 0;
    for (const q of dataset.questions) {
      const g = geo(q.uid);
      const png = decode(path.join(q.dir, g.topdown.path));
      assert.deepEqual([png.width, png.height], [g.topdown.width, g.topdown.height], q.uid);
      assert.notEqual(png.width, png.height, 'top-down images are not square');
      if (q.subtask === 'gp_v' || q.subtask === 'gp_s') {
        // The photo-like map shows the target's category colour (lightened 1.1x) at the answer point.
        const category = CATEGORIES.find((c) => g.target!.label.startsWith(`${c.name}_`))!;
        assert.deepEqual(
          pixel(png, g, g.target!),
          category.color.map((v) => Math.min(255, Math.floor(v * 1.1))),
          q.uid,
        );
        checked++;
      }
      if (q.subtask === 'position' || q.subtask === 'orientation') {
        assert.deepEqual(pixel(png, g, g.agent!), [255, 255, 255], `${q.uid}: the agent stands on free space of the occupancy map`);
        checked++;
      }
      if (q.subtask === 'trajectory') {
        assert.deepEqual(pixel(png, g, g.agent!), [110, 110, 250], `${q.uid}: the clip starts at the correct map's blue dot`);
        checked++;
      }
    }
    assert.equal(checked, 5 * PER_SUBTASK);
  });

  it('answers are in range, and choice positions are shuffled', () => {
    const letters = new Set<string>();
    for (const q of dataset.questions) {
      const t = q.truth!;
      if (t.kind === 'angle') assert.ok(Number.isInteger(t.value) && t.value >= -180 && t.value <= 180, q.uid);
      if (t.kind === 'distance') assert.ok(t.value > 0 && Math.round(t.value * 10) === t.value * 10, q.uid);
      if (t.kind === 'point')
        assert.ok(
          [t.x, t.y].every((v) => Number.isInteger(v) && v >= 0 && v <= 999),
          q.uid,
        );
      if (t.kind === 'choice') {
        assert.match(t.letter, /^[A-D]$/);
        letters.add(t.letter);
      }
    }
    assert.equal(letters.size, 4);
  });

  it('targets are hidden in the query view and visible in the exploration video (renderer visibility test)', () => {
    const scenes = new Map<string, { scene: Scene; visible: (id: number) => boolean }>();
    const sceneFor = (name: string) => {
      let s = scenes.get(name);
      if (!s) {
        const scene = buildScene(SEED, Number(name.replace('scene_', '')));
        const views = explorationPoses(SEED, scene).map((p) => renderView(scene, p, FRAME.width, FRAME.height, false).objects);
        s = { scene, visible: (id) => views.some((objs) => isVisible(objs[id], FRAME.width, FRAME.height)) };
        scenes.set(name, s);
      }
      return s;
    };
    let checked = 0;
    for (const q of dataset.questions) {
      if (!['ed_v', 'ed_s', 'edist_v', 'edist_s', 'gp_v', 'gp_s'].includes(q.subtask)) continue;
      const g = geo(q.uid);
      const { scene, visible } = sceneFor(q.scene);
      const target = scene.furniture.find((f) => f.instance === g.target!.label);
      assert.ok(target, `${q.uid}: target ${g.target!.label} is in ${q.scene}`);
      assert.ok(visible(target.id), `${q.uid}: target visible in the exploration video`);
      if (g.agent) {
        const frame = mapFrameFor(scene.bounds, g.topdown.width, g.topdown.height);
        const p = normalizedToWorld(frame, g.agent);
        const view = renderView(scene, { x: p.x, y: p.y, heading: g.agent.heading }, FRAME.width, FRAME.height, false);
        assert.equal(view.objects[target.id], undefined, `${q.uid}: target not visible in the query view`);
        checked++;
      }
    }
    assert.ok(checked >= 4 * PER_SUBTASK);
  });

  it('the renderer agrees with the left-positive convention', () => {
    const scene = buildScene(SEED, 0);
    const f = scene.furniture[0];
    const room = scene.rooms[f.room];
    const c = { x: (f.rect.x0 + f.rect.x1) / 2, y: (f.rect.y0 + f.rect.y1) / 2 };
    const bearing = (Math.atan2(-(c.x - room.lookPoint.x), -(c.y - room.lookPoint.y)) * 180) / Math.PI;
    const column = (heading: number) => {
      const s = renderView(scene, { ...room.lookPoint, heading }, 320, 256, false).objects[f.id];
      assert.ok(s, 'target in view');
      return (s.x0 + s.x1) / 2;
    };
    assert.ok(Math.abs(column(bearing) - 160) < 40, 'facing the target puts it mid-frame');
    // Turning left by 20° puts the target on the right (its direction becomes -20: right is negative).
    assert.ok(column(bearing + 20) > column(bearing) + 20);
    assert.ok(column(bearing - 20) < column(bearing) - 20);
  });
});

describe('simulated results', () => {
  const evals: Record<string, Evaluation> = {};
  before(async () => {
    for (const name of ['noisy-oracle', 'random', 'template-b'])
      evals[name] = await evaluateFile(dataset, path.join(out, 'ds/results', `${name}.jsonl`), { profile: 'paper' });
  });

  it('every line scores; noisy-oracle well above random; template-b in between with unparsed lines', () => {
    for (const e of Object.values(evals)) {
      assert.equal(e.scored, 12 * PER_SUBTASK);
      assert.equal(e.skipped, 0);
    }
    const oracle = evals['noisy-oracle'].overall!;
    const random = evals.random.overall!;
    const b = evals['template-b'].overall!;
    assert.ok(oracle > 70 && random < 30, `oracle ${oracle}, random ${random}`);
    assert.ok(b < oracle && b > random, `template-b ${b}`);
    const unparsed = [...evals['template-b'].byUid.values()].filter((o) => o.status === 'unparsed').length;
    assert.ok(unparsed > 0.05 * 12 * PER_SUBTASK && unparsed < 0.25 * 12 * PER_SUBTASK, `unparsed ${unparsed}`);
    assert.ok(
      [...evals['template-b'].byUid.values()].some((o) => o.prediction === XSS_PROBE),
      'the XSS probe line is present',
    );
  });

  it('random lands near 25 on the choice tasks', () => {
    const choice = (['tds_easy', 'tds_medium', 'tds_hard', 'trajectory'] as const).map((k) => evals.random.subtasks[k]!);
    const n = choice.reduce((s, a) => s + a.n, 0);
    const accuracy = choice.reduce((s, a) => s + a.score * a.n, 0) / n;
    // 240 questions: one standard deviation is about 2.8 points (deterministic for the fixed seed).
    assert.equal(n, 4 * PER_SUBTASK);
    assert.ok(Math.abs(accuracy - 25) < 7, `random choice accuracy ${accuracy}`);
  });

  it('--results-lines cycles through the questions', async () => {
    const dir = path.join(out, 'small');
    await generateDataset({
      out: dir,
      seed: 'lines',
      scenes: 1,
      questionsPerSubtask: 1,
      ...FRAME,
      video: false,
      stubViews: true,
      resultsLines: 30,
    });
    const lines = readFileSync(path.join(dir, 'results/random.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 30);
    assert.equal(lines[12].uid, lines[0].uid);
    assert.deepEqual(Object.keys(lines[0]), ['uid', 'prediction', 'model', 'template']);
  });
});

describe('the committed demo (examples/demo)', () => {
  it('is reproduced byte for byte from its seed: question.json, PNGs, results', async () => {
    assert.ok(existsSync(DEMO), 'examples/demo is committed');
    const script: string = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts['make-demo'];
    const arg = (name: string) => new RegExp(`--${name} (\\S+)`).exec(script)?.[1];
    const [w, h] = arg('size')!.split('x').map(Number);
    const dir = path.join(out, 'demo');
    await generateDataset({
      out: dir,
      seed: arg('seed')!,
      scenes: Number(arg('scenes')),
      questionsPerSubtask: Number(arg('questions-per-subtask')),
      width: w,
      height: h,
      video: false,
      stubViews: false,
    });
    const files = (root: string) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => /(question\.json|\.png|\.jsonl|sample_summary\.json)$/.test(f))
        .sort();
    const committed = files(DEMO);
    assert.deepEqual(files(dir), committed);
    assert.ok(committed.length > 100);
    for (const f of committed)
      assert.ok(readFileSync(path.join(dir, f)).equals(readFileSync(path.join(DEMO, f))), `${f} differs from the committed demo`);
  });

  it('has 36 questions, real H.264 videos, and stays under 6 MB', () => {
    let bytes = 0;
    for (const f of readdirSync(DEMO, { recursive: true, encoding: 'utf8' })) {
      const p = path.join(DEMO, f);
      if (!existsSync(p) || !/\.\w+$/.test(f)) continue;
      bytes += readFileSync(p).length;
    }
    assert.ok(bytes < 6 * 1024 * 1024, `demo is ${bytes} bytes`);
    const folders = readdirSync(DEMO).filter((d) => existsSync(path.join(DEMO, d, 'question.json')));
    assert.equal(folders.length, 36);
    if (spawnSync('ffprobe', ['-version']).error) return; // no ffprobe here: the checks above still ran
    // One of each kind: annotated (video3_obj_...), exploration (video3.mp4) and trajectory clip (sub_trajectory_...).
    const videos = folders.map((folder) => ({
      folder,
      video: JSON.parse(readFileSync(path.join(DEMO, folder, 'question.json'), 'utf8')).copied_video_path as string,
    }));
    const kinds = [/_obj_/, /^video\d+\.mp4$/, /^sub_trajectory_/].map((re) => videos.find((v) => re.test(v.video))!);
    for (const { folder, video } of kinds) {
      const probe = spawnSync(
        'ffprobe',
        [
          '-v',
          'error',
          '-show_entries',
          'stream=codec_name,codec_type,pix_fmt,r_frame_rate',
          '-of',
          'csv=p=0',
          path.join(DEMO, folder, video),
        ],
        { encoding: 'utf8' },
      );
      assert.equal(probe.stdout.trim(), 'h264,video,yuv420p,10/1', `${folder}/${video}: one H.264 yuv420p 10 fps stream, no audio`);
    }
  });
});

describe('make-dataset without ffmpeg', () => {
  it('fails with a message naming the Debian package', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-synth-noff-'));
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'src/generator/main.ts'), '--out', path.join(dir, 'x')], {
        cwd: REPO,
        encoding: 'utf8',
        env: { ...process.env, PATH: dir },
      });
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /Debian package `ffmpeg`/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The dataset writer: scenes -> exploration -> question plans -> files (layout A), result files, README.
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { SUBTASKS, subtaskInfo, type SubtaskKey } from '../core';
import { CLIP_FRAMES, DEFAULT_FRAME_SIZE, DISTRACTOR_SCENES, POINT_MAX, TOPDOWN_ASPECT, TOPDOWN_WIDTH_PER_FRAME_WIDTH } from './constants';
import { diagnosisFixture, FIXTURE_NAME } from './diagnosisFixture';
import { createImage, encodePng, type RgbImage } from './image';
import { mapFrameFor, type MapFrame } from './mapFrame';
import { planQuestion, type ImageSource, type QuestionPlan, type SceneContext, type VideoSource } from './questions';
import { Rng } from './random';
import { drawAnnotationBox, isVisible, renderView } from './render';
import { simulateResults, toJsonl, RESULT_FILES } from './results';
import { buildScene, type Scene } from './scene';
import { renderTopdown, renderTrajectoryMap } from './topdown';
import { explorationPoses } from './trajectory';
import { encodeVideo, requireFfmpeg } from './video';

export interface GenerateOptions {
  out: string;
  seed: string;
  scenes: number;
  questionsPerSubtask: number;
  width: number;
  height: number;
  /** Write the MP4s (needs ffmpeg). Without them question.json still names them: a "partial download". */
  video: boolean;
  /** Query views as tiny one-colour PNGs (scale mode); top-down maps stay real. */
  stubViews: boolean;
  /** Lines per result file; default one per question. */
  resultsLines?: number;
  /** Replace a non-empty output folder. */
  force?: boolean;
  /** Also write results/diagnosis-fixture.jsonl (known failure classes injected) and its expected counts. */
  diagnosisFixture?: boolean;
  /** The command line to record in the README. */
  command?: string;
  log?: (message: string) => void;
}

export const DEFAULT_OPTIONS = { seed: '7', scenes: 3, questionsPerSubtask: 3, ...DEFAULT_FRAME_SIZE } as const;
const RESULTS_DIR = 'results';
const STUB_SIZE = 8;

export interface GenerateReport {
  questions: number;
  perSubtask: Partial<Record<SubtaskKey, number>>;
  videosEncoded: number;
  seconds: number;
}

function topdownSize(frameWidth: number): { width: number; height: number } {
  const width = Math.round(frameWidth * TOPDOWN_WIDTH_PER_FRAME_WIDTH);
  return { width, height: Math.round(width * TOPDOWN_ASPECT) };
}

/** Exploration, visibility and map frame of one question scene. */
export function sceneContext(seed: string, scene: Scene, width: number, height: number): SceneContext {
  const td = topdownSize(width);
  const poses = explorationPoses(seed, scene);
  const frameObjects = poses.map((p) => renderView(scene, p, width, height, false).objects);
  const visibleFrames = scene.furniture.map(() => 0);
  visibleFrames.push(0);
  for (const objs of frameObjects) for (const f of scene.furniture) if (isVisible(objs[f.id], width, height)) visibleFrames[f.id]++;
  return {
    scene,
    map: mapFrameFor(scene.bounds, td.width, td.height),
    poses,
    frameObjects,
    visibleFrames,
    videoIndex: new Rng(`gst-synth/${seed}/video-index/${scene.index}`).int(0, 5),
    nextPose: 0,
    frameWidth: width,
    frameHeight: height,
  };
}

async function prepareOut(out: string, force: boolean | undefined): Promise<void> {
  let entries: string[] = [];
  try {
    entries = await readdir(out);
  } catch {
    /* missing: created below */
  }
  if (entries.length > 0) {
    if (!force) throw new Error(`output folder ${out} is not empty (pass --force to replace it)`);
    await rm(out, { recursive: true, force: true });
  }
  await mkdir(out, { recursive: true });
}

export async function generateDataset(options: GenerateOptions): Promise<GenerateReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const { seed, width, height } = options;
  if (options.video) requireFfmpeg();
  if (!(options.scenes >= 1) || !(options.questionsPerSubtask >= 1))
    throw new Error('--scenes and --questions-per-subtask must be at least 1');
  await prepareOut(options.out, options.force);

  const td = topdownSize(width);
  const total = options.scenes + DISTRACTOR_SCENES;
  const scenes = Array.from({ length: total }, (_, i) => buildScene(seed, i));
  const frames: MapFrame[] = scenes.map((s) => mapFrameFor(s.bounds, td.width, td.height));
  const contexts = scenes.slice(0, options.scenes).map((s) => sceneContext(seed, s, width, height));
  log(
    `scenes: ${options.scenes} (+${DISTRACTOR_SCENES} for distractors), exploration frames: ${contexts.map((c) => c.poses.length).join(', ')}`,
  );

  // Plan every question first: planning is pure, so the files never influence the answers.
  const root = new Rng(`gst-synth/${seed}/questions`);
  const plans: QuestionPlan[] = [];
  const perSubtask: Partial<Record<SubtaskKey, number>> = {};
  for (const info of SUBTASKS) {
    for (let j = 0; j < options.questionsPerSubtask; j++) {
      let plan: QuestionPlan | null = null;
      for (let k = 0; k < options.scenes && !plan; k++) {
        const ctx = contexts[(j + k) % options.scenes];
        const others = scenes.map((s) => s.index).filter((i) => i !== ctx.scene.index);
        // A fallback scene numbers its question by j, so uids stay unique.
        plan = planQuestion(info.key, ctx, root.fork(`${info.key}/${j}/${k}`), k === 0 ? Math.floor(j / options.scenes) : j, others);
      }
      if (!plan) throw new Error(`no scene could supply question ${j} of ${info.key}`);
      plans.push(plan);
      perSubtask[info.key] = (perSubtask[info.key] ?? 0) + 1;
    }
  }
  const uids = new Set(plans.map((p) => p.uid));
  if (uids.size !== plans.length) {
    const seen = new Set<string>();
    const dup = plans.find((p) => (seen.has(p.uid) ? true : (seen.add(p.uid), false)));
    throw new Error(`internal error: duplicate uid ${dup?.uid}`);
  }

  // Media caches: each distinct image is encoded once, each distinct video encoded once then copied.
  const pngCache = new Map<string, Buffer>();
  const occupancy = new Map<number, RgbImage>();
  const stub = encodePng(createImage(STUB_SIZE, STUB_SIZE, [128, 128, 128]));
  const imageBytes = (src: ImageSource): Buffer => {
    const key = JSON.stringify(src);
    const hit = pngCache.get(key);
    if (hit) return hit;
    let bytes: Buffer;
    if (src.kind === 'view') {
      bytes = options.stubViews ? stub : encodePng(renderView(scenes[src.scene], src.pose, width, height, true).image!);
    } else if (src.kind === 'topdown') {
      const img = renderTopdown(scenes[src.scene], frames[src.scene], src.level);
      if (src.level === 'medium') occupancy.set(src.scene, img);
      bytes = encodePng(img);
    } else {
      const ctx = contexts[src.scene];
      if (!occupancy.has(src.scene)) occupancy.set(src.scene, renderTopdown(scenes[src.scene], frames[src.scene], 'medium'));
      bytes = encodePng(
        renderTrajectoryMap(
          scenes[src.scene],
          frames[src.scene],
          ctx.poses.slice(src.start, src.start + CLIP_FRAMES),
          occupancy.get(src.scene),
        ),
      );
    }
    if (src.kind !== 'view') pngCache.set(key, bytes); // query views are never shared; don't keep them
    return bytes;
  };
  const videoFirst = new Map<string, string>();
  let videosEncoded = 0;
  const writeVideo = async (src: VideoSource, file: string) => {
    const key = JSON.stringify(src);
    const first = videoFirst.get(key);
    if (first) return copyFile(first, file);
    const ctx = contexts[src.scene];
    const scene = ctx.scene;
    if (src.kind === 'clip') {
      await encodeVideo(file, width, height, CLIP_FRAMES, (i) => renderView(scene, ctx.poses[src.start + i], width, height, true).image!);
    } else {
      await encodeVideo(file, width, height, ctx.poses.length, (i) => {
        const img = renderView(scene, ctx.poses[i], width, height, true).image!;
        if (src.kind === 'annotated') {
          const s = ctx.frameObjects[i][src.target];
          if (isVisible(s, width, height)) drawAnnotationBox(img, s!);
        }
        return img;
      });
    }
    videosEncoded++;
    videoFirst.set(key, file);
  };

  const digits = Math.max(2, String(plans.length).length);
  const summary: unknown[] = [];
  for (const [i, plan] of plans.entries()) {
    const folder = `${String(i + 1).padStart(digits, '0')}_${plan.task}`;
    const dir = path.join(options.out, folder);
    await mkdir(dir);
    const question = {
      task: plan.task,
      uid: plan.uid,
      scene: plan.scene,
      answer: plan.answer,
      texts: plan.texts,
      source_video_path: plan.video.sourcePath,
      copied_video_path: plan.video.name,
      images: plan.images.map((im, k) => ({ index: k + 1, source_path: im.sourcePath, copied_path: im.name })),
      geometry: plan.geometry,
    };
    await writeFile(path.join(dir, 'question.json'), JSON.stringify(question, null, 2) + '\n');
    for (const im of plan.images) await writeFile(path.join(dir, im.name), imageBytes(im.source));
    for (const ex of plan.extraFiles) await writeFile(path.join(dir, ex.name), imageBytes(ex.source));
    if (options.video) await writeVideo(plan.video.source, path.join(dir, plan.video.name));
    summary.push({
      folder,
      task: plan.task,
      uid: plan.uid,
      scene: plan.scene,
      answer: plan.answer,
      video: plan.video.name,
      image_count: plan.images.length,
    });
    if ((i + 1) % 500 === 0) log(`${i + 1}/${plans.length} questions written`);
  }
  await writeFile(path.join(options.out, 'sample_summary.json'), JSON.stringify(summary, null, 2) + '\n');

  const results = simulateResults(
    seed,
    plans.map((p) => ({ uid: p.uid, kind: subtaskInfo(p.key)!.kind, answer: p.answer })),
    options.resultsLines,
  );
  await mkdir(path.join(options.out, RESULTS_DIR));
  for (const name of RESULT_FILES) await writeFile(path.join(options.out, RESULTS_DIR, `${name}.jsonl`), toJsonl(results[name]));
  if (options.diagnosisFixture) {
    const fixture = diagnosisFixture(plans.map((p) => ({ uid: p.uid, key: p.key, answer: p.answer, geometry: p.geometry })));
    await writeFile(
      path.join(options.out, RESULTS_DIR, `${FIXTURE_NAME}.jsonl`),
      fixture.lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    );
    await writeFile(path.join(options.out, RESULTS_DIR, `${FIXTURE_NAME}.expected.json`), JSON.stringify(fixture.expected, null, 2) + '\n');
  }
  await writeFile(path.join(options.out, 'README.md'), readme(options, td));
  const seconds = (Date.now() - started) / 1000;
  return { questions: plans.length, perSubtask, videosEncoded, seconds };
}

/** The bundled demo folder, examples/demo. */
const isDemo = (out: string) => path.basename(out) === 'demo' && path.basename(path.dirname(path.resolve(out))) === 'examples';

function readme(o: GenerateOptions, td: { width: number; height: number }): string {
  const command =
    o.command ??
    `npm run make-dataset -- --out <dir> --seed ${o.seed} --scenes ${o.scenes} --questions-per-subtask ${o.questionsPerSubtask} --size ${o.width}x${o.height}${o.video ? '' : ' --no-video'}`;
  return `# Synthetic GST-Bench dataset

Generated by this project's generator (\`src/generator\`), not by the GST-Bench authors. Nothing here is real data.

    ${command}
${isDemo(o.out) ? '\nIn this repository `npm run make-demo` runs exactly this command (package.json).\n' : ''}
- Seed \`${o.seed}\`, ${o.scenes} scenes, ${o.questionsPerSubtask} questions per subtask (12 subtasks), frames ${o.width}x${o.height}, top-down images ${td.width}x${td.height}.
- The question.json files and PNG images are reproduced byte for byte by the same command; the MP4s depend on the ffmpeg version.
- Layout A: one folder per question with \`question.json\` and the media it names, plus \`sample_summary.json\`.${o.video ? '' : '\n- Written with `--no-video`: the videos named in question.json are absent (like a partial download) and query views are 8x8 stubs.'}
- \`${RESULTS_DIR}/\` holds three simulated result files (JSONL: \`uid\`, \`prediction\`, \`model\`, \`template\`): \`noisy-oracle\` (a strong model, perturbed), \`random\` (a random guesser) and \`template-b\` (the same strong model writing \`<think>\`, \`<answer>\`, "degrees to the right", centimetres, \`(x, y)\`, and some unparseable answers; one line is an HTML/script injection probe that viewers must show as text).

## Conventions
- Answers follow GST-Bench: direction in integer degrees in [-180, 180], 0 = the current view, left turns positive (a string, like the real "-134"); distance in metres to one decimal (a number), measured on the floor plane from the agent to the target's centre; points \`<point>x y</point>\`; choices A-D.
- Top-down coordinates: each axis normalised separately to [0, ${POINT_MAX}] over the whole image, x to the right, y down: x_px = x / ${POINT_MAX} * (width - 1), y_px = y / ${POINT_MAX} * (height - 1), pixel 0 being the centre of the first pixel. The images are not square, so a unit is a different length on x and y; pixels are square in metres.
- Orientation (heading): degrees in [-180, 180]; 0 = facing the top of the top-down image, positive = counter-clockwise on the image (a left turn), so 90 faces left and -90 faces right. The orientation subtask's answer is exactly \`geometry.agent.heading\`, and its prompt says so.

## \`geometry\` (extra field in each question.json, for viewers)
- \`topdown\`: \`{path, width, height}\`, a top-down image in the question's folder (for direction and distance questions \`topdown.png\`, written for the viewer only).
- \`agent\`: the query pose \`{x, y, heading}\` (x, y on [0, ${POINT_MAX}]); \`null\` for global-position and top-down-selection questions; for trajectory questions, the clip's start.
- \`target\`: the target's centre \`{x, y, label}\` with the instance id as label; \`null\` when there is no target object.
- \`metersPerUnit\`: \`{x, y}\`, metres per normalised unit on each axis of that image.
- \`correct\`: the correct letter (choice questions only).
- \`targetFrames\`: \`{frames, fps, visible}\` for questions with an annotated video (\`*_obj_*\`): the video's frame count and rate, and the half-open \`[start, end)\` frame ranges in which the target is visible, exactly the frames that carry the red box.
`;
}

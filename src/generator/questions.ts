// Question planning for the 12 subtasks: targets, query poses, answers from geometry, prompt texts.
import { CHOICE_LETTERS, rangesWhere, SUBTASKS, type SubtaskKey } from '../core';
import {
  CLIP_DISTINCT_START,
  CLIP_FRAMES,
  FPS,
  CLIP_MIN_LENGTH,
  MIN_TARGET_DISTANCE,
  MIN_VIEW_DEPTH,
  QUERY_CLEARANCE,
  VISIBLE_MIN_FRAMES,
} from './constants';
import { directionAnswer, distanceAnswer, metersPerUnit, normalizedToWorld, worldToNormalized, type MapFrame } from './mapFrame';
import * as P from './prompts';
import { Rng } from './random';
import { isVisible, renderView, type ObjectStats, type Pose } from './render';

import { clearance, furnitureCenter, type Furniture, type Point, type Scene } from './scene';
import type { TopdownLevel } from './topdown';

/** Everything about one question scene that the planner needs. */
export interface SceneContext {
  scene: Scene;
  /** Frame of all top-down images of this scene. */
  map: MapFrame;
  poses: Pose[];
  /** Per exploration frame, per furniture id: coverage (undefined when not in view). */
  frameObjects: Array<Array<ObjectStats | undefined>>;
  /** Per furniture id: number of exploration frames in which it is visible. */
  visibleFrames: number[];
  /** Index in the exploration video's name (`video3.mp4`). */
  videoIndex: number;
  /** Query-pose counter, for `pos_N` in uids. */
  nextPose: number;
  frameWidth: number;
  frameHeight: number;
}

/** Media a question names; the writer turns them into files (cached, so shared media are made once). */
export type ImageSource =
  | { kind: 'view'; scene: number; pose: Pose }
  | { kind: 'topdown'; scene: number; level: TopdownLevel }
  | { kind: 'trajectory'; scene: number; start: number };
export type VideoSource =
  | { kind: 'exploration'; scene: number }
  | { kind: 'annotated'; scene: number; target: number }
  | { kind: 'clip'; scene: number; start: number };

export interface Geometry {
  topdown: { path: string; width: number; height: number };
  agent: { x: number; y: number; heading: number } | null;
  target: { x: number; y: number; label: string } | null;
  /** Metres per normalised unit on each axis of the top-down image (the axes differ on non-square images). */
  metersPerUnit: { x: number; y: number };
  /** Choice tasks: the correct letter. */
  correct?: string;
  /** Annotated videos: the frames where the target is visible (and boxed), as half-open [start, end) ranges. */
  targetFrames?: { frames: number; fps: number; visible: Array<[number, number]> };
}

export interface QuestionPlan {
  key: SubtaskKey;
  task: string;
  uid: string;
  scene: string;
  answer: string | number;
  texts: string[];
  video: { name: string; source: VideoSource; sourcePath: string };
  images: Array<{ name: string; source: ImageSource; sourcePath: string }>;
  /** Files written for the viewer only (not named in the prompt). */
  extraFiles: Array<{ name: string; source: ImageSource }>;
  geometry: Geometry;
}

const taskOf = (key: SubtaskKey) => SUBTASKS.find((s) => s.key === key)!.task;
const sceneNo = (s: Scene) => s.name.replace('scene_', 'scene');

function visibleTargets(ctx: SceneContext, semantic: boolean): Furniture[] {
  const counts = new Map<string, number>();
  for (const f of ctx.scene.furniture) counts.set(f.category.name, (counts.get(f.category.name) ?? 0) + 1);
  // Semantic prompts name only the category, so it must be unique in the scene.
  return ctx.scene.furniture.filter(
    (f) => ctx.visibleFrames[f.id] >= VISIBLE_MIN_FRAMES && (!semantic || counts.get(f.category.name) === 1),
  );
}

function quantize(ctx: SceneContext, p: Point): { n: Point; world: Point } {
  const raw = worldToNormalized(ctx.map, p);
  const n = { x: Math.round(raw.x), y: Math.round(raw.y) };
  return { n, world: normalizedToWorld(ctx.map, n) };
}

/** Nearest wall or furniture straight ahead (the centre ray). */
function depthAhead(ctx: SceneContext, pose: Pose): number {
  const rad = (pose.heading * Math.PI) / 180;
  const dx = -Math.sin(rad);
  const dy = -Math.cos(rad);
  for (let t = 0.1; t < 20; t += 0.1) {
    const q = { x: pose.x + dx * t, y: pose.y + dy * t };
    if (clearance(ctx.scene, q) <= 0) return t;
  }
  return 20;
}

/** A query pose off the exploration path, quantised to the normalised grid and an integer heading. */
function sampleQueryPose(ctx: SceneContext, rng: Rng, accept: (pose: Pose, n: Point) => boolean): { pose: Pose; n: Point } | null {
  for (let attempt = 0; attempt < 400; attempt++) {
    const room = rng.pick(ctx.scene.rooms);
    const p = { x: rng.range(room.rect.x0, room.rect.x1), y: rng.range(room.rect.y0, room.rect.y1) };
    const { n, world } = quantize(ctx, p);
    if (clearance(ctx.scene, world) < QUERY_CLEARANCE) continue;
    const pose = { x: world.x, y: world.y, heading: rng.int(-179, 180) };
    // Not staring at a wall: free space ahead across the middle of the view.
    if ([-25, 0, 25].some((d) => depthAhead(ctx, { ...pose, heading: pose.heading + d }) < MIN_VIEW_DEPTH)) continue;
    if (accept(pose, n)) return { pose, n };
  }
  return null;
}

const orientIndex = (heading: number) => ((Math.round(heading / 30) % 12) + 12) % 12;

function targetPoint(ctx: SceneContext, f: Furniture): Point {
  return quantize(ctx, furnitureCenter(f)).n;
}

function geometry(ctx: SceneContext, path: string, agent: Geometry['agent'], target: Geometry['target'], correct?: string): Geometry {
  const g: Geometry = {
    topdown: { path, width: ctx.map.width, height: ctx.map.height },
    agent,
    target,
    metersPerUnit: metersPerUnit(ctx.map),
  };
  if (correct !== undefined) g.correct = correct;
  return g;
}

/** The frames of the annotated video in which the target is visible, exactly those that get the red box. */
function targetFrames(ctx: SceneContext, f: Furniture): NonNullable<Geometry['targetFrames']> {
  const frames = ctx.poses.length;
  return { frames, fps: FPS, visible: rangesWhere(frames, (i) => isVisible(ctx.frameObjects[i][f.id], ctx.frameWidth, ctx.frameHeight)) };
}

function withTargetFrames(g: Geometry, frames: Geometry['targetFrames']): Geometry {
  return frames ? { ...g, targetFrames: frames } : g;
}

function explorationVideo(ctx: SceneContext): QuestionPlan['video'] {
  const name = `video${ctx.videoIndex}.mp4`;
  return { name, source: { kind: 'exploration', scene: ctx.scene.index }, sourcePath: `videos/${ctx.scene.name}/${name}` };
}

function annotatedVideo(ctx: SceneContext, f: Furniture): QuestionPlan['video'] {
  const name = `video${ctx.videoIndex}_obj_${f.instance}_0.mp4`;
  return { name, source: { kind: 'annotated', scene: ctx.scene.index, target: f.id }, sourcePath: `videos/${ctx.scene.name}/${name}` };
}

/** Egocentric direction / distance: target hidden in the query view, seen in the exploration video. */
function planEgocentric(key: 'ed_v' | 'ed_s' | 'edist_v' | 'edist_s', ctx: SceneContext, rng: Rng, serial: number): QuestionPlan | null {
  const semantic = key.endsWith('_s');
  const isDirection = key.startsWith('ed_');
  const candidates = rng.shuffle(visibleTargets(ctx, semantic));
  const mpu = metersPerUnit(ctx.map);
  for (const target of candidates) {
    const t = targetPoint(ctx, target);
    const found = sampleQueryPose(ctx, rng, (pose, n) => {
      if (distanceAnswer(n, t, mpu) < MIN_TARGET_DISTANCE) return false;
      const view = renderView(ctx.scene, pose, ctx.frameWidth, ctx.frameHeight, false);
      return view.objects[target.id] === undefined; // not a single pixel of the target in view
    });
    if (!found) continue;
    const { pose, n } = found;
    const p = ctx.nextPose++;
    const o = orientIndex(pose.heading);
    const agent = { x: n.x, y: n.y, heading: pose.heading };
    const answer = isDirection ? String(directionAnswer(agent, t, mpu)) : distanceAnswer(n, t, mpu);
    const viewName = `image_01_position_${p}_orientation_${o}.png`;
    const question = isDirection
      ? semantic
        ? P.directionSemantic(target.category.label)
        : P.DIRECTION_VISUAL
      : semantic
        ? P.distanceSemantic(target.category.label)
        : P.DISTANCE_VISUAL;
    const task = taskOf(key);
    return {
      key,
      task,
      uid: `${sceneNo(ctx.scene)}_${task}_${target.instance}_${serial}_pos_${p}_orient_${o}_video_${ctx.videoIndex}`,
      scene: ctx.scene.name,
      answer,
      texts: [P.EXPLORATION_INTRO_PERIOD, P.CURRENT_VIEW, question],
      video: semantic ? explorationVideo(ctx) : annotatedVideo(ctx, target),
      images: [
        {
          name: viewName,
          source: { kind: 'view', scene: ctx.scene.index, pose },
          sourcePath: `images/${ctx.scene.name}/position_${p}/orientation_${o}.png`,
        },
      ],
      extraFiles: [{ name: 'topdown.png', source: { kind: 'topdown', scene: ctx.scene.index, level: 'easy' } }],
      geometry: withTargetFrames(
        geometry(ctx, 'topdown.png', agent, { ...t, label: target.instance }),
        semantic ? undefined : targetFrames(ctx, target),
      ),
    };
  }
  return null;
}

function planGlobalPosition(key: 'gp_v' | 'gp_s', ctx: SceneContext, rng: Rng, serial: number): QuestionPlan | null {
  const semantic = key === 'gp_s';
  const candidates = visibleTargets(ctx, semantic);
  if (candidates.length === 0) return null;
  const target = rng.pick(candidates);
  const t = targetPoint(ctx, target);
  const task = taskOf(key);
  const mapName = 'image_01_topdown.png';
  return {
    key,
    task,
    uid: `${sceneNo(ctx.scene)}_${task}_${target.instance}_${serial}_video_${ctx.videoIndex}`,
    scene: ctx.scene.name,
    answer: `<point>${t.x} ${t.y}</point>`,
    texts: [P.EXPLORATION_INTRO_COLON, P.TOPDOWN_IS, semantic ? P.globalPositionSemantic(target.category.label) : P.GLOBAL_POSITION_VISUAL],
    video: semantic ? explorationVideo(ctx) : annotatedVideo(ctx, target),
    images: [
      {
        name: mapName,
        source: { kind: 'topdown', scene: ctx.scene.index, level: 'easy' },
        sourcePath: `images/${ctx.scene.name}/topdown_easy.png`,
      },
    ],
    extraFiles: [],
    geometry: withTargetFrames(
      geometry(ctx, mapName, null, { ...t, label: target.instance }),
      semantic ? undefined : targetFrames(ctx, target),
    ),
  };
}

function planSelf(key: 'position' | 'orientation', ctx: SceneContext, rng: Rng): QuestionPlan | null {
  const found = sampleQueryPose(ctx, rng, () => true);
  if (!found) return null;
  const { pose, n } = found;
  const p = ctx.nextPose++;
  const o = orientIndex(pose.heading);
  const agent = { x: n.x, y: n.y, heading: pose.heading };
  const mapName = 'image_02_topdown.png';
  const what = key === 'position' ? 'Egocentric_Localization_Global_Position' : 'Egocentric_Localization_Global_Orientation';
  return {
    key,
    task: taskOf(key),
    uid: `${sceneNo(ctx.scene)}_${what}_pos_${p}_orient_${o}_video_${ctx.videoIndex}`,
    scene: ctx.scene.name,
    // Orientation: exactly geometry.agent.heading, as a string like the real direction answers.
    answer: key === 'position' ? `<point>${n.x} ${n.y}</point>` : String(pose.heading),
    texts:
      key === 'position'
        ? [P.EXPLORATION_INTRO_COLON, P.CURRENT_VIEW, P.TOPDOWN_IS, P.SELF_POSITION]
        : [P.EXPLORATION_INTRO_COLON, P.CURRENT_VIEW, P.TOPDOWN_IS, P.SELF_ORIENTATION],
    video: explorationVideo(ctx),
    images: [
      {
        name: `image_01_position_${p}_orientation_${o}.png`,
        source: { kind: 'view', scene: ctx.scene.index, pose },
        sourcePath: `images/${ctx.scene.name}/position_${p}_orientation_${o}.png`,
      },
      {
        name: mapName,
        source: { kind: 'topdown', scene: ctx.scene.index, level: 'medium' },
        sourcePath: `images/${ctx.scene.name}/topdown.png`,
      },
    ],
    extraFiles: [],
    geometry: geometry(ctx, mapName, agent, null),
  };
}

const LEVEL_NAME: Record<TopdownLevel, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

/** Top-down selection: the scene's own map among three from other scenes. */
function planTopdownSelection(
  key: 'tds_easy' | 'tds_medium' | 'tds_hard',
  ctx: SceneContext,
  rng: Rng,
  serial: number,
  otherScenes: readonly number[],
): QuestionPlan {
  const level = key.slice(4) as TopdownLevel;
  const distractors = rng.shuffle(otherScenes).slice(0, 3);
  const correctAt = rng.int(0, 3);
  const order = [...distractors];
  order.splice(correctAt, 0, ctx.scene.index);
  const letter = CHOICE_LETTERS[correctAt];
  const base = `${sceneNo(ctx.scene)}_QA_topdown_video_${ctx.videoIndex}`;
  const images = order.map((s, i) => ({
    // Named like the real medium sample: the names do not tell which option is right.
    name: `image_0${i + 1}_${base}_image_${i}.png`,
    source: { kind: 'topdown', scene: s, level } as ImageSource,
    sourcePath: `images/${ctx.scene.name}/${base}_image_${i}.png`,
  }));
  return {
    key,
    task: taskOf(key),
    uid: `${sceneNo(ctx.scene)}_Topdown_Selection_${LEVEL_NAME[level]}_video_${ctx.videoIndex}${serial > 0 ? `_${serial}` : ''}`,
    scene: ctx.scene.name,
    answer: letter,
    texts: [P.EXPLORATION_INTRO_COLON, P.TOPDOWN_SELECTION, ...P.OPTION_TEXTS],
    video: explorationVideo(ctx),
    images,
    extraFiles: [],
    geometry: geometry(ctx, images[correctAt].name, null, null, letter),
  };
}

function pathLength(poses: readonly Pose[], start: number, count: number): number {
  let len = 0;
  for (let i = start + 1; i < start + count; i++) len += Math.hypot(poses[i].x - poses[i - 1].x, poses[i].y - poses[i - 1].y);
  return len;
}

/** Trajectory selection: a clip of the exploration, its path among three other paths of the same scene. */
function planTrajectory(ctx: SceneContext, rng: Rng, serial: number): QuestionPlan | null {
  const poses = ctx.poses;
  const starts: number[] = [];
  for (let s = 0; s + CLIP_FRAMES <= poses.length; s += 5) if (pathLength(poses, s, CLIP_FRAMES) >= CLIP_MIN_LENGTH) starts.push(s);
  const far = (a: number, b: number) =>
    Math.hypot(poses[a].x - poses[b].x, poses[a].y - poses[b].y) >= CLIP_DISTINCT_START ||
    Math.hypot(poses[a + CLIP_FRAMES - 1].x - poses[b + CLIP_FRAMES - 1].x, poses[a + CLIP_FRAMES - 1].y - poses[b + CLIP_FRAMES - 1].y) >=
      CLIP_DISTINCT_START;
  for (let attempt = 0; attempt < 50; attempt++) {
    const correct = rng.pick(starts);
    const chosen = [correct];
    for (const s of rng.shuffle(starts)) {
      if (chosen.length === 4) break;
      if (chosen.every((c) => far(c, s))) chosen.push(s);
    }
    if (chosen.length < 4) continue;
    const distractors = chosen.slice(1);
    const correctAt = rng.int(0, 3);
    const order = [...distractors];
    order.splice(correctAt, 0, correct);
    const letter = CHOICE_LETTERS[correctAt];
    const clipId = (s: number) => s / 5;
    const images = order.map((s, i) => ({
      name: `image_0${i + 1}_sub_trajectory_${clipId(s)}.png`,
      source: { kind: 'trajectory', scene: ctx.scene.index, start: s } as ImageSource,
      sourcePath: `images/${ctx.scene.name}/trajectory_${ctx.videoIndex}/sub_trajectory_${clipId(s)}.png`,
    }));
    const name = `sub_trajectory_${clipId(correct)}.mp4`;
    const start = poses[correct];
    const n = quantize(ctx, start).n;
    return {
      key: 'trajectory',
      task: taskOf('trajectory'),
      uid: `${sceneNo(ctx.scene)}_Trajection_Selection_traject_${ctx.videoIndex}_${clipId(correct)}${serial > 0 ? `_${serial}` : ''}`,
      scene: ctx.scene.name,
      answer: letter,
      texts: [P.CLIP_INTRO, P.TRAJECTORY_SELECTION, ...P.OPTION_TEXTS],
      video: { name, source: { kind: 'clip', scene: ctx.scene.index, start: correct }, sourcePath: `videos/${ctx.scene.name}/${name}` },
      images,
      extraFiles: [],
      // The agent is the clip's start pose (the blue dot), heading rounded for display.
      geometry: geometry(ctx, images[correctAt].name, { x: n.x, y: n.y, heading: Math.round(start.heading) }, null, letter),
    };
  }
  return null;
}

/** Plans question `serial` of subtask `key` in scene `ctx`. Null when the scene cannot supply one. */
export function planQuestion(
  key: SubtaskKey,
  ctx: SceneContext,
  rng: Rng,
  serial: number,
  otherScenes: readonly number[],
): QuestionPlan | null {
  switch (key) {
    case 'ed_v':
    case 'ed_s':
    case 'edist_v':
    case 'edist_s':
      return planEgocentric(key, ctx, rng, serial);
    case 'gp_v':
    case 'gp_s':
      return planGlobalPosition(key, ctx, rng, serial);
    case 'position':
    case 'orientation':
      return planSelf(key, ctx, rng);
    case 'tds_easy':
    case 'tds_medium':
    case 'tds_hard':
      return planTopdownSelection(key, ctx, rng, serial, otherScenes);
    case 'trajectory':
      return planTrajectory(ctx, rng, serial);
  }
}

// Exploration trajectories: walk through every room (depth-first over the door graph), look around once in each,
// sampled at FPS. Small smooth perturbations keep paths from being perfectly straight.
import { FPS, LOOK_AROUND_SPEED_DEG, TURN_SPEED_DEG, WALK_SPEED } from './constants';
import { headingOf, wrapDegrees } from './mapFrame';
import type { Pose } from './render';
import { Rng } from './random';
import type { Point, Scene } from './scene';

type Step = { kind: 'walk'; to: Point } | { kind: 'look' };

function plan(scene: Scene, rng: Rng, start: number): Step[] {
  const steps: Step[] = [{ kind: 'look' }];
  const visited = new Set<number>([start]);
  const stack = [start];
  // Depth-first; stop as soon as every room has been seen (no walk back to the start).
  const visit = (room: number) => {
    const doors = rng.shuffle(scene.doors.filter((d) => d.rooms.includes(room)));
    for (const d of doors) {
      if (visited.size === scene.rooms.length) return;
      const here = d.rooms[0] === room ? 0 : 1;
      const next = d.rooms[1 - here];
      if (visited.has(next)) continue;
      visited.add(next);
      stack.push(next);
      steps.push(
        { kind: 'walk', to: d.approach[here] },
        { kind: 'walk', to: d.approach[1 - here] },
        { kind: 'walk', to: scene.rooms[next].lookPoint },
        { kind: 'look' },
      );
      visit(next);
      stack.pop();
      if (visited.size === scene.rooms.length) return;
      steps.push(
        { kind: 'walk', to: d.approach[1 - here] },
        { kind: 'walk', to: d.approach[here] },
        { kind: 'walk', to: scene.rooms[room].lookPoint },
      );
    }
  };
  visit(start);
  return steps;
}

/** The exploration poses of `scene` (one per frame at FPS). Deterministic from the seed. */
export function explorationPoses(seed: string, scene: Scene): Pose[] {
  const rng = new Rng(`gst-synth/${seed}/exploration/${scene.index}`);
  const startRoom = rng.int(0, scene.rooms.length - 1);
  const steps = plan(scene, rng, startRoom);
  const startPoint = scene.rooms[startRoom].lookPoint;
  let pose: Pose = { x: startPoint.x, y: startPoint.y, heading: rng.int(-180, 179) };
  const poses: Pose[] = [{ ...pose }];
  const wobblePhase = rng.range(0, 2 * Math.PI);
  const wobble = () => 2.5 * Math.sin(poses.length * 0.21 + wobblePhase); // degrees of head sway
  const emit = (p: Pose) => poses.push({ x: p.x, y: p.y, heading: wrapDegrees(p.heading + wobble()) });
  const walkStep = WALK_SPEED / FPS;
  const turnStep = TURN_SPEED_DEG / FPS;
  for (const s of steps) {
    if (s.kind === 'look') {
      const dir = rng.chance(0.5) ? 1 : -1;
      const n = Math.round(360 / (LOOK_AROUND_SPEED_DEG / FPS));
      for (let i = 0; i < n; i++) {
        pose = { ...pose, heading: wrapDegrees(pose.heading + (dir * 360) / n) };
        emit(pose);
      }
      continue;
    }
    for (let guard = 0; guard < 10000; guard++) {
      const dx = s.to.x - pose.x;
      const dy = s.to.y - pose.y;
      const dist = Math.hypot(dx, dy);
      if (dist < 1e-6) break;
      const want = headingOf(dx, dy);
      const diff = wrapDegrees(want - pose.heading);
      const turn = Math.max(-turnStep, Math.min(turnStep, diff));
      const heading = wrapDegrees(pose.heading + turn);
      // Turn on the spot while far off course, then walk while steering.
      const move = Math.abs(diff) > 35 ? 0 : Math.min(walkStep, dist);
      pose = { x: pose.x + (dx / dist) * move, y: pose.y + (dy / dist) * move, heading: Math.abs(diff) <= turnStep ? want : heading };
      emit(pose);
      if (move === dist) break;
    }
  }
  return poses;
}

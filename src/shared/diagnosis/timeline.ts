// The visibility timeline under the viewer's video: where the target is visible, which frames a model sampled,
// and where each lies on a bar `width` wide. Frame f covers [f, f + 1) / frames of the bar.
import type { TargetVisibility } from './visibility';

export interface TimelineSegment {
  start: number;
  /** Exclusive. */
  end: number;
  x0: number;
  x1: number;
}

export interface TimelineTick {
  frame: number;
  /** The frame's middle. */
  x: number;
  /** Whether the target is visible on it; null when visibility is unknown. */
  seen: boolean | null;
}

export interface TimelineLayout {
  frames: number;
  width: number;
  /** Null when where the target is visible is unknown. */
  visible: TimelineSegment[] | null;
  sampled: TimelineTick[];
  /** How many sampled frames show the target; null when unknown. */
  seenCount: number | null;
  /** Frames with the target; null when unknown. */
  visibleFrames: number | null;
}

export const frameX = (frame: number, frames: number, width: number): number => (frame / frames) * width;

/** The frame under x on the bar, clamped to the video. */
export function frameAtX(x: number, frames: number, width: number): number {
  if (frames <= 0 || width <= 0) return 0;
  return Math.min(frames - 1, Math.max(0, Math.floor((x / width) * frames)));
}

/** The time to seek to for a frame: its middle, so rounding never lands on a neighbour. */
export const frameTime = (frame: number, fps: number): number => (frame + 0.5) / fps;

/** The frame shown at a time. */
export const frameAtTime = (time: number, fps: number): number => Math.floor(time * fps + 1e-6);

export function timelineLayout(
  frames: number,
  visibility: Pick<TargetVisibility, 'visible'> | null,
  sampled: readonly number[],
  width: number,
): TimelineLayout {
  const visible =
    visibility?.visible.map(([start, end]) => ({ start, end, x0: frameX(start, frames, width), x1: frameX(end, frames, width) })) ?? null;
  const inRange = visibility ? visibleAt(visibility.visible) : null;
  const ticks = sampled
    .filter((f) => f >= 0 && f < frames)
    .map((frame) => ({ frame, x: frameX(frame + 0.5, frames, width), seen: inRange ? inRange(frame) : null }));
  return {
    frames,
    width,
    visible,
    sampled: ticks,
    seenCount: visibility ? ticks.filter((t) => t.seen).length : null,
    visibleFrames: visibility ? visibility.visible.reduce((n, [s, e]) => n + (e - s), 0) : null,
  };
}

/** Whether a frame lies in one of the ranges: a binary search over them, sorted and merged once. */
export function visibleAt(ranges: ReadonlyArray<readonly [number, number]>): (frame: number) => boolean {
  const sorted: Array<[number, number]> = [];
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = sorted[sorted.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else sorted.push([s, e]);
  }
  return (frame) => {
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (frame < sorted[mid][0]) hi = mid - 1;
      else if (frame >= sorted[mid][1]) lo = mid + 1;
      else return true;
    }
    return false;
  };
}

/** The next range start after `frame` (direction 1) or the last one before it (-1), or undefined. */
export function nextVisibleStart(visible: ReadonlyArray<readonly [number, number]>, frame: number, direction: 1 | -1): number | undefined {
  const starts = visible.map(([s]) => s).sort((a, b) => a - b);
  return direction === 1 ? starts.find((s) => s > frame) : [...starts].reverse().find((s) => s < frame);
}

// Which frames show the target, which frames a model sampled, and whether any of them met.

/** Where the target is visible in an annotated video: `visible` holds half-open [start, end) frame-index ranges. */
export interface TargetVisibility {
  frames: number;
  fps?: number;
  visible: ReadonlyArray<readonly [number, number]>;
}

/** How a model picks frames from a video. Only uniform sampling is known; it is what the common harnesses do. */
export interface FrameSampling {
  count: number;
  method: 'uniform';
}

/**
 * `count` frame indices spread evenly over `total` frames, first and last included, truncated to integers:
 * numpy.linspace(0, total - 1, count).astype(int), the sampling of lmms-eval and VSI-Bench's loaders.
 */
export function uniformFrameIndices(total: number, count: number): number[] {
  if (total <= 0 || count <= 0) return [];
  if (count === 1) return [0];
  const step = (total - 1) / (count - 1);
  const out: number[] = [];
  for (let i = 0; i < count - 1; i++) out.push(Math.trunc(i * step));
  out.push(total - 1); // linspace sets the endpoint exactly
  return out;
}

/** Reads a sampling setting: "32", "32 frames", "32 frames, uniform". Returns an error message for anything else. */
export function parseFrameSampling(text: string): FrameSampling | string {
  const words = text
    .toLowerCase()
    .replace(/[,;:]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  const count = /^\d{1,6}$/.test(words[0] ?? '') ? Number(words[0]) : NaN;
  let i = 1;
  if (words[i] === 'frames' || words[i] === 'frame') i++;
  if (words[i] === 'uniform' || words[i] === 'uniformly') i++;
  if (!(count >= 1) || i !== words.length) return `frame sampling must look like "32 frames, uniform", not "${text}"`;
  return { count, method: 'uniform' };
}

export function describeSampling(s: FrameSampling): string {
  return `${s.count} frames, uniform`;
}

/**
 * A result line's `frames` field: a count (uniform sampling) or the list of frame indices the model saw.
 * Returns the indices, or an error message when the field is neither.
 */
export function framesFromField(value: unknown, total: number): number[] | string {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return uniformFrameIndices(total, value);
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0))
    return value as number[];
  return '"frames" must be a frame count or a list of frame indices';
}

/** True when any of the frames lies in a visible range. Linear in frames plus ranges after sorting. */
export function anyFrameVisible(frames: readonly number[], visibility: TargetVisibility): boolean {
  const ranges = [...visibility.visible].sort((a, b) => a[0] - b[0]);
  const sorted = [...frames].sort((a, b) => a - b);
  let r = 0;
  for (const f of sorted) {
    while (r < ranges.length && ranges[r][1] <= f) r++;
    if (r === ranges.length) return false;
    if (f >= ranges[r][0]) return true;
  }
  return false;
}

/** The ranges of frames where `visible(i)` holds, as half-open [start, end) pairs. */
export function rangesWhere(total: number, visible: (i: number) => boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= total; i++) {
    const v = i < total && visible(i);
    if (v && start < 0) start = i;
    else if (!v && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  return out;
}

/** Reads `geometry.targetFrames` ({frames, fps, visible}) from a question's extra fields; undefined when absent or malformed. */
export function visibilityFromGeometry(geometry: unknown): TargetVisibility | undefined {
  if (typeof geometry !== 'object' || geometry === null) return undefined;
  const tf = (geometry as Record<string, unknown>).targetFrames;
  if (typeof tf !== 'object' || tf === null) return undefined;
  const { frames, fps, visible } = tf as Record<string, unknown>;
  if (typeof frames !== 'number' || !Number.isInteger(frames) || frames < 1 || !Array.isArray(visible)) return undefined;
  const ranges: Array<[number, number]> = [];
  for (const r of visible) {
    if (!Array.isArray(r) || r.length !== 2 || !r.every((v) => Number.isInteger(v)) || !(r[0] >= 0 && r[0] < r[1] && r[1] <= frames))
      return undefined;
    ranges.push([r[0], r[1]]);
  }
  return { frames, fps: typeof fps === 'number' ? fps : undefined, visible: ranges };
}

// Finds the frames of an annotated video that carry the red target box, by decoding it with ffmpeg to raw RGB.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { RED_BOX_DECODE_WIDTH, RED_BOX_MIN_MARGIN, RED_BOX_MIN_FRACTION, RED_BOX_MIN_RED } from '../../shared/diagnosis/constants';
import { rangesWhere, type TargetVisibility } from '../../shared/diagnosis/visibility';

/** True when ffmpeg and ffprobe can be run (Debian package `ffmpeg`). */
export function ffmpegAvailable(): boolean {
  return ['ffmpeg', 'ffprobe'].every((tool) => {
    const r = spawnSync(tool, ['-hide_banner', '-version'], { stdio: 'ignore' });
    return !r.error && r.status === 0;
  });
}

/** The number of box-red pixels in one RGB24 frame. */
function countRedPixels(rgb: Uint8Array, offset: number, length: number): number {
  let n = 0;
  for (let p = offset; p < offset + length; p += 3) {
    const r = rgb[p];
    if (r >= RED_BOX_MIN_RED && r - rgb[p + 1] >= RED_BOX_MIN_MARGIN && r - rgb[p + 2] >= RED_BOX_MIN_MARGIN) n++;
  }
  return n;
}

/** The video's frame size, from ffprobe. */
function videoSize(file: string): { width: number; height: number } {
  const r = spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', `file:${file}`],
    { encoding: 'utf8' },
  );
  const m = /^(\d+),(\d+)/.exec(r.stdout ?? '');
  if (r.status !== 0 || !m) throw new Error(`ffprobe cannot read ${file}: ${(r.stderr ?? '').trim() || 'no video stream'}`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

export interface RedBoxDetection extends TargetVisibility {
  /** Box-red pixels per decoded frame. */
  redPixels: number[];
  decodedSize: { width: number; height: number };
}

/**
 * Decodes every frame at RED_BOX_DECODE_WIDTH (or the video's width, if smaller) and marks a frame visible when its
 * box-red pixels reach RED_BOX_MIN_FRACTION. `file` must already be resolved inside a dataset root; the `file:`
 * prefix keeps ffmpeg from reading a name as another protocol.
 */
export async function detectRedBoxFrames(file: string, decodeWidth = RED_BOX_DECODE_WIDTH): Promise<RedBoxDetection> {
  const size = videoSize(file);
  const width = Math.min(size.width, decodeWidth) & ~1;
  const height = Math.max(2, Math.round((size.height * width) / size.width / 2) * 2);
  const frameBytes = width * height * 3;
  const child = spawn(
    'ffmpeg',
    ['-v', 'error', '-nostdin', '-i', `file:${file}`, '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const redPixels: number[] = [];
  const frame = Buffer.alloc(frameBytes);
  let filled = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(frameBytes - filled, chunk.length - at);
      chunk.copy(frame, filled, at, at + n);
      filled += n;
      at += n;
      if (filled === frameBytes) {
        redPixels.push(countRedPixels(frame, 0, frameBytes));
        filled = 0;
      }
    }
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`ffmpeg cannot decode ${file} (exit ${code}): ${stderr.trim()}`);
  const min = RED_BOX_MIN_FRACTION * width * height;
  return {
    frames: redPixels.length,
    visible: rangesWhere(redPixels.length, (i) => redPixels[i] >= min),
    redPixels,
    decodedSize: { width, height },
  };
}

// Finds the frames of an annotated video that carry the red target box, by decoding it with ffmpeg to raw RGB.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { RED_BOX_DECODE_WIDTH } from '../../shared/diagnosis/constants';
import { rangesWhere, type TargetVisibility } from '../../shared/diagnosis/visibility';
import { RedBoxFinder, type BoxOutline } from './redBoxShape';

/** True when ffmpeg and ffprobe can be run (Debian package `ffmpeg`). */
export function ffmpegAvailable(): boolean {
  return ['ffmpeg', 'ffprobe'].every((tool) => {
    const r = spawnSync(tool, ['-hide_banner', '-version'], { stdio: 'ignore' });
    return !r.error && r.status === 0;
  });
}

/** The video's frame size, from ffprobe; run asynchronously, so an extension host keeps running meanwhile. */
function videoSize(file: string): Promise<{ width: number; height: number }> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', `file:${file}`];
  return new Promise((resolve, reject) => {
    execFile('ffprobe', args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      const m = /^(\d+),(\d+)/.exec(stdout ?? '');
      if (error || !m) reject(new Error(`ffprobe cannot read ${file}: ${(stderr ?? '').trim() || error?.message || 'no video stream'}`));
      else resolve({ width: Number(m[1]), height: Number(m[2]) });
    });
  });
}

export interface RedBoxDetection extends TargetVisibility {
  /** Box-red pixels per decoded frame. */
  redPixels: number[];
  /** Per decoded frame, the largest box outline found (decoded pixels), or null. */
  boxes: Array<BoxOutline | null>;
  decodedSize: { width: number; height: number };
}

/**
 * Decodes every frame at the video's width, at most `decodeWidth` (RED_BOX_DECODE_WIDTH), and marks a frame visible
 * when it holds a red rectangle outline (redBoxShape.ts). `file` must already be resolved inside a dataset root; the
 * `file:` prefix keeps ffmpeg from reading a name as another protocol.
 */
export async function detectRedBoxFrames(file: string, decodeWidth = RED_BOX_DECODE_WIDTH): Promise<RedBoxDetection> {
  const size = await videoSize(file);
  const width = Math.min(size.width, decodeWidth) & ~1;
  const height = width === size.width ? size.height : Math.max(2, Math.round((size.height * width) / size.width / 2) * 2);
  const frameBytes = width * height * 3;
  // At the video's own size no scaler runs, so no resampling softens the line further.
  const scale = width === size.width && height === size.height ? [] : ['-vf', `scale=${width}:${height}`];
  const child = spawn('ffmpeg', ['-v', 'error', '-nostdin', '-i', `file:${file}`, ...scale, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const finder = new RedBoxFinder(width, height);
  const redPixels: number[] = [];
  const boxes: Array<BoxOutline | null> = [];
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
        boxes.push(finder.find(frame) ?? null);
        redPixels.push(finder.redPixels);
        filled = 0;
      }
    }
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`ffmpeg cannot decode ${file} (exit ${code}): ${stderr.trim()}`);
  return {
    frames: boxes.length,
    visible: rangesWhere(boxes.length, (i) => boxes[i] !== null),
    redPixels,
    boxes,
    decodedSize: { width, height },
  };
}

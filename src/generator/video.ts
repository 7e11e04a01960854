// H.264 encoding by piping raw RGB frames to ffmpeg (Debian package `ffmpeg`).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { FFMPEG_CRF, FFMPEG_PRESET, FPS } from './constants';
import type { RgbImage } from './image';

export class FfmpegMissingError extends Error {}

let checked = false;

/** Throws a message naming the Debian package when ffmpeg cannot be run. */
export function requireFfmpeg(): void {
  if (checked) return;
  const r = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (r.error || r.status !== 0) {
    throw new FfmpegMissingError('ffmpeg was not found: install the Debian package `ffmpeg` (apt-get install ffmpeg), or pass --no-video');
  }
  checked = true;
}

/** The encoder arguments: H.264, yuv420p, 10 fps, +faststart, no audio track. */
function ffmpegArgs(width: number, height: number, out: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${width}x${height}`,
    '-r',
    String(FPS),
    '-i',
    '-',
    '-c:v',
    'libx264',
    '-preset',
    FFMPEG_PRESET,
    '-crf',
    String(FFMPEG_CRF),
    '-threads',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    out,
  ];
}

/** Encodes `count` frames produced one at a time by `frame(i)` into an MP4 at `out`. */
export async function encodeVideo(
  out: string,
  width: number,
  height: number,
  count: number,
  frame: (i: number) => RgbImage,
): Promise<void> {
  requireFfmpeg();
  const child = spawn('ffmpeg', ffmpegArgs(width, height, out), { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = once(child, 'close') as Promise<[number | null]>;
  let broken: Error | null = null;
  child.stdin.on('error', (e) => (broken = e));
  for (let i = 0; i < count && !broken; i++) {
    const img = frame(i);
    if (!child.stdin.write(img.data)) await Promise.race([once(child.stdin, 'drain'), exited]);
  }
  child.stdin.end();
  const [code] = await exited;
  if (code !== 0) throw new Error(`ffmpeg failed (exit ${code}) writing ${out}: ${stderr.trim() || broken}`);
}

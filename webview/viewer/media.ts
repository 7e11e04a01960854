// Video playability checks and the re-encode command shown when a file will not play.

/** What VS Code's webviews decode: H.264 video; AAC audio, VP9 and AV1 are not in its build. */
export const PLAYABLE_VIDEO_CODECS = new Set(['avc1', 'avc3']);

/** MIME strings for canPlayType, by MP4 sample-entry code. */
const CODEC_PROBES: Record<string, string> = {
  avc1: 'video/mp4; codecs="avc1.42E01E"',
  avc3: 'video/mp4; codecs="avc3.42E01E"',
  hvc1: 'video/mp4; codecs="hvc1.1.6.L93.B0"',
  hev1: 'video/mp4; codecs="hev1.1.6.L93.B0"',
  vp09: 'video/mp4; codecs="vp09.00.10.08"',
  av01: 'video/mp4; codecs="av01.0.04M.08"',
};

export const CODEC_NAMES: Record<string, string> = {
  avc1: 'H.264',
  avc3: 'H.264',
  hvc1: 'HEVC (H.265)',
  hev1: 'HEVC (H.265)',
  vp09: 'VP9',
  av01: 'AV1',
  mp4v: 'MPEG-4 Part 2',
  mp4a: 'AAC',
};

export function codecProbe(videoCodec: string | null, type: string | undefined): string {
  if (videoCodec && CODEC_PROBES[videoCodec]) return CODEC_PROBES[videoCodec];
  return type === 'webm' ? 'video/webm' : 'video/mp4; codecs="avc1.42E01E"';
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The exact command that re-encodes a video to what VS Code plays: H.264, yuv420p, moov up front, no audio. */
export function reencodeCommand(path: string): string {
  const out = path.replace(/(\.[^./\\]*)?$/, '.h264.mp4');
  return `ffmpeg -i ${shellQuote(path)} -c:v libx264 -pix_fmt yuv420p -movflags +faststart -an ${shellQuote(out)}`;
}

// Reads a video's frame rate from its MP4 header (moov > trak > mdia: mdhd timescale, hdlr 'vide', stbl stts),
// so frame stepping follows the file. Reads only box headers and the moov box, never the media data.
import { open } from 'node:fs/promises';

/** moov boxes above this size are not read (real ones are a few hundred KB at most). */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

interface Box {
  type: string;
  /** Offset of the payload within the buffer, and its end. */
  start: number;
  end: number;
}

function* boxes(buf: Uint8Array, from: number, to: number): Generator<Box> {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(buf[at + 4], buf[at + 5], buf[at + 6], buf[at + 7]);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(buf: Uint8Array, parent: Box, type: string): Box | undefined {
  for (const b of boxes(buf, parent.start, parent.end)) if (b.type === type) return b;
  return undefined;
}

export interface VideoInfo {
  /** Frames per second of the first video track, or null. */
  fps: number | null;
  /** Sample-entry code of the first video track: avc1 (H.264), hvc1/hev1 (HEVC), vp09, av01, mp4v...; null when unknown. */
  videoCodec: string | null;
  /** Sample-entry code of the first audio track (mp4a = AAC), or null when there is none. */
  audioCodec: string | null;
}

/** The first sample entry's four-character code in a stbl box (stsd payload: version/flags 4, count 4, then entries). */
function sampleEntry(moov: Uint8Array, stbl: Box | undefined): string | null {
  const stsd = stbl && child(moov, stbl, 'stsd');
  if (!stsd || stsd.start + 16 > stsd.end) return null;
  return String.fromCharCode(...moov.subarray(stsd.start + 12, stsd.start + 16));
}

/** Frame rate and codecs described by a moov box's payload. */
function videoInfoFromMoov(moov: Uint8Array): VideoInfo {
  const view = new DataView(moov.buffer, moov.byteOffset, moov.byteLength);
  const info: VideoInfo = { fps: null, videoCodec: null, audioCodec: null };
  for (const trak of boxes(moov, 0, moov.length)) {
    if (trak.type !== 'trak') continue;
    const mdia = child(moov, trak, 'mdia');
    if (!mdia) continue;
    const hdlr = child(moov, mdia, 'hdlr');
    // hdlr payload: version/flags (4), pre_defined (4), handler_type (4)
    if (!hdlr || hdlr.start + 12 > hdlr.end) continue;
    const handler = String.fromCharCode(...moov.subarray(hdlr.start + 8, hdlr.start + 12));
    const minf = child(moov, mdia, 'minf');
    const stbl = minf && child(moov, minf, 'stbl');
    if (handler === 'soun') {
      info.audioCodec ??= sampleEntry(moov, stbl);
      continue;
    }
    if (handler !== 'vide' || info.videoCodec !== null) continue;
    info.videoCodec = sampleEntry(moov, stbl);
    const mdhd = child(moov, mdia, 'mdhd');
    if (!mdhd) continue;
    const version = moov[mdhd.start];
    const timescale = view.getUint32(mdhd.start + (version === 1 ? 20 : 12));
    const stts = stbl && child(moov, stbl, 'stts');
    if (!stts || !timescale) continue;
    const entries = view.getUint32(stts.start + 4);
    let samples = 0;
    let duration = 0;
    for (let i = 0; i < entries && stts.start + 8 + i * 8 + 8 <= stts.end; i++) {
      const count = view.getUint32(stts.start + 8 + i * 8);
      const delta = view.getUint32(stts.start + 12 + i * 8);
      samples += count;
      duration += count * delta;
    }
    if (samples === 0 || duration === 0) continue;
    // Rounded to 3 decimals so 29.97 stays 29.97 and 10 stays 10.
    info.fps = Math.round(((samples * timescale) / duration) * 1000) / 1000;
  }
  return info;
}

/** Frame rate and codecs of an MP4 file, or null when it cannot be read (missing, not MP4, no moov). */
export async function readVideoInfo(file: string): Promise<VideoInfo | null> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await fh.stat();
    const head = new Uint8Array(16);
    let at = 0;
    while (at + 8 <= size) {
      const { bytesRead } = await fh.read(head, 0, 16, at);
      if (bytesRead < 8) return null;
      const view = new DataView(head.buffer);
      let boxSize = view.getUint32(0);
      let header = 8;
      if (boxSize === 1) {
        if (bytesRead < 16) return null;
        boxSize = Number(view.getBigUint64(8));
        header = 16;
      } else if (boxSize === 0) boxSize = size - at;
      if (boxSize < header) return null;
      const type = String.fromCharCode(head[4], head[5], head[6], head[7]);
      if (type === 'moov') {
        const length = boxSize - header;
        if (length > MAX_MOOV_BYTES) return null;
        const moov = new Uint8Array(length);
        await fh.read(moov, 0, length, at + header);
        return videoInfoFromMoov(moov);
      }
      at += boxSize;
    }
    return null;
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}

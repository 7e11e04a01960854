import { open } from 'node:fs/promises';

export type MediaType = 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4' | 'webm' | 'unknown';

/** Detects a media type from its first bytes. File extensions lie in the real data (a .png that is a JPEG). */
export function sniffMediaType(head: Uint8Array): MediaType {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'mp4'; // ISO BMFF "ftyp" box (mp4, m4v, mov)
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'webm';
  return 'unknown';
}

export const MEDIA_MIME: Record<MediaType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  unknown: 'application/octet-stream',
};

/** Reads the first 16 bytes of a file and sniffs them. */
export async function sniffFile(path: string): Promise<MediaType> {
  const fh = await open(path, 'r');
  try {
    const buf = new Uint8Array(16);
    const { bytesRead } = await fh.read(buf, 0, 16, 0);
    return sniffMediaType(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

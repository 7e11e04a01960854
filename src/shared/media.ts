// Media types of dataset files, detected from their first bytes (pure: the Node reader feeds it the bytes).
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

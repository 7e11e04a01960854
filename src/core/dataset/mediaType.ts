import { open } from 'node:fs/promises';
import { sniffMediaType, type MediaType } from '../../shared/media';

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

// Reads a ZIP archive one entry at a time: yauzl reads the central directory and hands out each entry's raw
// bytes; we decode them (deflate with Node's zlib, zstd with fzstd, since Inspect writes zstd entries from
// 0.3.206 on and no ZIP library for Node reads those). Memory is bounded by the largest entry, not the archive.
import { Decompress as ZstdDecompress } from 'fzstd';
import * as zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

/** ZIP compression method numbers (APPNOTE 4.4.5). */
const STORED = 0;
const DEFLATE = 8;
const ZSTD = 93;

export interface ZipEntryInfo {
  name: string;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
  crc32: number;
}

export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: ZipEntryInfo[],
    private readonly raw: Map<string, yauzl.Entry>,
  ) {}

  /** Opens an archive and reads its central directory (not the entries' data). */
  static async open(file: string): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: false, strictFileNames: false },
        (err, z) => (err ? reject(err) : resolve(z)),
      ),
    );
    const entries: ZipEntryInfo[] = [];
    const raw = new Map<string, yauzl.Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (e: yauzl.Entry) => {
          raw.set(e.fileName, e);
          entries.push({
            name: e.fileName,
            compressionMethod: e.compressionMethod,
            compressedSize: e.compressedSize,
            uncompressedSize: e.uncompressedSize,
            crc32: e.crc32,
          });
          zip.readEntry();
        });
        zip.once('end', resolve);
        zip.once('error', reject);
        zip.readEntry();
      });
    } catch (e) {
      zip.close();
      throw e;
    }
    return new ZipArchive(zip, entries, raw);
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  /** The decoded bytes of one entry, checked against its recorded size and CRC-32. */
  async read(name: string): Promise<Buffer> {
    const entry = this.raw.get(name);
    if (!entry) throw new Error(`no entry ${name} in the archive`);
    if (entry.isEncrypted()) throw new Error(`entry ${name} is encrypted`);
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, { decodeFileData: false }, (err, s) => (err ? reject(err) : resolve(s))),
    );
    const compressed = await collect(stream);
    const data = decode(name, entry.compressionMethod, compressed, entry.uncompressedSize);
    if (data.length !== entry.uncompressedSize)
      throw new Error(`entry ${name}: ${data.length} bytes decoded, the archive says ${entry.uncompressedSize}`);
    // zlib.crc32 exists from Node 20.15 / 22.2; older hosts (VS Code's Electron) skip the check.
    const crc32 = (zlib as { crc32?: (b: Uint8Array) => number }).crc32;
    if (crc32 && crc32(data) >>> 0 !== entry.crc32 >>> 0) throw new Error(`entry ${name} fails its CRC-32 check (a damaged archive)`);
    return data;
  }

  close(): void {
    this.zip.close();
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

function decode(name: string, method: number, bytes: Buffer, expectedSize: number): Buffer {
  switch (method) {
    case STORED:
      return bytes;
    case DEFLATE:
      return zlib.inflateRawSync(bytes, { maxOutputLength: Math.max(expectedSize, 1) });
    case ZSTD:
      return zstdDecode(bytes, expectedSize);
    default:
      throw new Error(`entry ${name} uses ZIP compression method ${method}, which is not supported (only stored, deflate and zstd)`);
  }
}

/** Streams zstd frames, refusing output beyond the entry's recorded size (a bomb guard). */
function zstdDecode(bytes: Buffer, expectedSize: number): Buffer {
  const parts: Uint8Array[] = [];
  let size = 0;
  const d = new ZstdDecompress((chunk) => {
    size += chunk.length;
    if (size > expectedSize) throw new Error(`zstd entry decodes to more than the ${expectedSize} bytes the archive records`);
    parts.push(chunk);
  });
  d.push(bytes, true);
  return Buffer.concat(parts);
}

/** True when the file starts like a ZIP archive (a local file header, or an empty archive's end record). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

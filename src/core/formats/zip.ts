// Reads a ZIP archive one entry at a time: yauzl reads the central directory, and each entry's raw bytes are read
// here through a window read ahead, then decoded (deflate with Node's zlib, zstd with fzstd, since Inspect writes
// zstd entries from 0.3.206 on and no ZIP library for Node reads those). Memory is bounded by the window and the
// largest entry, not the archive.
import { Decompress as ZstdDecompress } from 'fzstd';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import * as yauzl from 'yauzl';

/** ZIP compression method numbers (APPNOTE 4.4.5). */
const STORED = 0;
const DEFLATE = 8;
const ZSTD = 93;

/** Bytes read at once: entries stored one after another (as archivers write them) then cost one read per window. */
const READ_AHEAD_BYTES = 1 << 20;
const LOCAL_HEADER_BYTES = 30;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;

export interface ZipEntryInfo {
  name: string;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
  crc32: number;
}

export class ZipArchive {
  private constructor(
    private readonly handle: FileHandle,
    readonly entries: ZipEntryInfo[],
    private readonly raw: Map<string, yauzl.Entry>,
    private readonly reads: ReadAhead,
  ) {}

  /** Opens an archive and reads its central directory (not the entries' data). */
  static async open(file: string): Promise<ZipArchive> {
    const handle = await open(file, 'r');
    try {
      const reads = new ReadAhead(handle, (await handle.stat()).size);
      // yauzl reads the central directory through the window too: it reads each entry's record in two small reads.
      const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
        yauzl.fromRandomAccessReader(
          new WindowReader(reads),
          reads.size,
          { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: false, strictFileNames: false },
          (err, z) => (err ? reject(err) : resolve(z)),
        ),
      );
      const entries: ZipEntryInfo[] = [];
      const raw = new Map<string, yauzl.Entry>();
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
      return new ZipArchive(handle, entries, raw, reads);
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  /** The decoded bytes of one entry, checked against its recorded size and CRC-32. */
  async read(name: string): Promise<Buffer> {
    const entry = this.raw.get(name);
    if (!entry) throw new Error(`no entry ${name} in the archive`);
    if (entry.isEncrypted()) throw new Error(`entry ${name} is encrypted`);
    const compressed = await this.storedBytes(entry);
    const data = decode(name, entry.compressionMethod, compressed, entry.uncompressedSize);
    if (data.length !== entry.uncompressedSize)
      throw new Error(`entry ${name}: ${data.length} bytes decoded, the archive says ${entry.uncompressedSize}`);
    // zlib.crc32 exists from Node 20.15 / 22.2; older hosts (VS Code's Electron) skip the check.
    const crc32 = (zlib as { crc32?: (b: Uint8Array) => number }).crc32;
    if (crc32 && crc32(data) >>> 0 !== entry.crc32 >>> 0) throw new Error(`entry ${name} fails its CRC-32 check (a damaged archive)`);
    return data;
  }

  /** An entry's bytes as stored, after its local header (whose name and extra field may differ from the central one). */
  private async storedBytes(entry: yauzl.Entry): Promise<Buffer> {
    const at = entry.relativeOffsetOfLocalHeader;
    const header = await this.reads.bytes(at, LOCAL_HEADER_BYTES);
    const signature = header.readUInt32LE(0);
    if (signature !== LOCAL_HEADER_SIGNATURE)
      throw new Error(`entry ${entry.fileName}: invalid local file header signature 0x${signature.toString(16)}`);
    const dataStart = at + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (dataStart + entry.compressedSize > this.reads.size)
      throw new Error(`entry ${entry.fileName}: its data overflows the file (${dataStart} + ${entry.compressedSize} > ${this.reads.size})`);
    return this.reads.bytes(dataStart, entry.compressedSize);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** Reads of a file through one window read ahead; a read past the window starts a new one where it starts. */
class ReadAhead {
  private window = Buffer.alloc(0);
  private start = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes at `offset`: a view of the window, which it keeps alive (copy what is kept). */
  async bytes(offset: number, length: number): Promise<Buffer> {
    const from = offset - this.start;
    if (from >= 0 && from + length <= this.window.length) return this.window.subarray(from, from + length);
    const want = Math.max(length, Math.min(READ_AHEAD_BYTES, this.size - offset));
    const buffer = Buffer.allocUnsafe(want);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await this.handle.read(buffer, got, want - got, offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    if (got < length) throw new Error(`the archive ends at byte ${offset + got}, before the ${length} bytes read at ${offset}`);
    this.window = buffer.subarray(0, got);
    this.start = offset;
    return this.window.subarray(0, length);
  }
}

/** yauzl's reads, served from the read-ahead window. The file is closed by `ZipArchive.close`, not by yauzl. */
class WindowReader extends yauzl.RandomAccessReader {
  constructor(private readonly reads: ReadAhead) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const reads = this.reads;
    return Readable.from(
      (async function* () {
        yield Buffer.from(await reads.bytes(start, end - start));
      })(),
    );
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null) => void): void {
    // yauzl takes the bytes read as a second argument, which its typings leave out.
    const done = callback as (err: Error | null, bytesRead?: number) => void;
    this.reads.bytes(position, length).then(
      (bytes) => done(null, bytes.copy(buffer, offset)),
      (e: Error) => done(e),
    );
  }

  override close(callback: (err: Error | null) => void): void {
    callback(null);
  }
}

function decode(name: string, method: number, bytes: Buffer, expectedSize: number): Buffer {
  switch (method) {
    case STORED:
      // A copy: `bytes` is a view of the read-ahead window.
      return Buffer.from(bytes);
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

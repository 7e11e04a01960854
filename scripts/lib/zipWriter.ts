// A minimal ZIP writer for test fixtures and benchmarks: local headers, data, central directory, end record.
// No ZIP64 and no data descriptors, so archives stay under 4 GiB; timestamps are 0 for reproducible bytes.
import * as zlib from 'node:zlib';

/** ZIP compression method numbers (APPNOTE 4.4.5). */
export type ZipMethod = 0 | 8 | 14 | 93;

export class ZipWriter {
  private readonly central: Buffer[] = [];
  private offset = 0;
  private count = 0;

  /** `sink` receives the archive's bytes in order. */
  constructor(private readonly sink: (bytes: Buffer) => void) {}

  /**
   * Adds an entry whose `body` is `data` already compressed with `method`. `localExtra` goes into the local header
   * only, as some archivers write it (the central record then has none).
   */
  add(name: string, data: Buffer, method: ZipMethod, body: Buffer, localExtra: Buffer = Buffer.alloc(0)): void {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const version = method === 93 ? 63 : 20;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(version, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(63, 4);
    cd.writeUInt16LE(version, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(body.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(nameBytes.length, 28);
    cd.writeUInt32LE(this.offset, 42);
    this.central.push(cd, nameBytes);
    for (const b of [local, nameBytes, localExtra, body]) {
      this.sink(b);
      this.offset += b.length;
    }
    this.count++;
  }

  /** Bytes written so far. */
  get size(): number {
    return this.offset;
  }

  finish(): void {
    const cd = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(this.offset, 16);
    this.sink(cd);
    this.sink(end);
  }
}

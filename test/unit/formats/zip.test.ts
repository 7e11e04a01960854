// The .eval container reader against damaged and hostile archives: every bad entry is refused with its name,
// and the archive's other entries still read.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, writeFileSync, mkdtempSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ZipArchive } from '../../../src/core/formats/zip';
import { ZipWriter, type ZipMethod } from '../../../scripts/lib/zipWriter';

type Entry = { name: string; data: Buffer; method: ZipMethod; body: Buffer; localExtra?: Buffer };

/** An archive's bytes, whose entries may lie: `data` is what the headers describe, `body` what is stored. */
function archiveBytes(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const w = new ZipWriter((b) => parts.push(b));
  for (const e of entries) w.add(e.name, e.data, e.method, e.body, e.localExtra);
  w.finish();
  return Buffer.concat(parts);
}

function writeArchive(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-zip-')), 'a.eval');
  writeFileSync(file, bytes);
  return file;
}

const archive = (entries: Entry[]) => writeArchive(archiveBytes(entries));
const stored = (name: string, data: Buffer): Entry => ({ name, data, method: 0, body: data });

/** The offset of the central record of entry `index` (entries written by ZipWriter: no extra field or comment). */
function centralRecord(bytes: Buffer, index: number): number {
  let at = bytes.readUInt32LE(bytes.length - 22 + 16);
  for (let i = 0; i < index; i++) at += 46 + bytes.readUInt16LE(at + 28);
  return at;
}

/** Open file descriptors of this process (Linux), or undefined elsewhere. */
function openDescriptors(): number | undefined {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
}

const good = Buffer.from('{"id":"fx_choice","epoch":1,"output":{"completion":"C"}}');

describe('ZIP entries', () => {
  it('stored and deflate entries read back exactly', async () => {
    const file = archive([
      { name: 'stored.json', data: good, method: 0, body: good },
      { name: 'deflated.json', data: good, method: 8, body: zlib.deflateRawSync(good) },
    ]);
    const zip = await ZipArchive.open(file);
    try {
      assert.deepEqual(
        zip.entries.map((e) => [e.name, e.compressionMethod]),
        [
          ['stored.json', 0],
          ['deflated.json', 8],
        ],
      );
      assert.deepEqual(await zip.read('stored.json'), good);
      assert.deepEqual(await zip.read('deflated.json'), good);
    } finally {
      await zip.close();
    }
  });

  it('an entry that inflates past its recorded size is refused (a bomb guard); the next entry still reads', async () => {
    const big = Buffer.alloc(1 << 20, 0x61); // 1 MiB of "a", recorded as 10 bytes
    const file = archive([
      { name: 'bomb.json', data: big.subarray(0, 10), method: 8, body: zlib.deflateRawSync(big) },
      { name: 'ok.json', data: good, method: 8, body: zlib.deflateRawSync(good) },
    ]);
    const zip = await ZipArchive.open(file);
    try {
      await assert.rejects(zip.read('bomb.json'));
      assert.deepEqual(await zip.read('ok.json'), good);
    } finally {
      await zip.close();
    }
  });

  it('a zstd entry past its recorded size is refused too', async (t) => {
    const big = Buffer.alloc(1 << 20, 0x61);
    const z = spawnSync('zstd', ['-q', '-c'], { input: big });
    if (z.status !== 0)
      return t.skip('the zstd command is not installed (Debian package zstd); the committed zstd fixtures still test decoding');
    const file = archive([{ name: 'bomb.json', data: big.subarray(0, 10), method: 93, body: z.stdout }]);
    const zip = await ZipArchive.open(file);
    try {
      await assert.rejects(zip.read('bomb.json'), /zstd entry decodes to more than the 10 bytes the archive records/);
    } finally {
      await zip.close();
    }
  });

  it('a damaged entry fails its CRC-32 check', async (t) => {
    if (typeof (zlib as { crc32?: unknown }).crc32 !== 'function') return t.skip('this Node has no zlib.crc32');
    const damaged = Buffer.from(good);
    damaged[5] ^= 0xff;
    const file = archive([{ name: 'damaged.json', data: good, method: 0, body: damaged }]);
    const zip = await ZipArchive.open(file);
    try {
      await assert.rejects(zip.read('damaged.json'), /entry damaged\.json fails its CRC-32 check/);
    } finally {
      await zip.close();
    }
  });

  it('entries over several read-ahead windows, one larger than a window, read back exactly, in any order', async () => {
    const small = Array.from({ length: 300 }, (_, i) => stored(`samples/${i}.json`, Buffer.alloc(8 * 1024, i % 251)));
    const large = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let i = 0; i < large.length; i++) large[i] = (i * 31) % 253;
    const entries = [
      ...small.slice(0, 150),
      { name: 'large.bin', data: large, method: 8 as const, body: zlib.deflateRawSync(large) },
      ...small.slice(150),
    ];
    const zip = await ZipArchive.open(archive(entries));
    try {
      const order = [...entries.keys()].sort((a, b) => ((a * 7919) % entries.length) - ((b * 7919) % entries.length));
      for (const i of [...entries.keys(), ...order]) assert.deepEqual(await zip.read(entries[i].name), entries[i].data, entries[i].name);
    } finally {
      await zip.close();
    }
  });

  it("an entry's data starts after its local header's own extra field, which the central record does not have", async () => {
    const file = archive([
      { ...stored('a.json', good), localExtra: Buffer.from('local-only-extra') },
      { ...stored('b.json', Buffer.from('{"b":1}')), localExtra: Buffer.alloc(300, 1) },
    ]);
    const zip = await ZipArchive.open(file);
    try {
      assert.deepEqual(await zip.read('a.json'), good);
      assert.deepEqual(await zip.read('b.json'), Buffer.from('{"b":1}'));
    } finally {
      await zip.close();
    }
  });

  it('an entry whose data would run past the end of the file, or whose local header is not one, is refused; the others read', async () => {
    const bytes = archiveBytes([stored('long.json', good), stored('bad-header.json', good), stored('ok.json', good)]);
    bytes.writeUInt32LE(1 << 30, centralRecord(bytes, 0) + 20); // long.json's compressed size: 1 GiB
    bytes.writeUInt32LE(0x12345678, bytes.readUInt32LE(centralRecord(bytes, 1) + 42)); // bad-header.json's local signature
    const zip = await ZipArchive.open(writeArchive(bytes));
    try {
      await assert.rejects(zip.read('long.json'), /entry long\.json: its data overflows the file/);
      await assert.rejects(zip.read('bad-header.json'), /entry bad-header\.json: invalid local file header signature 0x12345678/);
      assert.deepEqual(await zip.read('ok.json'), good);
    } finally {
      await zip.close();
    }
  });

  it('an archive is read in a few large reads, not a few per entry', async (t) => {
    const entries = Array.from({ length: 2000 }, (_, i) =>
      stored(`samples/s${i}_epoch_1.json`, Buffer.from(JSON.stringify({ id: i, output: 'C' }))),
    );
    const file = archive(entries);
    // Every way a read reaches the file: the callback API (yauzl's own reader) and FileHandle.read.
    let reads = 0;
    const handle = await openFile(file, 'r');
    const handleProto = Object.getPrototypeOf(handle) as { read: (...a: unknown[]) => unknown };
    await handle.close();
    const handleRead = handleProto.read;
    const fsRead = fs.read;
    handleProto.read = function (this: unknown, ...a: unknown[]) {
      reads++;
      return handleRead.apply(this, a);
    };
    t.mock.method(fs, 'read', function (this: unknown, ...a: unknown[]) {
      reads++;
      return (fsRead as (...x: unknown[]) => unknown).apply(this, a);
    });
    try {
      const zip = await ZipArchive.open(file);
      for (const e of entries) await zip.read(e.name);
      await zip.close();
    } finally {
      handleProto.read = handleRead;
    }
    // The archive is 0.2 MB: its end record, its central directory and its entries take a few windows.
    assert.ok(reads > 0 && reads <= 10, `${reads} reads for ${entries.length} entries`);
  });

  it('reads the file it opened, even if the path is replaced meanwhile, and leaves no descriptor open', async () => {
    const before = openDescriptors();
    const file = archive([stored('a.json', good)]);
    const other = archive([stored('a.json', Buffer.from('{"other":true}'))]);
    const zip = await ZipArchive.open(file);
    renameSync(other, file);
    assert.deepEqual(await zip.read('a.json'), good);
    await zip.close();
    await assert.rejects(ZipArchive.open(writeArchive(Buffer.from('PK\x03\x04 not an archive'))));
    if (before !== undefined) assert.equal(openDescriptors(), before, 'every descriptor opened is closed, also after a failed open');
  });

  it('a truncated archive is refused when opened', async () => {
    const file = archive([{ name: 'a.json', data: good, method: 0, body: good }]);
    const cut = path.join(path.dirname(file), 'cut.eval');
    writeFileSync(cut, readFileSync(file).subarray(0, 40));
    await assert.rejects(ZipArchive.open(cut));
  });
});

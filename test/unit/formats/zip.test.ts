// The .eval container reader against damaged and hostile archives: every bad entry is refused with its name,
// and the archive's other entries still read.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ZipArchive } from '../../../src/core/formats/zip';
import { ZipWriter, type ZipMethod } from '../../../scripts/lib/zipWriter';

/** Writes an archive whose entries may lie: `data` is what the headers describe, `body` what is stored. */
function archive(entries: Array<{ name: string; data: Buffer; method: ZipMethod; body: Buffer }>): string {
  const parts: Buffer[] = [];
  const w = new ZipWriter((b) => parts.push(b));
  for (const e of entries) w.add(e.name, e.data, e.method, e.body);
  w.finish();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-zip-')), 'a.eval');
  writeFileSync(file, Buffer.concat(parts));
  return file;
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
      zip.close();
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
      zip.close();
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
      zip.close();
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
      zip.close();
    }
  });

  it('a truncated archive is refused when opened', async () => {
    const file = archive([{ name: 'a.json', data: good, method: 0, body: good }]);
    const { readFileSync } = await import('node:fs');
    const cut = path.join(path.dirname(file), 'cut.eval');
    writeFileSync(cut, readFileSync(file).subarray(0, 40));
    await assert.rejects(ZipArchive.open(cut));
  });
});

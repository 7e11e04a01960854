// The rescore fast paths (byte-level line reading, decimals and scoring in doubles) must agree exactly with the
// general paths they shortcut. References here are the plain formulas, kept independent of the code under test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  ANGLE_TOLERANCES_DEG,
  decimalByRegex,
  decimalFromString,
  decimalToNumber,
  InvalidUtf8Error,
  MRA_THRESHOLDS_HUNDREDTHS,
  POINT_THRESHOLDS,
  readLineBatches,
  readLineChunks,
  scoreParsed,
  splitLines,
  type Decimal,
  type Line,
  type ParsedValue,
} from '../../../src/core';

async function readAll(file: string, blocking: boolean): Promise<Line[]> {
  const out: Line[] = [];
  for await (const batch of readLineBatches(file, { blocking })) out.push(...batch);
  return out;
}

/** A file of mixed lines over many read chunks: multi-byte characters, CRLF, a line longer than a chunk, no last ending. */
function mixedLinesFile(): { file: string; text: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-lines-'));
  const file = path.join(dir, 'r.jsonl');
  const pieces = ['{"a":"é€𝄞"}', 'plain', '', '\ufeffbom', 'x'.repeat(300_000), '日本語テキスト'];
  let text = '';
  for (let i = 0; text.length < 3_000_000; i++) text += pieces[i % pieces.length] + (i % 3 === 0 ? '\r\n' : '\n');
  text += 'last line without ending €';
  writeFileSync(file, text);
  return { file, text };
}

for (const blocking of [false, true]) {
  describe(`readLineBatches, ${blocking ? 'blocking reads' : 'a read stream'}`, () => {
    it('gives the same lines as splitLines across chunk boundaries, multi-byte characters and CRLF', async () => {
      const { file, text } = mixedLinesFile();
      assert.deepEqual(await readAll(file, blocking), [...splitLines(text)]);
    });
    it('reports the line of an invalid byte, also in a later chunk', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gst-lines-'));
      const file = path.join(dir, 'r.jsonl');
      const good = Buffer.from('0123456789abcdef\n'.repeat(100_000)); // 1.7 MB: the bad byte is in a later chunk
      writeFileSync(file, Buffer.concat([good, Buffer.from('ok €\n'), Buffer.from('bad \xff\n', 'latin1')]));
      await assert.rejects(readAll(file, blocking), (e: unknown) => e instanceof InvalidUtf8Error && e.line === 100_002);
      writeFileSync(file, Buffer.concat([good, Buffer.from([0x41, 0xe2, 0x82])])); // ends inside a character
      await assert.rejects(
        readAll(file, blocking),
        (e: unknown) => e instanceof InvalidUtf8Error && e.line === 100_001 && e.nearByte === good.length + 3,
      );
    });
  });
}

describe('readLineChunks', () => {
  // V8 puts a string over 128 KiB in its large-object space, in fresh pages per string: decoding a whole file in such
  // chunks costs page faults on every chunk. Short lines must come in chunks under that size.
  const V8_LARGE_OBJECT_BYTES = 128 * 1024;
  for (const blocking of [false, true]) {
    it(`decodes a file of short lines in chunks small enough for the young generation, losing no byte (${blocking ? 'blocking' : 'stream'})`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'gst-lines-'));
      const file = path.join(dir, 'r.jsonl');
      const text = Array.from({ length: 8000 }, (_, i) => `{"uid":"q${i}","prediction":"${'x'.repeat(i % 1000)}"}\n`).join('');
      writeFileSync(file, text);
      const sizes: number[] = [];
      let joined = '';
      for await (const chunk of readLineChunks(file, { blocking })) {
        sizes.push(chunk.bytes.length);
        joined += chunk.bytes.toString('latin1');
      }
      assert.equal(joined, text);
      assert.ok(sizes.length > 1, `one chunk for ${text.length} bytes`);
      assert.ok(Math.max(...sizes) < V8_LARGE_OBJECT_BYTES, `a chunk of ${Math.max(...sizes)} bytes`);
      rmSync(dir, { recursive: true, force: true });
    });
  }

  /** Every chunk of a read: its bytes, lines and ASCII flag. */
  async function chunksOf(file: string, options: Parameters<typeof readLineChunks>[1]) {
    const out: { bytes: string; lines: Line[]; ascii: boolean }[] = [];
    for await (const c of readLineChunks(file, options)) out.push({ bytes: c.bytes.toString('hex'), lines: c.lines, ascii: c.ascii });
    return out;
  }

  it('blocking reads give the chunks a stream gives, chunk for chunk, from a path or from an open handle', async () => {
    const { file } = mixedLinesFile();
    const streamed = await chunksOf(file, {});
    assert.ok(streamed.length > 5, `${streamed.length} chunks`);
    assert.deepEqual(await chunksOf(file, { blocking: true }), streamed);
    const handle = await open(file, 'r');
    try {
      await handle.read(Buffer.alloc(100), 0, 100, null); // moves the handle's position: the read still starts at 0
      assert.deepEqual(await chunksOf(file, { handle, blocking: true }), streamed);
      // The caller's handle is left open, as the stream leaves it.
      assert.equal((await handle.read(Buffer.alloc(4), 0, 4, 0)).bytesRead, 4);
    } finally {
      await handle.close();
    }
  });

  it('a blocking read lets the event loop turn whenever its slicer is due, and only then', async () => {
    const { file } = mixedLinesFile();
    const read = async (due: () => boolean) => {
      let pauses = 0;
      let turned = false;
      let chunksBeforeTurn = -1;
      let chunks = 0;
      setImmediate(() => (turned = true));
      const slicer = { due, pause: () => (pauses++, new Promise<void>((r) => setImmediate(r))) };
      for await (const _ of readLineChunks(file, { blocking: true, slicer })) {
        if (turned && chunksBeforeTurn < 0) chunksBeforeTurn = chunks;
        chunks++;
      }
      await new Promise((r) => setImmediate(r));
      return { pauses, chunks, chunksBeforeTurn };
    };
    const always = await read(() => true);
    assert.ok(always.chunks > 5, `${always.chunks} chunks`);
    assert.equal(always.pauses, Math.ceil(statSync(file).size / 65536), 'one pause before each 64 KiB read');
    assert.equal(always.chunksBeforeTurn, 0, 'a callback queued before the read ran before its first chunk came');
    const never = await read(() => false);
    assert.equal(never.pauses, 0);
    assert.equal(never.chunksBeforeTurn, -1, 'without a pause the whole file is read before the event loop turns');
  });
});

const referenceDecimal = decimalByRegex;

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const literal = fc
  .tuple(fc.constantFrom('', '-', '+', ' '), digits(0, 18), fc.constantFrom('', '.'), digits(0, 18), fc.constantFrom('', 'e3', 'E-2', ' '))
  .map((p) => p.join(''));

describe('decimal fast paths', () => {
  it('decimalFromString agrees with the regex reading', () => {
    for (const t of ['0', '-0', '007', '1.', '.5', '-.5', '123456789012345', '1234567890123456', '999999999999999.9', '+3', '-', '']) {
      assert.deepEqual(decimalFromString(t), referenceDecimal(t), t);
    }
    fc.assert(
      fc.property(literal, (t) => assert.deepEqual(decimalFromString(t), referenceDecimal(t), t)),
      { numRuns: 3000 },
    );
  });
  it('decimalToNumber is the nearest double, as Number() of the decimal string', () => {
    const viaString = (d: Decimal) => {
      const neg = d.int < 0n;
      let s = (neg ? -d.int : d.int).toString();
      if (d.scale > 0) s = s.padStart(d.scale + 1, '0').replace(new RegExp(`(\\d{${d.scale}})$`), '.$1');
      return Number((neg ? '-' : '') + s);
    };
    const decimal = fc.record({ int: fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), scale: fc.integer({ min: 0, max: 30 }) });
    fc.assert(
      fc.property(decimal, (d) => assert.equal(decimalToNumber(d), viaString(d))),
      { numRuns: 3000 },
    );
    for (const int of [2n ** 53n - 1n, 2n ** 53n, -(2n ** 53n) + 1n, 9007199254740993n, 35n]) {
      for (const scale of [0, 1, 15, 22, 23]) assert.equal(decimalToNumber({ int, scale }), viaString({ int, scale }), `${int}e-${scale}`);
    }
  });
});

// The exact rules in BigInt, as the scorer first wrote them.
const pow10 = (k: number) => 10n ** BigInt(k);
const abs = (x: bigint) => (x < 0n ? -x : x);
const on = (d: Decimal, scale: number) => d.int * pow10(scale - d.scale);
function referenceAngle(g: Decimal, p: Decimal) {
  const scale = Math.max(g.scale, p.scale);
  const unit = pow10(scale);
  const full = 360n * unit;
  const d = abs(on(p, scale) - on(g, scale)) % full;
  const e = d < full - d ? d : full - d;
  return {
    error: Number(e) / Number(unit),
    passed: ANGLE_TOLERANCES_DEG.filter((t) => e <= BigInt(t) * unit).length,
    of: ANGLE_TOLERANCES_DEG.length,
  };
}
function referenceMra(g: Decimal, p: Decimal) {
  const scale = Math.max(g.scale, p.scale);
  const gi = on(g, scale);
  const diff = abs(on(p, scale) - gi);
  const denom = gi === 0n ? pow10(scale) : abs(gi);
  return {
    error: Number(diff) / Number(denom),
    passed: MRA_THRESHOLDS_HUNDREDTHS.filter((k) => 100n * diff < BigInt(100 - k) * denom).length,
    of: MRA_THRESHOLDS_HUNDREDTHS.length,
  };
}
function referencePoint(gx: Decimal, gy: Decimal, px: Decimal, py: Decimal) {
  const scale = Math.max(gx.scale, gy.scale, px.scale, py.scale);
  const unit = pow10(scale);
  const dx = on(px, scale) - on(gx, scale);
  const dy = on(py, scale) - on(gy, scale);
  const d2 = dx * dx + dy * dy;
  return {
    error: Math.hypot(Number(dx), Number(dy)) / Number(unit),
    passed: POINT_THRESHOLDS.filter((t) => d2 <= (BigInt(t) * unit) ** 2n).length,
    of: POINT_THRESHOLDS.length,
  };
}

describe('exact scoring in doubles agrees with BigInt', () => {
  // Small decimals take the double path; huge ones (beyond 2^53 once aligned) fall back to BigInt.
  const dec = fc.oneof(
    fc.record({ int: fc.bigInt({ min: -400_000n, max: 400_000n }), scale: fc.integer({ min: 0, max: 4 }) }),
    fc.record({ int: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), scale: fc.integer({ min: 0, max: 30 }) }),
    fc.constantFrom<Decimal>(
      { int: 2n ** 53n - 1n, scale: 0 },
      { int: -(2n ** 53n) + 1n, scale: 3 },
      { int: 0n, scale: 0 },
      { int: 15n, scale: 0 },
      { int: 1500n, scale: 2 },
    ),
  );
  const angle = (d: Decimal): ParsedValue => ({ kind: 'angle', value: decimalToNumber(d), exact: d });
  const distance = (d: Decimal): ParsedValue => ({ kind: 'distance', value: decimalToNumber(d), exact: d });
  it('angle, distance (paper) and point', () => {
    fc.assert(
      fc.property(dec, dec, dec, dec, (a, b, c, d) => {
        assert.deepEqual(scoreParsed(angle(a), angle(b), 'paper').detail, referenceAngle(a, b));
        assert.deepEqual(scoreParsed(distance(a), distance(b), 'paper').detail, referenceMra(a, b));
        const point = (x: Decimal, y: Decimal): ParsedValue => ({
          kind: 'point',
          x: decimalToNumber(x),
          y: decimalToNumber(y),
          exactX: x,
          exactY: y,
        });
        assert.deepEqual(scoreParsed(point(a, b), point(c, d), 'paper').detail, referencePoint(a, b, c, d));
      }),
      { numRuns: 3000 },
    );
  });
  it('thresholds met exactly', () => {
    const d = (int: bigint, scale: number): Decimal => ({ int, scale });
    assert.deepEqual(scoreParsed(angle(d(1510n, 2)), angle(d(1n, 1)), 'paper').detail, referenceAngle(d(1510n, 2), d(1n, 1)));
    assert.deepEqual(scoreParsed(distance(d(10n, 1)), distance(d(13n, 1)), 'paper').detail, referenceMra(d(10n, 1), d(13n, 1)));
    assert.deepEqual(scoreParsed(distance(d(0n, 0)), distance(d(49n, 2)), 'paper').detail, referenceMra(d(0n, 0), d(49n, 2)));
  });
});

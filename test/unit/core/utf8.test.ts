// The whole-buffer decoders take a latin1 copy for ASCII; they must give exactly what the UTF-8 decoders give.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { strictUtf8Text, utf8Text } from '../../../src/core/io/utf8';

/** Buffers of every kind the readers meet: ASCII, valid UTF-8 (with or without a BOM), and bytes that are not UTF-8. */
const buffers = fc.oneof(
  fc.string({ unit: 'binary-ascii' }).map((s) => Buffer.from(s, 'latin1')),
  fc.string({ unit: 'binary' }).map((s) => Buffer.from(s, 'utf8')),
  fc.string({ unit: 'grapheme' }).map((s) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s, 'utf8')])),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  fc
    .tuple(fc.string({ unit: 'binary-ascii' }), fc.constantFrom(0x80, 0xc0, 0xed, 0xff), fc.string({ unit: 'binary-ascii' }))
    .map(([a, b, c]) => Buffer.concat([Buffer.from(a, 'latin1'), Buffer.from([b]), Buffer.from(c, 'latin1')])),
);

/**
 * Mostly-ASCII buffers long enough to be decoded run by run: ASCII with a few runs of other bytes put in, each valid
 * UTF-8 ("°", "–", an emoji), a sequence cut short, a lone continuation byte, or any bytes over 0x7f.
 */
const mostlyAscii = fc
  .tuple(
    fc.string({ unit: 'binary-ascii', minLength: 300, maxLength: 2000 }),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.oneof(
          fc.constantFrom('°', '–', '😀', 'é\u2013').map((c) => [...Buffer.from(c, 'utf8')]),
          fc.constantFrom([0xe2, 0x80], [0x80], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf]),
          fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 6 }),
        ),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([ascii, runs]) => {
    const bytes = [...Buffer.from(ascii, 'latin1')];
    for (const [at, run] of runs) bytes.splice(at % (bytes.length + 1), 0, ...run);
    return Buffer.from(bytes);
  });

function fatalDecode(bytes: Buffer): { text: string } | { error: string } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

function strict(bytes: Buffer): { text: string } | { error: string } {
  try {
    return { text: strictUtf8Text(bytes) };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

describe('utf8Text and strictUtf8Text', () => {
  it('utf8Text equals buffer.toString("utf8"), replacement characters included', () => {
    fc.assert(
      fc.property(buffers, (b) => assert.equal(utf8Text(b), b.toString('utf8'))),
      { numRuns: 2000 },
    );
  });

  it('strictUtf8Text gives what a fatal TextDecoder gives: its text without a leading BOM, or its error', () => {
    fc.assert(
      fc.property(buffers, (b) => assert.deepEqual(strict(b), fatalDecode(b))),
      { numRuns: 2000 },
    );
  });

  it('mostly-ASCII bytes, decoded run by run, give exactly what the UTF-8 decoder gives', () => {
    fc.assert(
      fc.property(mostlyAscii, (b) => {
        assert.equal(utf8Text(b), b.toString('utf8'));
        assert.deepEqual(strict(b), fatalDecode(b));
      }),
      { numRuns: 3000 },
    );
    // Runs at both ends, and runs side by side with one ASCII byte between them.
    const edges = Buffer.concat([Buffer.from('°'), Buffer.alloc(200, 0x61), Buffer.from([0xe2, 0x80, 0x41, 0xe2]), Buffer.from('–')]);
    assert.equal(utf8Text(edges), edges.toString('utf8'));
  });

  it('takes the latin1 copy only for ASCII: a byte over 0x7f is decoded as UTF-8', () => {
    const e = Buffer.from('é', 'utf8');
    assert.equal(utf8Text(e), 'é');
    assert.equal(strictUtf8Text(e), 'é');
    assert.equal(utf8Text(Buffer.from([0xe9])), '\ufffd');
    assert.throws(() => strictUtf8Text(Buffer.from([0xe9])), TypeError);
  });
});

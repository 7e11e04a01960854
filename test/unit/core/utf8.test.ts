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

  it('takes the latin1 copy only for ASCII: a byte over 0x7f is decoded as UTF-8', () => {
    const e = Buffer.from('é', 'utf8');
    assert.equal(utf8Text(e), 'é');
    assert.equal(strictUtf8Text(e), 'é');
    assert.equal(utf8Text(Buffer.from([0xe9])), '\ufffd');
    assert.throws(() => strictUtf8Text(Buffer.from([0xe9])), TypeError);
  });
});

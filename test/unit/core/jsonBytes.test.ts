// parseJsonBytes parses valid UTF-8 as its latin1 text and decodes the strings after: it must give exactly what
// decoding the whole file and parsing the text gives, for every file, valid or not.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseJsonBytes, parseJsonWithLocation, recordLineNumbers } from '../../../src/core/jsonText';
import { utf8Text } from '../../../src/core/io/utf8';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** What the reader gave before: the whole file decoded, then parsed. */
function byText(bytes: Buffer) {
  return parseJsonWithLocation(utf8Text(bytes));
}

function assertSameAsText(bytes: Buffer): void {
  const got = parseJsonBytes(bytes);
  const expected = byText(bytes);
  if (!expected.ok) {
    assert.deepEqual(got, expected);
    return;
  }
  assert.ok(got.ok);
  assert.deepEqual(got.value, expected.value);
  // Same own keys in the same order, "__proto__" included.
  assert.equal(JSON.stringify(got.value), JSON.stringify(expected.value));
}

/** JSON values whose strings and keys hold every kind of character, written with raw (unescaped) non-ASCII. */
const documents = fc
  .tuple(fc.jsonValue({ stringUnit: 'binary' }), fc.constantFrom(0, 2), fc.boolean(), fc.nat(7))
  .map(([value, indent, bom, escapeEvery]) => {
    let text = JSON.stringify(value, null, indent);
    // Some non-ASCII characters written as escapes, as some writers do, beside raw ones.
    let n = 0;
    if (escapeEvery > 0)
      text = text.replace(/[\u0080-\uffff]/g, (c) => (++n % escapeEvery === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c));
    const bytes = Buffer.from(text, 'utf8');
    return bom ? Buffer.concat([BOM, bytes]) : bytes;
  });

describe('parseJsonBytes', () => {
  it('equals decoding the whole file and parsing it, for JSON with raw non-ASCII strings and keys', () => {
    fc.assert(fc.property(documents, assertSameAsText), { numRuns: 1000 });
  });

  it('equals it for files that are not valid JSON or not valid UTF-8: the same error, line and column', () => {
    const broken = fc.tuple(documents, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 3 })).map(([bytes, at, junk]) => {
      const i = at % (bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, i), Buffer.from(junk), bytes.subarray(i)]);
    });
    fc.assert(fc.property(broken, assertSameAsText), { numRuns: 1000 });
  });

  it('decodes strings, keys and nested values, and keeps an own "__proto__" key as a key', () => {
    const text = '{"__proto__": {"x": "ü"}, "a°": ["–", {"é": "😀 5°", "__proto__": "ö"}], "7": 1, "n": 2}';
    const got = parseJsonBytes(Buffer.from(text, 'utf8'));
    assert.ok(got.ok);
    const value = got.value as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ['7', '__proto__', 'a°', 'n']);
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, { x: 'ü' });
    const inner = (value['a°'] as unknown[])[1] as object;
    assert.deepEqual(Object.keys(inner), ['é', '__proto__']);
    assert.equal(Object.getPrototypeOf(inner), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(inner, '__proto__')?.value, 'ö');
    assertSameAsText(Buffer.from(text, 'utf8'));
  });

  it('reads an escaped non-ASCII character as the character it names, beside raw ones', () => {
    const cases: Array<[json: string, value: string]> = [
      ['"caf\\u00e9 °"', 'café °'],
      ['"\\u2013 °"', '– °'],
      ['"\\u00b0 °"', '° °'],
      ['"\\u0100 é"', '\u0100 é'],
      ['"x\\u0fff°"', 'x\u0fff°'],
      ['"\\\\u00e9 °"', '\\u00e9 °'],
      ['"\\u007f °"', '\u007f °'],
    ];
    for (const [json, value] of cases) {
      const got = parseJsonBytes(Buffer.from(json, 'utf8'));
      assert.ok(got.ok);
      assert.equal(got.value, value, json);
    }
  });

  it('gives a line text whose records start on the lines the decoded text gives', () => {
    const records = [{ t: 'a°\n' }, { t: '– b' }, { k: ['😀', 1] }];
    const text = `[\n${records.map((r) => JSON.stringify(r, null, 2)).join(',\n')}\n]`;
    const got = parseJsonBytes(Buffer.concat([BOM, Buffer.from(text, 'utf8')]));
    assert.ok(got.ok);
    assert.deepEqual(recordLineNumbers(got.lineText), recordLineNumbers(text));
    assert.deepEqual(recordLineNumbers(got.lineText), [2, 5, 8]);
  });

  it('takes a deeply nested file without overflowing the stack', () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}"°"${']'.repeat(depth)}`;
    const got = parseJsonBytes(Buffer.from(text, 'utf8'));
    assert.ok(got.ok);
    let inner: unknown = got.value;
    for (let i = 0; i < depth; i++) inner = (inner as unknown[])[0];
    assert.equal(inner, '°');
  });
});

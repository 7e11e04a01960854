// recordLineNumbers: the line each element of a top-level JSON array starts on, checked against arrays built
// with known element lines, and linear in its input.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { recordLineNumbers } from '../../../src/core/jsonText';

const whitespace = fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n'), { maxLength: 4 }).map((ws) => ws.join(''));

describe('recordLineNumbers', () => {
  it('gives the line each element starts on, whatever the elements and the whitespace between them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.jsonValue(), fc.integer({ min: 0, max: 2 }), whitespace, whitespace), { maxLength: 8 }),
        whitespace,
        fc.boolean(),
        (elements, end, bom) => {
          let text = `${bom ? '\ufeff' : ''}[`;
          const expected: number[] = [];
          elements.forEach(([value, indent, before, after], i) => {
            text += before;
            expected.push(text.split('\n').length);
            text += `${JSON.stringify(value, null, indent)}${after}${i < elements.length - 1 ? ',' : ''}`;
          });
          text += `${end}]`;
          JSON.parse(text.replace(/^\ufeff/, '')); // the input is valid JSON, as the callers ensure
          assert.deepEqual(recordLineNumbers(text), expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is linear in its input: nested arrays and long strings', () => {
    const time = (text: string) => {
      const t = performance.now();
      recordLineNumbers(text);
      return performance.now() - t;
    };
    const make = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ s: 'x\\"'.repeat(20), a: [[[i]]] })));
    const small = make(5_000);
    const large = make(80_000);
    time(small);
    // 16 times the input may take far less than 16 squared times as long; a quadratic pass would not.
    const ratio = Math.min(time(large), time(large)) / Math.max(Math.min(time(small), time(small)), 0.05);
    assert.ok(ratio < 100, `16x the input took ${ratio.toFixed(1)}x as long`);
  });
});

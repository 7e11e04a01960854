import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { readDataset } from '../../../src/core';
import fc from 'fast-check';
import { diskIdentity, ResultReadCache, sameDatasetContent, sameJsonContent } from '../../../src/store/loadCache';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

describe('load cache', () => {
  it('a dataset read twice has the same content; a changed answer does not', async () => {
    const a = await readDataset(DEMO, { sniffMedia: false });
    const b = await readDataset(DEMO, { sniffMedia: false });
    assert.notEqual(a, b);
    assert.equal(sameDatasetContent(a, b), true);
    const changed = { ...b, questions: b.questions.map((q, i) => (i === 5 ? { ...q, answer: `${String(q.answer)} ` } : q)) };
    assert.equal(sameDatasetContent(a, changed), false);
    assert.equal(sameDatasetContent(a, { ...b, problems: [...b.problems, { file: 'x', severity: 'warning', message: 'm' }] }), false);
  });

  it('sameJsonContent says what comparing the two values written as JSON (BigInts as digits) says', () => {
    const written = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
    const leaf = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.boolean(),
      fc.integer({ min: -2, max: 2 }),
      fc.constantFrom(0.5, -0, NaN, Infinity),
      fc.bigInt({ min: -2n, max: 2n }),
      fc.constantFrom('', 'a', '2'),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
      ),
    }));
    // Independent pairs from small domains often coincide; clones are always equal.
    const pairs = fc.oneof(
      fc.tuple(value, value),
      value.map((v) => [v, structuredClone(v)] as [unknown, unknown]),
    );
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const top = (v: unknown) => (v === undefined ? null : v); // JSON.stringify(undefined) is undefined, not text
        assert.equal(sameJsonContent(top(a), top(b)), written(top(a)) === written(top(b)), `${written(top(a))} vs ${written(top(b))}`);
      }),
      { numRuns: 3000 },
    );
    assert.equal(sameJsonContent({ a: 1, b: 2 }, { b: 2, a: 1 }), false, 'key order is part of what is written');
    assert.equal(sameJsonContent({ a: 1, b: undefined }, { a: 1 }), true);
    assert.equal(sameJsonContent([undefined], [null]), true);
    assert.equal(sameJsonContent({ n: 10n }, { n: 10 }), false);
  });

  it("a file's disk identity changes with its bytes, its mtime and its sidecar; a read is reused only under the same one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-load-cache-'));
    try {
      const file = path.join(dir, 'r.jsonl');
      writeFileSync(file, '{"uid":"a","prediction":"1"}\n');
      const first = await diskIdentity(file);
      assert.ok(first);
      assert.equal((await diskIdentity(file))?.key, first.key);
      utimesSync(file, new Date(2020, 1, 1), new Date(2020, 1, 1));
      const touched = await diskIdentity(file);
      assert.notEqual(touched?.key, first.key);
      writeFileSync(`${file}.gst-scores.jsonl`, '{}\n');
      assert.notEqual((await diskIdentity(file))?.key, touched?.key);
      assert.equal(await diskIdentity(path.join(dir, 'missing.jsonl')), undefined);

      const dataset = await readDataset(DEMO, { sniffMedia: false });
      const cache = new ResultReadCache();
      const read = { evaluation: {}, format: {} } as Parameters<ResultReadCache['set']>[4];
      cache.set(file, 'k1', dataset, 'o1', read);
      assert.equal(cache.get(file, 'k1', dataset, 'o1'), read);
      assert.equal(cache.get(file, 'k2', dataset, 'o1'), undefined, 'another disk identity');
      assert.equal(cache.get(file, 'k1', { ...dataset }, 'o1'), undefined, 'another dataset object');
      assert.equal(cache.get(file, 'k1', dataset, 'o2'), undefined, 'other read options');
      cache.delete(file);
      assert.equal(cache.get(file, 'k1', dataset, 'o1'), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

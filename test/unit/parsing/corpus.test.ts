// The prediction corpus (test/fixtures/predictions/): realistic raw outputs with the value each reader must
// read. Accuracy is reported per kind and reader; below 97 % on unambiguous cases fails, and so does any wrong
// value where the answer was plainly stated (a wrong number is worse than "unparsed").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parsePrediction, parsedToJson, READERS, SUBTASKS, type AnswerKind, type ParsedJson, type ReaderName } from '../../../src/shared';

interface Sample {
  id: string;
  kind: AnswerKind;
  subtask: string;
  model: string;
  text: string;
  strict: ParsedJson;
  lenient: ParsedJson;
  ambiguous: boolean;
  heldOut?: boolean;
}

const dir = path.resolve(__dirname, '../../fixtures/predictions');
const samples: Sample[] = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l, i) => {
        try {
          return JSON.parse(l) as Sample;
        } catch (e) {
          throw new Error(`${f}:${i + 1}: ${(e as Error).message}`);
        }
      }),
  );

const KINDS: AnswerKind[] = ['angle', 'distance', 'point', 'choice'];
const MIN_ACCURACY = 0.97;

function read(s: Sample, reader: ReaderName) {
  const out = parsePrediction(s.kind, s.text, reader);
  return { value: parsedToJson(out.parsed), ambiguous: out.ambiguous !== undefined, rule: out.rule };
}

const same = (a: ParsedJson, b: ParsedJson) => JSON.stringify(a) === JSON.stringify(b);

describe('prediction corpus', () => {
  it('is large enough and covers every subtask, both readers and held-out phrasings', () => {
    assert.ok(samples.length >= 300, `${samples.length} samples`);
    for (const s of SUBTASKS) assert.ok(samples.filter((x) => x.subtask === s.key).length >= 10, `subtask ${s.key}`);
    assert.ok(samples.filter((s) => s.heldOut).length >= 60, 'a held-out batch of about 60');
    assert.equal(new Set(samples.map((s) => s.id)).size, samples.length, 'ids are unique');
    for (const s of samples) {
      assert.ok(KINDS.includes(s.kind), s.id);
      assert.equal(SUBTASKS.find((t) => t.key === s.subtask)?.kind, s.kind, `${s.id}: subtask and kind agree`);
      if (s.strict !== null) assert.ok(same(s.strict, s.lenient), `${s.id}: what strict reads, lenient reads the same`);
    }
  });

  for (const reader of READERS) {
    it(`${reader} reader: at least 97 % per kind on unambiguous cases, and no wrong value where the answer is plain`, (t) => {
      const lines: string[] = [];
      const failures: string[] = [];
      const wrong: string[] = [];
      for (const kind of KINDS) {
        for (const heldOut of [false, true]) {
          const group = samples.filter((s) => s.kind === kind && !s.ambiguous && Boolean(s.heldOut) === heldOut);
          let right = 0;
          for (const s of group) {
            const got = read(s, reader);
            const want = s[reader];
            if (same(got.value, want)) right++;
            else {
              failures.push(
                `${s.id}${heldOut ? ' (held out)' : ''}: ${JSON.stringify(s.text).slice(0, 100)} -> ${JSON.stringify(got.value)} (${got.rule ?? 'unparsed'}), want ${JSON.stringify(want)}`,
              );
              // A value where the plainly stated answer was another one: the worst kind of miss.
              if (got.value !== null && want !== null) wrong.push(failures[failures.length - 1]);
            }
          }
          if (group.length > 0)
            lines.push(
              `${reader} ${kind}${heldOut ? ' held-out' : ''}: ${right}/${group.length} = ${((100 * right) / group.length).toFixed(1)} %`,
            );
          if (group.length > 0 && right / group.length < MIN_ACCURACY)
            failures.push(`${reader} ${kind}${heldOut ? ' held-out' : ''} below 97 %`);
        }
      }
      t.diagnostic(lines.join('\n'));
      if (failures.length > 0) t.diagnostic(`misses:\n${failures.join('\n')}`);
      assert.deepEqual(wrong, [], 'wrong values where the answer was plainly stated');
      assert.ok(failures.filter((f) => f.includes('below 97')).length === 0, failures.join('\n'));
    });
  }

  it('lenient: ambiguous cases are flagged, and unambiguous ones are not', () => {
    const wrongFlags = samples
      .filter((s) => read(s, 'lenient').ambiguous !== s.ambiguous)
      .map((s) => `${s.id}: ${JSON.stringify(s.text)} flagged ${!s.ambiguous}`);
    assert.deepEqual(wrongFlags, []);
    for (const s of samples.filter((x) => x.ambiguous))
      assert.ok(same(read(s, 'lenient').value, s.lenient), `${s.id}: the documented rule's value`);
  });

  it('strict never reads anything but the prompt format, and never flags', () => {
    for (const s of samples) {
      const got = read(s, 'strict');
      assert.equal(got.ambiguous, false, s.id);
      if (got.value !== null) assert.ok(got.rule === 'exact format' || got.rule === 'answer tag', s.id);
    }
  });
});

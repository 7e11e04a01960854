// The shipped JSON Schema and the reader's own validation (auditEntryProblem) accept and refuse the same lines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { AUDIT_FIELDS, auditEntryProblem } from '../../../src/shared/audit/format';
import { AUDIT_VERDICTS } from '../../../src/shared/audit/verdicts';
import { REPO_ROOT } from '../helpers/shared';

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'audit.schema.json'), 'utf8'));
// multipleOf 0.1 on doubles: 0.3 / 0.1 is 2.9999999999999996, so ajv needs a tolerance to mean "one decimal".
const validate = new Ajv({ allErrors: true, multipleOfPrecision: 9 }).compile(schema);

const good = { uid: 'q1', reviewer: 'Ada', verdict: 'ok', note: '', proposed_answer: null, time: '2026-12-01T09:30:00.000Z' };

const CASES: Array<[string, unknown]> = [
  ['minimal', good],
  ['angle', { ...good, proposed_answer: { kind: 'angle', value: -45 } }],
  ['angle 180', { ...good, proposed_answer: { kind: 'angle', value: 180 } }],
  ['angle -180', { ...good, proposed_answer: { kind: 'angle', value: -180 } }],
  ['angle 12.5', { ...good, proposed_answer: { kind: 'angle', value: 12.5 } }],
  ['distance 0.3', { ...good, proposed_answer: { kind: 'distance', value: 0.3 } }],
  ['distance 13.2', { ...good, proposed_answer: { kind: 'distance', value: 13.2 } }],
  ['distance 1.35', { ...good, proposed_answer: { kind: 'distance', value: 1.35 } }],
  ['distance -1', { ...good, proposed_answer: { kind: 'distance', value: -1 } }],
  ['point', { ...good, proposed_answer: { kind: 'point', x: 0, y: 999 } }],
  ['point 1000', { ...good, proposed_answer: { kind: 'point', x: 1000, y: 1 } }],
  ['point extra field', { ...good, proposed_answer: { kind: 'point', x: 1, y: 1, z: 1 } }],
  ['choice', { ...good, proposed_answer: { kind: 'choice', letter: 'D' } }],
  ['choice e', { ...good, proposed_answer: { kind: 'choice', letter: 'e' } }],
  ['unknown kind', { ...good, proposed_answer: { kind: 'height', value: 1 } }],
  ['bad verdict', { ...good, verdict: 'fine' }],
  ['empty uid', { ...good, uid: '' }],
  ['blank reviewer', { ...good, reviewer: '  ' }],
  ['note not a string', { ...good, note: 3 }],
  ['time without zone', { ...good, time: '2026-12-01T09:30:00' }],
  ['time with offset', { ...good, time: '2026-12-01T09:30:00+02:00' }],
  ['extra top-level field', { ...good, future: { a: 1 } }],
  ['array', [good]],
  ...AUDIT_FIELDS.map((f): [string, unknown] => [`without ${f}`, Object.fromEntries(Object.entries(good).filter(([k]) => k !== f))]),
  ...AUDIT_VERDICTS.map((v): [string, unknown] => [`verdict ${v}`, { ...good, verdict: v }]),
];

describe('audit line schema', () => {
  it('agrees with the reader on every listed case', () => {
    for (const [name, value] of CASES) {
      const bySchema = validate(value);
      const byReader = auditEntryProblem(value) === null;
      assert.equal(bySchema, byReader, `${name}: schema ${bySchema}, reader ${byReader} (${auditEntryProblem(value)})`);
    }
    assert.ok(CASES.filter(([, v]) => validate(v)).length >= 10 && CASES.filter(([, v]) => !validate(v)).length >= 10);
  });

  it('agrees on generated proposed answers', () => {
    const answer = fc.oneof(
      fc.record({
        kind: fc.constant('angle'),
        value: fc.oneof(fc.integer({ min: -200, max: 200 }), fc.double({ min: -200, max: 200, noNaN: true })),
      }),
      fc.record({
        kind: fc.constant('distance'),
        value: fc.oneof(
          fc.integer({ min: -30, max: 300 }).map((t) => t / 10),
          fc.integer({ min: -1000, max: 50_000 }).map((t) => t / 1000),
        ),
      }), // thousandths: beyond ajv's tolerance of 1e-9
      fc.record({ kind: fc.constant('point'), x: fc.integer({ min: -5, max: 1005 }), y: fc.integer({ min: -5, max: 1005 }) }),
      fc.record({ kind: fc.constant('choice'), letter: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'a', '') }),
    );
    fc.assert(
      fc.property(answer, (a) => {
        const line = { ...good, proposed_answer: a };
        return validate(line) === (auditEntryProblem(line) === null);
      }),
      { numRuns: 3000 },
    );
  });
});

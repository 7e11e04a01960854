import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AUDIT_FILTERS,
  auditProgressLabel,
  auditStates,
  groupThousands,
  matchesAuditFilter,
  nextUnaudited,
} from '../../../src/shared/audit/state';
import { entry } from './fixtures/entries';

describe('audit state per question', () => {
  const states = auditStates([
    entry('q1', 'ann', 'ok'),
    entry('q2', 'ann', 'ok'),
    entry('q2', 'bob', 'media-problem'),
    entry('q3', 'ann', 'ambiguous'),
    entry('q3', 'bob', 'ambiguous'),
  ]);

  it('verdict, flagged and disagree', () => {
    assert.deepEqual(
      [...states].map(([uid, s]) => [uid, s.verdict, s.flagged, s.disagree, s.entries.length]),
      [
        ['q1', 'ok', false, false, 1],
        ['q2', 'mixed', true, true, 2],
        ['q3', 'ambiguous', true, false, 2],
      ],
    );
  });

  it('the tree filters', () => {
    const uids = ['q0', 'q1', 'q2', 'q3'];
    const pass = (f: (typeof AUDIT_FILTERS)[number]) => uids.filter((u) => matchesAuditFilter(states.get(u), f));
    assert.deepEqual(AUDIT_FILTERS.map(pass), [['q1', 'q2', 'q3'], ['q0'], ['q2', 'q3'], ['q2']]);
  });

  it('progress count and Shift+n', () => {
    assert.equal(auditProgressLabel(states, ['q0', 'q1', 'q2', 'q3', 'q4']), 'audited 3 / 5');
    assert.deepEqual([0, 7, 999, 1000, 2762, 1234567].map(groupThousands), ['0', '7', '999', '1,000', '2,762', '1,234,567']);
    const order = ['q1', 'q0', 'q2', 'q4', 'q3'];
    assert.equal(nextUnaudited(order, null, states), 'q0');
    assert.equal(nextUnaudited(order, 'q0', states), 'q4');
    assert.equal(nextUnaudited(order, 'q4', states), 'q0', 'wraps around');
    assert.equal(nextUnaudited(['q1', 'q2'], 'q1', states), null);
  });
});

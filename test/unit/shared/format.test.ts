// One number format: a score reads the same in the tree, the viewer and the CLI table.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatNumber, formatQuestionScore, formatScore, NO_SCORE, subtaskTable } from '../../../src/shared';
import { countDescription } from '../../../src/model/labels';
import { scoreText } from '../../../webview/viewer/format';

describe('number format', () => {
  test('scores have two decimals and "—" when absent', () => {
    assert.equal(formatScore(41.666666), '41.67');
    assert.equal(formatScore(0), '0.00');
    assert.equal(formatScore(null), NO_SCORE);
    assert.equal(formatScore(undefined), '—');
    assert.equal(formatQuestionScore(1), '1.00');
    assert.equal(formatQuestionScore(2 / 3), '0.67');
    assert.equal(formatNumber(3), '3');
    assert.equal(formatNumber(2.345, 2), '2.35');
  });

  test('the tree, the viewer and the CLI print the same text for the same score', () => {
    const subtaskScore = 100 / 3;
    assert.ok(countDescription(3, 3, subtaskScore).startsWith(`${formatScore(subtaskScore)} · `), 'the score first, as the tree shows it');
    const table = subtaskTable([
      { label: 'm', subtasks: { ed_v: { score: subtaskScore, n: 3, unparsed: 0 } } as never, overall: subtaskScore },
    ]);
    assert.ok(table.split('\n')[2].includes(formatScore(subtaskScore)));
    const outcome = { score: 1, passed: 3, of: 3 } as never;
    assert.equal(scoreText({ id: 'r', label: 'r', colorIndex: 0, active: true, outcome } as never), `${formatQuestionScore(1)} (3/3)`);
  });
});

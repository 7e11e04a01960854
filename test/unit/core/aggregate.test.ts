import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ScoreAccumulator, SUBTASK_KEYS, overallScore } from '../../../src/core';
import { checkRow } from '../helpers/paperRows';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';

describe("aggregation reproduces the paper's Avg.", () => {
  it('unweighted: the mean of subtask scores, not of questions', () => {
    const acc = new ScoreAccumulator();
    acc.add('ed_v', 1, false); // 1 question at 100
    for (let i = 0; i < 9; i++) acc.add('tds_easy', 0, false); // 9 questions at 0
    assert.equal(acc.overall(), 50);
    assert.equal(overallScore([]), null);
  });
  it('counts unparsed predictions as 0 and reports them', () => {
    const acc = new ScoreAccumulator();
    acc.add('ed_v', 1, false);
    acc.add('ed_v', 0, true);
    assert.deepEqual(acc.subtasks().ed_v, { score: 50, n: 2, unparsed: 1 });
  });
  it('fine-tuned Qwen3-VL-8B and base rows (inline, no ../shared needed)', () => {
    checkRow('fine-tuned', [53.72, 39.7, 48.97, 49.36, 31.95, 57.64, 40.55, 44.39, 99.07, 88.18, 37.08, 51.66], 53.52);
    checkRow('base', [18.75, 5.57, 17.35, 12.5, 11.59, 13.01, 24.81, 17.64, 96.76, 42.27, 25.28, 25.12], 25.89);
  });
  it('every row of Table 1 (../shared/reference/gst-bench-table1.csv)', { skip: NEEDS_SHARED }, () => {
    const lines = readFileSync(path.join(SHARED_DIR, 'reference/gst-bench-table1.csv'), 'utf8').trim().split('\n');
    const header = lines[0].split(',');
    assert.deepEqual(header.slice(2, 14), [...SUBTASK_KEYS], "CSV columns are the subtask keys in the paper's order");
    assert.equal(lines.length - 1, 25, 'all 25 rows');
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      checkRow(cells[1], cells.slice(2, 14).map(Number), Number(cells[14]));
    }
  });
});

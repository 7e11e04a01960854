import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PAPER_LOCAL_CONTROL, PAPER_TABLE1, SUBTASK_KEYS, paperLocalControl } from '../../../src/shared';
import { checkRow } from '../helpers/paperRows';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';

const csv = (name: string) =>
  readFileSync(path.join(SHARED_DIR, 'reference', name), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(','));

describe('the shipped paper reference data', () => {
  it("Table 1 has all 25 rows in their groups, and every row's Avg. is the mean of its 12 subtasks", () => {
    assert.equal(PAPER_TABLE1.length, 25);
    const count = (g: string) => PAPER_TABLE1.filter((r) => r.group === g).length;
    assert.deepEqual(
      [count('proprietary'), count('open-source'), count('embodied'), count('random'), count('human'), count('fine-tuned')],
      [5, 12, 5, 1, 1, 1],
    );
    for (const r of PAPER_TABLE1)
      checkRow(
        r.model,
        SUBTASK_KEYS.map((k) => r.subtasks[k]),
        r.avg,
      );
  });
  it('the local-control rows cover EDs and EDists for 8 models', () => {
    assert.equal(PAPER_LOCAL_CONTROL.length, 16);
    assert.deepEqual(
      paperLocalControl('gemini-3-pro').map((r) => r.subtask),
      ['ed_s', 'edist_s'],
    );
    assert.deepEqual(paperLocalControl('Nobody'), []);
  });
  it('equals the checked transcription in ../shared/reference, number for number', { skip: NEEDS_SHARED }, () => {
    const [header, ...rows] = csv('gst-bench-table1.csv');
    assert.deepEqual(header.slice(2, 14), [...SUBTASK_KEYS]);
    rows.forEach((cells, i) => {
      const r = PAPER_TABLE1[i];
      assert.equal(r.model, cells[1]);
      assert.equal(cells[0] === 'baseline' ? r.group === 'random' || r.group === 'human' : r.group === cells[0], true, r.model);
      assert.deepEqual(
        SUBTASK_KEYS.map((k) => r.subtasks[k]),
        cells.slice(2, 14).map(Number),
        r.model,
      );
      assert.equal(r.avg, Number(cells[14]));
    });
    const [, ...local] = csv('gst-bench-local-control.csv');
    assert.deepEqual(
      PAPER_LOCAL_CONTROL.map((r) => [r.model, r.subtask, r.scores.global, r.scores['local-video'], r.scores['local-image']]),
      local.map((c) => [c[0], c[1], Number(c[2]), Number(c[3]), Number(c[4])]),
    );
  });
});

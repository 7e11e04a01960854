import assert from 'node:assert/strict';
import { ScoreAccumulator, SUBTASK_KEYS } from '../../../src/core';

/** Feeds one question per subtask whose score is the published percentage, then checks the paper's Avg. */
export function checkRow(label: string, values: number[], avg: number) {
  assert.equal(values.length, 12, `${label}: 12 subtasks`);
  const acc = new ScoreAccumulator();
  SUBTASK_KEYS.forEach((k, i) => acc.add(k, values[i] / 100, false));
  const overall = acc.overall()!;
  // The published Avg. is the mean rounded to 2 decimals: it lies within half a unit of the last place.
  assert.ok(Math.abs(overall - avg) <= 0.005 + 1e-9, `${label}: computed ${overall} vs published ${avg}`);
}

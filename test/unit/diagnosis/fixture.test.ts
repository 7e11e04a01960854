// The generator's diagnosis fixture: a result file with a known number of each failure class injected; the
// diagnosis must find exactly those counts, subtask by subtask.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { diagnoseFile, readDataset, SUBTASK_KEYS } from '../../../src/core';
import { writeDiagnosisFixture } from '../helpers/diagnosisFixture';

describe('diagnosis fixture (make-dataset --diagnosis-fixture)', () => {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'gst-fixture-')), 'ds');
  it('writes the fixture and the diagnosis finds every injected class with the right count', async () => {
    const file = writeDiagnosisFixture(out);
    const expected = JSON.parse(readFileSync(path.join(out, 'results/diagnosis-fixture.expected.json'), 'utf8'));
    const { diagnosis, evaluation } = await diagnoseFile(await readDataset(out), file, {
      profile: 'paper',
    });
    assert.deepEqual(evaluation.problems, []);
    const injected = new Set<string>();
    for (const key of SUBTASK_KEYS) {
      const s = diagnosis.subtasks.find((x) => x.subtask === key)!;
      const found = Object.fromEntries(s.classes.map((c) => [c.cls, c.count]));
      assert.deepEqual(found, expected.subtasks[key].classes, key);
      assert.deepEqual(Object.fromEntries(s.formats.map((f) => [f.pattern, f.count])), expected.subtasks[key].formats, `${key} formats`);
      for (const c of Object.keys(found)) injected.add(c);
    }
    // Every class the diagnosis knows is injected somewhere (the answer classes for partly right answers aside, and
    // normalised coordinates, which the default reader rescales itself: the unit tests cover that class).
    assert.deepEqual([...injected].sort(), [
      'axes_swapped',
      'distance_bias',
      'far',
      'front_back_flip',
      'near_miss',
      'pixel_coordinates',
      'position_bias',
      'rotation',
      'sign_flip',
      'target_unseen',
      'unit_slip',
      'unparsed',
      'wrong_choice',
      'y_flipped',
    ]);
    assert.equal(diagnosis.subtasks.find((s) => s.subtask === 'orientation')!.rotation!.degrees, expected.rotationDeg);
    assert.equal(diagnosis.subtasks.find((s) => s.subtask === 'edist_v')!.bias!.words, expected.biasWords);
    assert.equal(diagnosis.subtasks.find((s) => s.subtask === 'tds_easy')!.choice!.biased, true);
    for (const key of ['tds_medium', 'tds_hard', 'trajectory'] as const)
      assert.equal(diagnosis.subtasks.find((s) => s.subtask === key)!.choice!.biased, false, key);
  });
});

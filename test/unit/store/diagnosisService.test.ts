// The extension's diagnosis service: from the store's own evaluation it finds what `gst-bench diagnose` finds in
// the file (the generator's diagnosis fixture, frames field included), once per evaluation, and drops a diagnosis
// whose evaluation was replaced.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { diagnoseFile, evaluateFile, readDataset } from '../../../src/core';
import { DiagnosisService } from '../../../src/store/diagnosisService';
import { InspectorState } from '../../../src/store/state';
import { writeDiagnosisFixture } from '../helpers/diagnosisFixture';

describe('DiagnosisService', () => {
  it('diagnoses the active file from its evaluation as the CLI does, once per evaluation', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-diag-service-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const out = path.join(dir, 'ds');
    const file = writeDiagnosisFixture(out);
    const dataset = await readDataset(out);
    const sampling = { count: 32, method: 'uniform' as const };

    const state = new InspectorState();
    let computed = 0;
    const service = new DiagnosisService(state, () => {
      computed++;
      return { profile: 'paper', sampling };
    });
    state.slices.datasets.add(out, 'user');
    state.slices.datasets.setLoaded(out, { dataset });
    state.slices.results.add(file);
    let changes = 0;
    state.slices.diagnosis.onDidChange(() => changes++);
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
    state.slices.results.setActive(file);

    const found = await service.ensure(file);
    const cli = (await diagnoseFile(dataset, file, { profile: 'paper', sampling })).diagnosis;
    assert.ok(found, 'the active file was diagnosed');
    assert.deepEqual(found.subtasks, cli.subtasks);
    assert.deepEqual([...found.byUid], [...cli.byUid]);
    assert.ok(
      found.subtasks.some((s) => s.classes.some((c) => c.cls === 'target_unseen' && c.count > 0)),
      'the frames field of the lines reached the diagnosis',
    );
    assert.equal(state.slices.diagnosis.get(file), found);
    assert.equal(await service.ensure(file), found, 'the same evaluation is not diagnosed twice');
    assert.equal(computed, 1);
    assert.ok(changes >= 1);

    // A new evaluation (a reload) takes the old diagnosis away until it is diagnosed again.
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
    assert.equal(state.slices.diagnosis.get(file), undefined);
    const again = await service.ensure(file);
    assert.notEqual(again, found);
    assert.deepEqual(again?.subtasks, cli.subtasks);

    state.slices.results.remove(file);
    assert.equal(state.slices.diagnosis.get(file), undefined);
    assert.equal(await service.ensure(file), undefined);
    service.dispose();
    state.dispose();
  });
});

// A diagnosis filter on a file that is not the active one keeps working after that file is scored again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateFile, readDataset } from '../../../src/core';
import { DiagnosisService } from '../../../src/store/diagnosisService';
import { keepFilterFileDiagnosed } from '../../../src/store/filterDiagnosis';
import { InspectorState } from '../../../src/store/state';
import { loadEvaluations } from '../helpers/loadedState';
import { DEMO, demoResult } from '../scoreboard/demoState';

describe('the diagnosis filter on a file that is not the active one', () => {
  it("computes that file's diagnosis again when a new evaluation drops it, and the tree shows its class again", async () => {
    const dataset = await readDataset(DEMO, { sniffMedia: false });
    const [active, other] = [demoResult('noisy-oracle'), demoResult('template-b')];
    const state = new InspectorState();
    const service = new DiagnosisService(state, () => ({ profile: 'paper' }));
    await loadEvaluations(state, DEMO, dataset, [active, other], active);
    const first = (await service.ensure(other))!;
    const cls = first.subtasks.flatMap((s) => s.classes).find((c) => c.cls !== 'target_unseen')!;
    state.setFilter({ diagnosis: { resultId: other, cls: cls.cls } });
    const shownUids = () => [...state.tree().order].sort();
    const expected = first.subtasks.flatMap((s) => s.classes.filter((c) => c.cls === cls.cls).flatMap((c) => c.uids)).sort();
    assert.deepEqual(shownUids(), expected);

    const follow = keepFilterFileDiagnosed(state, (id) => service.ensure(id));
    state.slices.results.setEvaluation(other, { evaluation: await evaluateFile(dataset, other, { profile: 'paper' }) });
    assert.equal(state.slices.diagnosis.get(other), undefined, 'the new evaluation dropped the diagnosis');
    // Nothing else asks for it (the file is not active, no panel shows it): only the follower can.
    const deadline = Date.now() + 20_000;
    while (!state.slices.diagnosis.get(other) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(state.slices.diagnosis.get(other), 'computed again without the file becoming active');
    assert.deepEqual(shownUids(), expected);
    follow.dispose();
    service.dispose();
  });
});

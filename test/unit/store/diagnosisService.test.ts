// The extension's diagnosis service: from the store's own evaluation it finds what `gst-bench diagnose` finds in
// the file (the generator's diagnosis fixture, frames field included), once per evaluation, and drops a diagnosis
// whose evaluation was replaced.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { diagnoseFile, evaluateFile, readDataset } from '../../../src/core';
import { DiagnosisService } from '../../../src/store/diagnosisService';
import { InspectorState } from '../../../src/store/state';
import { loadEvaluations } from '../helpers/loadedState';
import { writeDiagnosisFixture } from '../helpers/diagnosisFixture';

describe('DiagnosisService', () => {
  it('waits for the media checks before it diagnoses: which videos exist decides where target frames are looked for', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-diag-media-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const out = path.join(dir, 'ds');
    const file = writeDiagnosisFixture(out);
    const dataset = await readDataset(out);
    let release!: () => void;
    const checked = new Promise<void>((resolve) => (release = resolve));
    class CheckingState extends InspectorState {
      override allMediaChecked(): Promise<void> {
        return checked;
      }
    }
    const state = new CheckingState();
    let computed = 0;
    const service = new DiagnosisService(state, () => {
      computed++;
      return { profile: 'paper' };
    });
    state.slices.datasets.add(out, 'user');
    state.slices.datasets.setLoaded(out, { dataset });
    state.slices.results.add(file);
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
    const diagnosed = service.ensure(file);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(computed, 0, 'diagnosed before the media were checked');
    assert.equal(state.slices.diagnosis.get(file), undefined);
    release();
    assert.ok(await diagnosed);
    assert.equal(computed, 1);
  });

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

  it('frees the evaluation of a file unloaded while its diagnosis waits in the queue', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-diag-queue-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const out = path.join(dir, 'ds');
    const first = writeDiagnosisFixture(out);
    const second = path.join(dir, 'second.jsonl');
    copyFileSync(first, second);
    const dataset = await readDataset(out);
    const state = new InspectorState();
    const service = new DiagnosisService(state, () => ({ profile: 'paper', sampling: { count: 32, method: 'uniform' } }));
    // The first diagnosis waits on this gate, so the second stays queued behind it.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    service.setVisibilitySource({
      verify: () => gate,
      visibility: () => undefined,
      busy: () => false,
      onDidChange: () => ({ dispose() {} }),
    });
    await loadEvaluations(state, out, dataset, [first, second], first);
    const diagnosedFirst = service.ensure(first);
    const secondRef = new WeakRef(state.slices.results.get(second)!.evaluation!);
    const diagnosedSecond = service.ensure(second);
    await new Promise((resolve) => setImmediate(resolve));

    state.slices.results.remove(second);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // A few rounds with turns of the event loop between them: a reference that lives a turn or two on a loaded
    // machine is not a leak, while the queue holding the evaluation would keep it until the gate opens below.
    for (let round = 0; round < 20 && secondRef.deref() !== undefined; round++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
    }
    assert.equal(secondRef.deref(), undefined, "the queued diagnosis kept the unloaded file's evaluation alive");

    open();
    assert.ok(await diagnosedFirst, 'the file still loaded is diagnosed');
    assert.equal(await diagnosedSecond, undefined, 'the unloaded file is not diagnosed');
    assert.equal(state.slices.diagnosis.get(second), undefined);
    service.dispose();
    state.dispose();
  });
});

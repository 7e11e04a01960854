// The viewer's what-if and visibility timeline from the real state, diagnosis service and viewer session, on the
// demo dataset with a result file made to have a sign flip and a line that lists the frames its model saw.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { evaluateFile, readDataset } from '../../../src/core';
import { recordingDiagnosisViewer, SAMPLING } from '../helpers/diagnosisViewer';
import type { DiagnosisOverlayView, ViewerNotification } from '../../../src/shared/protocol';
import { DiagnosisService } from '../../../src/store/diagnosisService';
import { InspectorState } from '../../../src/store/state';
import { DEMO_DIR as DEMO, editedNoisyOracle } from '../helpers/demoResults';

describe('the viewer draws the active file’s diagnosis', () => {
  test('a sign flip’s what-if and the timeline arrive with the sample, or after it once diagnosed', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-viewer-diagnosis-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const dataset = await readDataset(DEMO, { sniffMedia: false });
    const edv = dataset.questions.filter((q) => q.subtask === 'ed_v');
    assert.equal(edv[0].answer, '70', 'the demo’s first EDv question');
    // noisy-oracle with the first EDv answer's sign flipped, and the second line listing three early frames.
    const file = path.join(dir, 'flipped.jsonl');
    writeFileSync(
      file,
      editedNoisyOracle((r) =>
        r.uid === edv[0].uid ? { ...r, prediction: '-70' } : r.uid === edv[1].uid ? { ...r, frames: [0, 1, 2] } : undefined,
      ),
    );

    const state = new InspectorState();
    const service = new DiagnosisService(state, () => ({ profile: 'paper', sampling: SAMPLING }));
    state.slices.datasets.add(DEMO, 'user');
    state.slices.datasets.setLoaded(DEMO, { dataset });
    state.slices.results.add(file);
    state.slices.results.setEvaluation(file, { evaluation: await evaluateFile(dataset, file, { profile: 'paper' }) });
    state.setCompared(file, true);
    const { session, sent } = recordingDiagnosisViewer(state, service);
    await session.ready(undefined);
    await session.show(edv[0].uid);
    const first = sent[0] as Extract<ViewerNotification, { type: 'show' }>;
    assert.equal(first.type, 'show');
    assert.equal(first.sample.diagnosisOverlay?.whatIf ?? null, null, 'no active file yet: no what-if');
    assert.deepEqual(first.sample.diagnosisOverlay?.visibility, {
      frames: 254,
      fps: 10,
      visible: [
        [52, 86],
        [102, 114],
      ],
      sampling: { kind: 'uniform', count: 32, source: 'setting' },
      samplingText: '32 frames, uniform (setting gstBench.diagnosis.frameSampling)',
      source: 'geometry',
      sourceText: "from the dataset's geometry",
    });

    // Making the file active diagnoses it (the service), and the viewer sends the what-if as a small update.
    state.setActive(file);
    await service.ensure(file);
    const update = sent.filter((m) => m.type === 'diagnosisOverlay').at(-1) as { overlay: DiagnosisOverlayView } | undefined;
    assert.ok(update, `a diagnosisOverlay update; sent: ${sent.map((m) => m.type).join(', ')}`);
    const id = state.slices.results.get(file)!.id;
    assert.deepEqual(update.overlay.whatIf, {
      resultId: id,
      label: 'flipped',
      colorIndex: state.slices.results.get(file)!.colorIndex,
      cls: 'sign_flip',
      phrase: 'sign flipped',
      value: { kind: 'angle', value: 70 },
      valueLabel: '70°',
      score: 1,
      before: 0,
      text: 'what-if: sign flipped → score 1.00',
    });
    assert.equal(sent.filter((m) => m.type === 'show').length, 1, 'the sample is not sent again');

    // The second EDv question: its line's frames field is what the timeline shows; the target is in none of them.
    await session.show(edv[1].uid);
    const second = sent.filter((m) => m.type === 'show').at(-1) as Extract<ViewerNotification, { type: 'show' }>;
    const v = second.sample.diagnosisOverlay!.visibility!;
    assert.deepEqual(v.sampling, { kind: 'list', frames: [0, 1, 2], source: 'line' });
    assert.equal(v.samplingText, "3 frames listed in flipped's line (its frames field)");
    assert.ok(
      v.visible!.every(([s]) => s > 2),
      'the target is not on frames 0-2',
    );
    assert.equal(service.lineFrames(id)?.get(edv[1].uid)?.value?.toString(), '0,1,2');
    session.dispose();
    service.dispose();
    state.dispose();
  });
});

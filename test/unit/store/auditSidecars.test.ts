// The extension's audit path without VS Code: the real state, a real dataset on disk, the real sidecar writer.
// Verdicts from the viewer's requests land in gst-audit.jsonl, two writers at once keep both, a corrupt line
// is reported with its number and kept, and the tree's audit filters, progress and Shift+N follow the file.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { readDataset } from '../../../src/core/dataset/reader';
import { auditDecoration, questionsDescription } from '../../../src/model/auditFilter';
import { createViewerAudit } from '../../../src/panels/audit/viewerAudit';
import { AuditSidecars, type AuditSettings } from '../../../src/store/auditSidecars';
import { InspectorState } from '../../../src/store/state';
import { tempDir } from '../helpers/tempDirs';
import { writeTinyDataset } from '../helpers/tinyDataset';

const settings = (reviewer: string, file?: string): AuditSettings => ({
  file: () => file,
  reviewer: () => reviewer,
  relativeTo: () => '/',
});

/** Git must not name the reviewer here: the setting does (HOME without a .gitconfig, no system config). */
process.env.GIT_CONFIG_NOSYSTEM = '1';
process.env.GIT_CONFIG_GLOBAL = '/dev/null';

async function setUp(dir = tempDir('gst-audit-sidecars-')) {
  const file = writeTinyDataset(dir);
  const state = new InspectorState();
  const dataset = await readDataset(file, { sniffMedia: false });
  state.slices.datasets.add(file, 'user');
  state.slices.datasets.setLoaded(file, { dataset });
  return { state, root: dataset.root, sidecar: path.join(dataset.root, 'gst-audit.jsonl') };
}

const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n');

describe('audit sidecars in the extension state', () => {
  test('a verdict set through the viewer requests is written to gst-audit.jsonl and shows in the slice and the tree', async () => {
    const { state, sidecar } = await setUp();
    const sidecars = new AuditSidecars(state, settings('Ada'), () => new Date('2026-12-01T09:30:00.000Z'));
    await sidecars.sync();
    let shown = '';
    const viewer = createViewerAudit(state, sidecars);
    const handlers = viewer.handlers(
      () => 'q_angle',
      (uid) => (shown = uid),
    );
    const view = await handlers.setVerdict({
      uid: 'q_angle',
      verdict: 'wrong-answer',
      note: 'truth is -120',
      proposed: { kind: 'angle', value: -120 },
    });
    assert.deepEqual(lines(sidecar), [
      '{"uid":"q_angle","reviewer":"Ada","verdict":"wrong-answer","note":"truth is -120","proposed_answer":{"kind":"angle","value":-120},"time":"2026-12-01T09:30:00.000Z"}',
    ]);
    assert.equal(view.mine?.verdict, 'wrong-answer');
    assert.equal(view.mine?.proposedLabel, '-120°');
    assert.equal(view.file, 'gst-audit.jsonl');
    assert.equal(view.progress, 'audited 1 / 4');
    assert.equal(state.slices.audit.state('q_angle')?.flagged, true);
    assert.deepEqual(auditDecoration(state.slices.audit.state('q_angle'))?.badge, '⚑');

    state.setFilter({ audit: 'flagged' });
    assert.deepEqual(state.tree().order, ['q_angle']);
    await handlers.setVerdict({ uid: 'q_dist', verdict: 'ok', note: '', proposed: null });
    state.setFilter({ audit: 'audited' });
    assert.deepEqual(state.tree().order, ['q_angle', 'q_dist']);
    state.setFilter({ audit: 'not-audited' });
    assert.deepEqual(state.tree().order, ['q_point', 'q_choice']);
    assert.equal(
      questionsDescription(
        state.slices.audit.states(),
        state.mergedDataset()!.questions.map((q) => q.uid),
        'not audited',
      ),
      'audited 2 / 4 · not audited',
    );

    // Shift+N: the next question in the tree's order without a verdict.
    state.clearFilter();
    assert.deepEqual(await handlers.nextUnaudited({}), { uid: 'q_point' });
    assert.equal(shown, 'q_point');

    // Taking the verdict back removes the line.
    await handlers.setVerdict({ uid: 'q_dist', verdict: null, note: '', proposed: null });
    assert.equal(lines(sidecar).length, 1);
    assert.equal(state.slices.audit.state('q_dist'), undefined);
  });

  test('two windows writing at once keep both verdicts; a second reviewer who disagrees is flagged', async () => {
    const dir = tempDir('gst-audit-two-');
    const a = await setUp(dir);
    const b = await setUp(dir);
    const ada = new AuditSidecars(a.state, settings('Ada'));
    const bob = new AuditSidecars(b.state, settings('Bob'));
    await Promise.all([ada.sync(), bob.sync()]);
    const uids = ['q_angle', 'q_dist', 'q_point', 'q_choice'];
    await Promise.all([
      ...uids.map((uid) => ada.setVerdict({ uid, verdict: 'ok', note: '', proposed: null })),
      ...uids.map((uid) => bob.setVerdict({ uid, verdict: uid === 'q_point' ? 'view-not-locatable' : 'ok', note: '', proposed: null })),
    ]);
    const written = lines(a.sidecar).map((l) => JSON.parse(l) as { uid: string; reviewer: string });
    assert.equal(written.length, 8, 'all eight verdicts are in the file');
    assert.deepEqual(
      written.map((e) => `${e.uid}/${e.reviewer}`),
      ['q_angle/Ada', 'q_angle/Bob', 'q_choice/Ada', 'q_choice/Bob', 'q_dist/Ada', 'q_dist/Bob', 'q_point/Ada', 'q_point/Bob'],
      'sorted by uid, then reviewer',
    );
    // Each window sees the other's lines once it re-reads (as its file watcher makes it do).
    await ada.reload(a.root);
    assert.equal(a.state.slices.audit.state('q_point')?.disagree, true);
    a.state.setFilter({ audit: 'disagree' });
    assert.deepEqual(a.state.tree().order, ['q_point']);
  });

  test('a corrupt line is reported with its line number and kept through later writes', async () => {
    const { state, sidecar, root } = await setUp();
    writeFileSync(
      sidecar,
      '{"uid":"q_dist","reviewer":"Bob","verdict":"ok","note":"","proposed_answer":null,"time":"2026-12-01T09:00:00.000Z"}\n{"uid": broken\n',
    );
    const sidecars = new AuditSidecars(state, settings('Ada'));
    await sidecars.sync();
    const problems = state.slices.audit.problems();
    assert.equal(problems.length, 1);
    assert.equal(problems[0].line, 2);
    assert.equal(problems[0].file, sidecar);
    await sidecars.setVerdict({ uid: 'q_angle', verdict: 'other', note: 'see video', proposed: null });
    const after = lines(sidecar);
    assert.equal(after.length, 3);
    assert.equal(after[2], '{"uid": broken', 'the corrupt line is written back as it was, after the valid ones');
    assert.equal(state.slices.audit.problems()[0].line, 3, 'and reported at its new line');
    assert.equal(state.slices.audit.forRoot(root)?.entries.length, 2);
  });

  test('a read-only dataset folder: verdicts are refused with the setting to use; a configured file takes them', async () => {
    const { state, root } = await setUp();
    const elsewhere = path.join(tempDir('gst-audit-elsewhere-'), 'my-audit.jsonl');
    const readOnly = new AuditSidecars(state, settings('Ada'));
    const { chmodSync } = await import('node:fs');
    chmodSync(root, 0o555);
    try {
      await readOnly.sync();
      const view = await createViewerAudit(state, readOnly).view('q_angle');
      assert.equal(view.writable, false);
      assert.match(view.reason ?? '', /not writable/);
      await assert.rejects(readOnly.setVerdict({ uid: 'q_angle', verdict: 'ok', note: '', proposed: null }), /cannot write verdicts/);
      const configured = new AuditSidecars(state, settings('Ada', elsewhere));
      await configured.sync();
      await configured.setVerdict({ uid: 'q_angle', verdict: 'ok', note: '', proposed: null });
      assert.equal(lines(elsewhere).length, 1);
      assert.equal(state.slices.audit.all().length, 1, 'the configured file replaces the root one in the slice');
    } finally {
      chmodSync(root, 0o755);
    }
  });
});

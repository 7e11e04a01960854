import * as assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { InspectorApi } from '../../../src/api';
import type { Dataset } from '../../../src/core';
import { COMMANDS } from '../../../src/ids';
import { demoDatasetFromCore, openDemo, questionRows, waitFor } from './helpers';

const line = (uid: string, reviewer: string, verdict: string) =>
  JSON.stringify({ uid, reviewer, verdict, note: '', proposed_answer: null, time: '2026-12-01T09:30:00.000Z' });

export function auditTests(): void {
  describe('audit verdicts in the tree', () => {
    let api: InspectorApi;
    let dataset: Dataset;
    let sidecar: string;
    const shown = async () => questionRows(await api.questionsTree(), dataset).map((r) => r.uid);

    before(async () => {
      api = await openDemo();
      dataset = await demoDatasetFromCore();
      const files = api.auditFiles();
      assert.equal(files.length, 1, `one sidecar for the demo, got ${files.join(', ')}`);
      sidecar = files[0];
      assert.match(sidecar, /gst-audit\.jsonl$/);
    });

    after(async () => {
      await vscode.commands.executeCommand(COMMANDS.clearFilter);
      rmSync(sidecar, { force: true });
      await waitFor('the progress to go once the sidecar is gone', () => !/audited/.test(api.questionsDescription() ?? ''));
    });

    it("another reviewer's sidecar is read as it changes: progress, filters, a corrupt line in Problems at its line", async () => {
      const [q1, q2, q3] = dataset.questions.map((q) => q.uid);
      writeFileSync(sidecar, [line(q1, 'Ada', 'wrong-answer'), line(q2, 'Ada', 'ok'), '{"uid": broken'].join('\n') + '\n');
      const total = dataset.questions.length;
      await waitFor('the progress in the Questions view', () => api.questionsDescription() === `audited 2 / ${total}`);
      const diagnostic = await waitFor('a diagnostic on line 3 of gst-audit.jsonl', () =>
        vscode.languages.getDiagnostics(vscode.Uri.file(sidecar)).find((d) => d.range.start.line === 2),
      );
      assert.match(diagnostic.message, /not valid JSON/);

      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'flagged');
      assert.deepEqual(await shown(), [q1]);
      assert.equal(api.questionsDescription(), `audited 2 / ${total} · flagged`);
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'audited');
      assert.deepEqual(await shown(), [q1, q2]);
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'not-audited');
      assert.equal((await shown()).length, total - 2);

      // A second reviewer disagrees on q2 and audits q3: the tree follows the file without a reload command.
      writeFileSync(
        sidecar,
        [line(q1, 'Ada', 'wrong-answer'), line(q2, 'Ada', 'ok'), line(q2, 'Bob', 'ambiguous'), line(q3, 'Bob', 'ok')].join('\n') + '\n',
      );
      await waitFor('the new progress', () => api.questionsDescription() === `audited 3 / ${total} · not audited`);
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'disagree');
      assert.deepEqual(await shown(), [q2]);
      await waitFor(
        'the diagnostic to clear once the line is gone',
        () => vscode.languages.getDiagnostics(vscode.Uri.file(sidecar)).length === 0,
      );
      // "All questions" clears the audit filter as well.
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'all');
      assert.equal((await shown()).length, total);
      assert.ok(existsSync(sidecar));
    });
  });
}

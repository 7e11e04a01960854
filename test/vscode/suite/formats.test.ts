// Result files of other harnesses in the real VS Code: an lmms-eval --log_samples log and a VLMEvalKit .xlsx
// show their scores, format and join with no setting changed; the .xlsx rescore writes its sidecar and never the
// workbook; a CSV no format names says it needs a field mapping.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TreeSnapshotNode } from '../../../src/api';
import { SUBTASKS, evaluateResultFile, sidecarPath } from '../../../src/core';
import { COMMANDS, SETTINGS } from '../../../src/ids';
import {
  REPO_ROOT,
  copyIntoWorkspace,
  demoDatasetFromCore,
  fireCommand,
  inspectorApi,
  openDemo,
  scorePattern,
  scoringProfile,
  subtaskNodes,
  waitFor,
} from './helpers';

const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'formats-demo');
const LMMS_NAME = '20260801_samples_gst_bench.jsonl';

function assertDefaultFieldSettings(): void {
  const c = vscode.workspace.getConfiguration();
  for (const key of [SETTINGS.uidField, SETTINGS.predictionField]) {
    const i = c.inspect(key);
    assert.equal(i?.globalValue ?? i?.workspaceValue ?? i?.workspaceFolderValue, undefined, `${key} must not be set for this test`);
  }
}

async function resultRow(name: string): Promise<TreeSnapshotNode> {
  const api = await inspectorApi();
  return waitFor(`a Results row for ${name}`, async () => (await api.resultsTree()).find((r) => r.id.endsWith(`${path.sep}${name}`)));
}

/** Loads a fixture copy, makes it active, and checks the row's score and every subtask's score in the tree. */
async function loadAndCheckScores(uri: vscode.Uri): Promise<TreeSnapshotNode> {
  const api = await inspectorApi();
  const expected = await evaluateResultFile(await demoDatasetFromCore(), uri.fsPath, { profile: scoringProfile() });
  assert.ok(expected.evaluation.overall !== null);
  await vscode.commands.executeCommand(COMMANDS.loadResultFile, uri);
  await vscode.commands.executeCommand(COMMANDS.setActiveResult, uri);
  await api.whenIdle();
  const row = await resultRow(path.basename(uri.fsPath));
  assert.match(row.label, scorePattern(expected.evaluation.overall!), `row "${row.label}" shows the overall`);
  const subtasks = subtaskNodes(await api.questionsTree());
  for (const info of SUBTASKS) {
    const agg = expected.evaluation.subtasks[info.key];
    assert.ok(agg, `${info.key} is scored`);
    const node = subtasks.find((s) => s.label === info.abbreviation);
    assert.ok(node, `no subtask node for ${info.key}`);
    assert.match(node.description ?? '', scorePattern(agg.score), `${info.key}: "${node.description}"`);
  }
  return row;
}

export function formatTests(): void {
  describe('result files of other harnesses', () => {
    before(async () => {
      await openDemo();
      assertDefaultFieldSettings();
    });

    it('an lmms-eval sample log shows its scores, its format and its join, and the record it cannot join is a problem', async () => {
      const uri = copyIntoWorkspace(path.join(FIXTURES, 'lmms-demo-model', LMMS_NAME), path.join('formats-lmms', 'lmms-demo-model'));
      const row = await loadAndCheckScores(uri);
      assert.match(row.description ?? '', /^(active · )?lmms-eval · lmms-demo-model · gst_bench · 37 lines$/);
      assert.match(row.tooltip ?? '', /Format: lmms-eval samples/);
      assert.match(row.tooltip ?? '', /36 by doc_id as a row index into the dataset's order, question text checked/);
      assert.match(row.tooltip ?? '', /1 record could not be joined to a dataset uid \(first: line 37\)/);
      const problem = await waitFor('a diagnostic on line 37', () =>
        vscode.languages.getDiagnostics(uri).find((d) => d.range.start.line === 36),
      );
      assert.match(problem.message, /doc_id 36/);
    });

    it('a VLMEvalKit .xlsx shows its scores; its rescore writes the sidecar beside it and leaves the workbook byte for byte', async () => {
      const api = await inspectorApi();
      const uri = copyIntoWorkspace(path.join(FIXTURES, 'vlmevalkit-demo.xlsx'), 'formats-xlsx');
      const bytes = readFileSync(uri.fsPath);
      const row = await loadAndCheckScores(uri);
      assert.match(row.description ?? '', /^(active · )?VLMEvalKit · 36 lines$/);
      assert.match(row.tooltip ?? '', /Rescore writes vlmevalkit-demo\.xlsx\.gst-scores\.jsonl beside it/);

      const side = sidecarPath(uri.fsPath);
      const command = fireCommand(COMMANDS.rescoreResultFile, uri);
      await waitFor('the sidecar', () => existsSync(side));
      await command.catch((e: Error) => assert.fail(`rescore failed: ${e.message}`));
      await api.whenIdle();
      assert.ok(readFileSync(uri.fsPath).equals(bytes), 'the workbook is never rewritten');
      const first = JSON.parse(readFileSync(side, 'utf8').split('\n')[0]) as { source: { file: string; format: string } };
      assert.deepEqual([first.source.file, first.source.format], ['vlmevalkit-demo.xlsx', 'vlmevalkit']);
      const after = await waitFor('the row to name its sidecar', async () => {
        const r = await resultRow('vlmevalkit-demo.xlsx');
        return /Scores saved in vlmevalkit-demo\.xlsx\.gst-scores\.jsonl/.test(r.tooltip ?? '') && r;
      });
      assert.match(
        after.label,
        scorePattern(
          (await evaluateResultFile(await demoDatasetFromCore(), uri.fsPath, { profile: scoringProfile() })).evaluation.overall!,
        ),
      );
      // The sidecar belongs to its source's row: discovery does not add it as a file of its own.
      await vscode.commands.executeCommand(COMMANDS.refresh);
      await api.whenIdle();
      assert.ok(!(await api.resultsTree()).some((r) => r.id.endsWith(path.basename(side))), 'no row of its own for the sidecar');
    });

    it('a CSV whose columns no format names loads as a row that asks for a field mapping', async () => {
      const api = await inspectorApi();
      const uri = copyIntoWorkspace(path.join(FIXTURES, 'generic-demo.csv'), 'formats-csv');
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, uri);
      await api.whenIdle();
      const row = await resultRow('generic-demo.csv');
      assert.equal(row.icon, 'warning');
      assert.equal(row.description, 'cannot read: a table of an unknown layout (columns: qid, answer, ground_truth); set a field mapping');
      await vscode.commands.executeCommand(COMMANDS.unloadResultFile, uri);
    });
  });
}

import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { loadResultFile, loadResultText, type LoadedResultFile } from '../../../src/core';
import { COMMANDS, COMPARE_PANEL_TYPE } from '../../../src/ids';
import type { CompareView } from '../../../src/shared/protocol/compare';
import { DEMO_RESULTS, copyIntoWorkspace, demoDatasetFromCore, fireCommand, openDemo, scoringProfile, waitFor } from './helpers';

/** Open webview tabs of the Compare panel (a tab's viewType carries a prefix of VS Code's own). */
const compareTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(COMPARE_PANEL_TYPE));

/** Unparsed answers per subtask of a file's (only) set, as the core reads it. */
const unparsedBySubtask = (l: LoadedResultFile) => {
  const counts: Record<string, number> = {};
  for (const r of l.sets[0].results.values()) counts[r.subtask] = (counts[r.subtask] ?? 0) + (r.unparsed ? 1 : 0);
  return counts;
};

export function compareTests(): void {
  describe('Compare Result Files', () => {
    it('needs two ticked files, then opens one Compare panel (and reveals it when run again)', async () => {
      const api = await openDemo();
      const files = (await api.resultsTree()).map((n) => n.id.replace(/^result:/, ''));
      assert.ok(files.length >= 2, 'the demo loads its result files');
      // Leave exactly one ticked.
      for (const f of api.comparedResults()) await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, f);
      await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, files[0]);
      assert.deepEqual(api.comparedResults(), [files[0]]);
      assert.equal(await vscode.commands.executeCommand(COMMANDS.compareResults), false, 'one ticked file: nothing to compare');
      assert.equal(compareTabs().length, 0);

      await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, files[1]);
      assert.equal(await vscode.commands.executeCommand(COMMANDS.compareResults), true);
      await waitFor('the Compare panel tab', () => compareTabs().length === 1);
      assert.equal(await vscode.commands.executeCommand(COMMANDS.compareResults), true);
      assert.equal(compareTabs().length, 1, 'running it again reveals the same panel');
      await vscode.window.tabGroups.close(compareTabs());
    });

    it("reads a ticked file's unsaved editor, as the tree scores it, not the file on disk", async () => {
      const api = await openDemo();
      // A copy of its own, so the edit and the rescore touch no other test's file.
      const uri = copyIntoWorkspace(DEMO_RESULTS.noisyOracle, 'compare-unsaved', 'noisy-oracle-unsaved.jsonl');
      const edited = uri.fsPath;
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, uri);
      await api.whenIdle();
      const other = (await api.resultsTree()).map((n) => n.id.replace(/^result:/, '')).find((f) => f.endsWith('template-b.jsonl'));
      assert.ok(other, 'the demo loads template-b');
      for (const f of api.comparedResults()) await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, f);
      for (const f of [edited, other]) await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, f);
      assert.deepEqual(new Set(api.comparedResults()), new Set([edited, other]));
      assert.equal(await vscode.commands.executeCommand(COMMANDS.compareResults), true);
      const tableOf = () => {
        const m = api.compareSent();
        return m?.type === 'table' && m.view.comparison.sets.some((x) => x.file === edited) ? m.view : undefined;
      };
      await waitFor('the Compare table', tableOf);

      // An unsaved edit: the first line's answer becomes one no reader can read.
      const doc = await vscode.workspace.openTextDocument(uri);
      // Beside the panel, which stays visible (a hidden webview page is not sent tables).
      const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.Beside);
      const first = JSON.parse(doc.lineAt(0).text);
      first.prediction = 'I cannot tell from the video.';
      assert.ok(await editor.edit((b) => b.replace(doc.lineAt(0).range, JSON.stringify(first))));
      assert.equal(doc.isDirty, true);
      const dataset = await demoDatasetFromCore();
      const options = { profile: scoringProfile() };
      const fromDisk = unparsedBySubtask(await loadResultFile(dataset, edited, options));
      const fromEditor = unparsedBySubtask(await loadResultText(dataset, edited, doc.getText(), options));
      assert.notDeepEqual(fromEditor, fromDisk, 'the edit changes what the file answers');

      // Rescoring the dirty editor gives the store the editor's scores; the panel follows with the same text.
      const command = fireCommand(COMMANDS.rescoreResultFile, uri);
      const panelUnparsed = (view: CompareView) => {
        const set = view.comparison.sets.find((x) => x.file === edited)!;
        return Object.fromEntries(Object.entries(set.subtasks).map(([k, v]) => [k, v!.unparsed]));
      };
      try {
        await command;
        const view = await waitFor('the table of the unsaved text', () => {
          const v = tableOf();
          return v && isDeepStrictEqual(panelUnparsed(v), fromEditor) ? v : undefined;
        });
        assert.deepEqual(panelUnparsed(view), fromEditor);
        assert.equal(doc.isDirty, true, 'the rescore went into the editor, nothing was saved');
      } finally {
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        await vscode.window.tabGroups.close(compareTabs());
        await vscode.commands.executeCommand(COMMANDS.unloadResultFile, uri);
      }
    });
  });
}

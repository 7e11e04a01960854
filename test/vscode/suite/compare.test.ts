import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, COMPARE_PANEL_TYPE } from '../../../src/ids';
import { openDemo, waitFor } from './helpers';

/** Open webview tabs of the Compare panel (a tab's viewType carries a prefix of VS Code's own). */
const compareTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(COMPARE_PANEL_TYPE));

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
  });
}

// The scoreboard in a real extension host: the command opens its panel on the demo's files, the board holds
// the 25 paper rows and a 200-draw simulated baseline, "Show in Scoreboard" ticks a file, and the export
// command writes, atomically, exactly what `gst-bench scoreboard` prints for the same files.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { runScoreboard } from '../../../src/cli/compare';
import { readDataset } from '../../../src/core';
import { COMMANDS, SCOREBOARD_PANEL_TYPE } from '../../../src/ids';
import { openDemo, waitFor, workspaceDir } from './helpers';

const scoreboardTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(SCOREBOARD_PANEL_TYPE));

export function scoreboardTests(): void {
  describe('scoreboard', () => {
    it('Show Scoreboard opens one panel on the files shown, with the paper rows and the simulated baseline', async () => {
      const api = await openDemo();
      await vscode.commands.executeCommand(COMMANDS.showScoreboard);
      await waitFor('the scoreboard tab', () => scoreboardTabs().length === 1);
      await vscode.commands.executeCommand(COMMANDS.showScoreboard);
      assert.equal(scoreboardTabs().length, 1, 'a second call reveals the same panel');
      const { open, model } = api.scoreboard();
      assert.ok(open);
      assert.ok(model.files.length >= 1, 'the ticked or the active file is on the board');
      assert.equal(model.rows.filter((r) => r.source === 'loaded').length, model.files.length);
      assert.equal(model.rows.filter((r) => r.source !== 'loaded' && r.source !== 'simulated').length, 25);
      assert.equal(model.random?.draws, 200);
    });

    it('Show in Scoreboard on a result row puts that file on the board', async () => {
      const api = await openDemo();
      const unticked = (await api.resultsTree())
        .map((n) => n.id.replace(/^result:/, ''))
        .find((id) => !api.scoreboard().model.files.some((f) => f.id === id));
      assert.ok(unticked, 'a demo file that is not on the board yet');
      await vscode.commands.executeCommand(COMMANDS.showInScoreboard, vscode.Uri.file(unticked));
      await waitFor('the file on the board', () => api.scoreboard().model.files.some((f) => f.id === unticked));
    });

    it('Export Scoreboard writes what the CLI prints for the same files, leaving no temp file', async () => {
      const api = await openDemo();
      const { model, display } = api.scoreboard();
      const folder = path.join(workspaceDir(), 'scoreboard-exports');
      const dataset = await readDataset(path.dirname(path.dirname(model.files[0].id)), { sniffMedia: false });
      for (const [format, ext] of [
        ['markdown', 'md'],
        ['csv', 'csv'],
        ['latex', 'tex'],
      ] as const) {
        const target = path.join(folder, `board.${ext}`);
        await vscode.workspace.fs.createDirectory(vscode.Uri.file(folder));
        const written = await vscode.commands.executeCommand<string | null>(COMMANDS.exportScoreboard, format, target);
        assert.equal(written, target);
        let cli = '';
        await runScoreboard(
          dataset,
          model.files.map((f) => f.id),
          display.groups,
          { profile: 'paper', format, cwd: folder, out: (t) => (cli += t + '\n'), err: () => {} },
        );
        assert.equal(readFileSync(target, 'utf8'), cli, `${format}: identical to gst-bench scoreboard`);
      }
      assert.ok(existsSync(path.join(folder, 'board.md')));
      assert.deepEqual(
        readdirSync(folder).filter((n) => n.includes('gst-tmp')),
        [],
        'no temp file left',
      );
    });
  });
}

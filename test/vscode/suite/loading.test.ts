// How the extension loads at scale: activation reads nothing, a result file unchanged on disk is not parsed again,
// and a large load that is stopped leaves the store as if the file had never been added.
import * as assert from 'node:assert/strict';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LARGE_RESULT_FILE_BYTES } from '../../../src/store/resultLoads';
import { COMMANDS, SETTINGS } from '../../../src/ids';
import { evaluateFile } from '../../../src/core';
import {
  DEMO_DIR,
  DEMO_RESULTS,
  copyIntoWorkspace,
  demoDatasetFromCore,
  fireCommand,
  inspectorApi,
  openDemo,
  scoringProfile,
  waitFor,
} from './helpers';

export function loadingTests(): void {
  describe('loading at scale', () => {
    it('activation itself reads no dataset and parses no result file (they load after it returns)', async () => {
      const api = await inspectorApi();
      const stats = api.stats();
      assert.ok(stats.activationStartedAt > 0, 'activate() did not record its start');
      assert.equal(stats.readsDuringActivation, 0, 'activate() read a dataset or parsed a result file before returning');
    });

    it('a result file unchanged on disk is not parsed again on Refresh; a changed one is', async () => {
      const api = await openDemo();
      const uri = copyIntoWorkspace(DEMO_RESULTS.random, 'parse-cache');
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, uri);
      await api.whenIdle();
      const loaded = api.stats();
      const parsesOf = (s: typeof loaded) => s.resultParsesByFile[uri.fsPath] ?? 0;
      assert.ok(parsesOf(loaded) >= 1, `no parse of ${uri.fsPath} was counted`);

      await vscode.commands.executeCommand(COMMANDS.refresh);
      await api.whenIdle();
      const refreshed = api.stats();
      assert.ok(refreshed.datasetReads > loaded.datasetReads, 'Refresh did not read the dataset again');
      assert.equal(parsesOf(refreshed), parsesOf(loaded), 'Refresh parsed a result file that had not changed');
      assert.ok(refreshed.resultCacheHits > loaded.resultCacheHits, 'Refresh did not look the unchanged file up in the cache');

      // Changed bytes (one line fewer): parsed again, and the Results row shows the new line count.
      const lines = readFileSync(uri.fsPath, 'utf8').trimEnd().split('\n');
      const shorter = lines.slice(0, -1).join('\n') + '\n';
      const fd = openSync(uri.fsPath, 'w');
      writeSync(fd, shorter);
      closeSync(fd);
      await vscode.commands.executeCommand(COMMANDS.refresh);
      await api.whenIdle();
      assert.equal(parsesOf(api.stats()), parsesOf(refreshed) + 1, 'a result file changed on disk was not parsed once again');
      const expected = await evaluateFile(await demoDatasetFromCore(), uri.fsPath, { profile: scoringProfile() });
      const rowText = async () => {
        const row = (await api.resultsTree()).find((r) => `${r.id} ${r.tooltip ?? ''}`.includes(uri.fsPath));
        return row ? `${row.label} ${row.description ?? ''}` : '(no row)';
      };
      await waitFor(`the Results row to show ${expected.lines} lines`, async () =>
        (await rowText()).includes(`${expected.lines} lines`),
      ).catch(async (e: Error) => assert.fail(`${e.message}; the row reads "${await rowText()}"`));
      await vscode.commands.executeCommand(COMMANDS.unloadResultFile, uri);
    });

    it('a large load stopped part-way stops reading and leaves no trace of the file; other files keep their scores', async function () {
      this.timeout(120_000);
      const api = await openDemo();
      const small = copyIntoWorkspace(DEMO_RESULTS.noisyOracle, 'large-load');
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, small);
      await api.whenIdle();
      const before = await api.resultsTree();
      // Over the progress threshold: the demo's lines again and again, outside the workspace (its watcher would add it).
      const bigDir = mkdtempSync(path.join(tmpdir(), 'gst-large-load-'));
      const big = path.join(bigDir, 'large.jsonl');
      const chunk = readFileSync(DEMO_RESULTS.random);
      const fd = openSync(big, 'w');
      for (let written = 0; written <= LARGE_RESULT_FILE_BYTES; written += chunk.length) writeSync(fd, chunk);
      closeSync(fd);

      const start = api.stats();
      const loading = fireCommand(COMMANDS.loadResultFile, vscode.Uri.file(big));
      await waitFor('the large file to start parsing', () => (api.stats().resultParsesByFile[big] ?? 0) > 0, 60_000);
      await vscode.commands.executeCommand(COMMANDS.unloadResultFile, vscode.Uri.file(big));
      await loading;
      await api.whenIdle();

      const after = api.stats();
      assert.equal(after.resultLoadsCancelled, start.resultLoadsCancelled + 1, 'the stopped load ran to its end');
      const rows = await api.resultsTree();
      assert.ok(!rows.some((r) => r.id.includes('large.jsonl')), 'the stopped file is still in the Results view');
      const smallRow = (list: typeof rows) => list.find((r) => r.id.includes(small.fsPath));
      assert.ok(smallRow(before), 'the small file has no row');
      assert.deepEqual(smallRow(rows), smallRow(before), 'the small file changed when the large load stopped');
      await vscode.commands.executeCommand(COMMANDS.unloadResultFile, small);
      rmSync(bigDir, { recursive: true, force: true });
    });

    it("a dataset's first read shows its questions and scores first; its media problems reach Problems after", async () => {
      const api = await openDemo();
      const results = copyIntoWorkspace(DEMO_RESULTS.noisyOracle, 'deferred-media');
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, results);
      await api.whenIdle();
      // A copy of the demo outside the workspace (detection would add it): one video gone, one image not an image.
      const dir = mkdtempSync(path.join(tmpdir(), 'gst-deferred-media-'));
      cpSync(DEMO_DIR, dir, { recursive: true });
      const folder = path.join(
        dir,
        readdirSync(dir).find((f) => f.startsWith('01_'))!,
      );
      const question = JSON.parse(readFileSync(path.join(folder, 'question.json'), 'utf8')) as {
        copied_video_path: string;
        images: Array<{ copied_path: string }>;
      };
      rmSync(path.join(folder, question.copied_video_path));
      writeFileSync(path.join(folder, question.images[0].copied_path), 'not an image');
      const settings = vscode.workspace.getConfiguration();
      const before = settings.get<string[]>(SETTINGS.datasets);
      try {
        await settings.update(SETTINGS.datasets, [dir], vscode.ConfigurationTarget.Workspace);
        const questionFile = vscode.Uri.file(path.join(folder, 'question.json'));
        const messages = () => vscode.languages.getDiagnostics(questionFile).map((d) => d.message);
        await waitFor('the missing video and the mistyped image in Problems', () => {
          const m = messages();
          return m.some((x) => /missing video/.test(x)) && m.some((x) => /is not a recognised image file/.test(x));
        });
        await api.whenIdle();
        const { stages, mediaCheckedAtFirstShow } = api.stats();
        assert.equal(mediaCheckedAtFirstShow, 0, 'media were checked before the questions were shown');
        // The active file's diagnosis asks for the media too; it waits for the loads rather than starting the
        // checks between the files' scoring.
        const order = ['dataset.shown', 'dataset.resultsScored', 'dataset.mediaCheckStarted', 'dataset.mediaChecked'].map((s) => stages[s]);
        assert.ok(
          order.every((t, i) => t !== undefined && (i === 0 || t >= order[i - 1])),
          `questions shown, results scored, then media checks started and done: ${JSON.stringify(order)}`,
        );
      } finally {
        await settings.update(SETTINGS.datasets, before, vscode.ConfigurationTarget.Workspace);
        await api.whenIdle();
        await vscode.commands.executeCommand(COMMANDS.unloadResultFile, results);
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

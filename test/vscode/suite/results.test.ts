import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { SUBTASKS, evaluateFile } from '../../../src/core';
import { COMMANDS } from '../../../src/ids';
import {
  DEMO_RESULTS,
  copyIntoWorkspace,
  demoDatasetFromCore,
  fireCommand,
  openDemo,
  scorePattern,
  scoringProfile,
  subtaskNodes,
  waitFor,
  walk,
} from './helpers';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';

export function resultTests(): void {
  describe('loading a result file', () => {
    it('adds it to the Results view and, once active, puts its scores in the tree', async () => {
      const api = await openDemo();
      const dataset = await demoDatasetFromCore();
      const uri = copyIntoWorkspace(DEMO_RESULTS.random, 'load-result');
      const expected = await evaluateFile(dataset, uri.fsPath, { profile: scoringProfile() });
      assert.ok(expected.overall !== null, 'the demo result file scores nothing');

      await vscode.commands.executeCommand(COMMANDS.loadResultFile, uri);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, uri);
      await api.whenIdle();

      const results = await api.resultsTree();
      const item = results.find(
        (r) => `${r.id} ${r.label} ${r.tooltip ?? ''}`.includes(path.basename(uri.fsPath)) || r.id.includes(uri.fsPath),
      );
      assert.ok(item, `Results view has no item for ${path.basename(uri.fsPath)}: ${results.map((r) => r.label).join(', ')}`);
      assert.match(
        `${item.label} ${item.description ?? ''}`,
        scorePattern(expected.overall!),
        `result item "${item.label} — ${item.description}" should show overall ${expected.overall!.toFixed(2)}`,
      );

      const subtasks = subtaskNodes(await api.questionsTree());
      for (const info of SUBTASKS) {
        const agg = expected.subtasks[info.key];
        if (!agg) continue;
        const node = subtasks.find((s) => s.label === info.abbreviation);
        assert.ok(node, `no subtask node for ${info.key}`);
        assert.match(
          node.description ?? '',
          scorePattern(agg.score),
          `${info.key} description "${node.description}" should show the score ${agg.score.toFixed(2)}`,
        );
      }
    });

    it('switching the active result file changes the scores shown', async () => {
      const api = await openDemo();
      const dataset = await demoDatasetFromCore();
      const uri = copyIntoWorkspace(DEMO_RESULTS.noisyOracle, 'load-result');
      const expected = await evaluateFile(dataset, uri.fsPath, { profile: scoringProfile() });
      await fireCommand(COMMANDS.loadResultFile, uri);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, uri);
      await api.whenIdle();
      const before = await evaluateFile(dataset, DEMO_RESULTS.random, { profile: scoringProfile() });
      // A subtask whose score differs between the two files, so the test sees the switch.
      const info = SUBTASKS.find(
        (s) => expected.subtasks[s.key] && expected.subtasks[s.key]!.score.toFixed(1) !== before.subtasks[s.key]?.score.toFixed(1),
      );
      assert.ok(info, 'the demo files random and noisy-oracle score the same in every subtask');
      const score = expected.subtasks[info.key]!.score;
      await waitFor(`${info.key} to show ${score.toFixed(2)} from ${path.basename(uri.fsPath)}`, async () => {
        const node = subtaskNodes(await api.questionsTree()).find((s) => s.label === info.abbreviation);
        return scorePattern(score).test(node?.description ?? '');
      });
    });

    it('reloads a result file changed on disk: scores update, every tree item keeps its id, the viewer keeps its question', async () => {
      const api = await openDemo();
      const uri = copyIntoWorkspace(DEMO_RESULTS.noisyOracle, 'watch-result');
      await fireCommand(COMMANDS.loadResultFile, uri);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, uri);
      await api.whenIdle();
      const ids = (tree: Awaited<ReturnType<typeof api.questionsTree>>) => {
        const out: string[] = [];
        walk(tree, (n) => out.push(n.id));
        return out;
      };
      const before = await api.questionsTree();
      const lines = readFileSync(uri.fsPath, 'utf8').split('\n');
      const first = JSON.parse(lines[0]) as { uid: string; prediction: string };
      let description: string | undefined;
      walk(before, (n) => {
        if (n.id.endsWith(first.uid)) description = `${n.label} ${n.description ?? ''}`;
      });
      assert.ok(description, `no tree item for ${first.uid}`);
      await vscode.commands.executeCommand(COMMANDS.openQuestion, first.uid);
      await waitFor('the viewer to show the question', () => api.viewerQuestion() === first.uid);

      // An unparseable answer: the question's row must change to "unparsed" once the watcher reloads.
      lines[0] = JSON.stringify({ ...first, prediction: 'I cannot tell' });
      // The file watcher starts asynchronously after the load, so a write in the same instant can go unseen;
      // the test writes again every 2 s until the reload shows (a person's edit comes much later anyway).
      let lastWrite = 0;
      const after = await waitFor('the watcher to reload the changed file', async () => {
        if (Date.now() - lastWrite > 2000) {
          writeFileSync(uri.fsPath, lines.join('\n'));
          lastWrite = Date.now();
        }
        const tree = await api.questionsTree();
        let now: string | undefined;
        walk(tree, (n) => {
          if (n.id.endsWith(first.uid)) now = `${n.label} ${n.description ?? ''}`;
        });
        return now !== description && /unparsed/i.test(now ?? '') ? tree : undefined;
      });
      assert.deepEqual(ids(after), ids(before), 'tree item ids are stable across a reload, so VS Code keeps selection and expansion');
      assert.equal(api.viewerQuestion(), first.uid, 'the viewer stays on its question');
    });
  });
}

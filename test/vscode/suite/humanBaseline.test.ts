import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../src/ids';
import { sampleBlind } from '../../../src/shared/baseline/sampler';
import { parseBlindSession } from '../../../src/shared/baseline/session';
import { demoDatasetFromCore, openDemo, waitFor } from './helpers';

/** The human baseline's command glue in a real extension host: the sample, the session file, blind mode, resume. */
export function humanBaselineTests(): void {
  describe('human baseline', () => {
    const NAME = 'Suite Tester';
    let root: string;
    const sessionFile = () => path.join(root, 'results', 'human-Suite-Tester.session.json');
    const readSession = () => parseBlindSession(readFileSync(sessionFile(), 'utf8'));

    after(async () => {
      await vscode.commands.executeCommand(COMMANDS.pauseHumanBaseline);
      if (root) rmSync(path.join(root, 'results', 'human-Suite-Tester.session.json'), { force: true });
    });

    it('starts blind on the fixed-seed sample, keeps the session beside the result file, resumes or starts again', async () => {
      const api = await openDemo();
      const dataset = await demoDatasetFromCore();
      root = await demoRoot();
      await vscode.commands.executeCommand(COMMANDS.startHumanBaseline, { dataset: root, name: NAME, perSubtask: 1, existing: 'restart' });
      await waitFor('the viewer to be blind', () => api.viewerBlind());
      const first = readSession();
      const expected = sampleBlind(
        dataset.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null && q.kind !== null })),
        { perSubtask: 1 },
      );
      assert.deepEqual(first.sample, expected.uids, 'the same fixed-seed sample as the engine draws');
      assert.equal(first.name, NAME);
      assert.deepEqual(first.answers, []);
      assert.ok(!existsSync(path.join(root, 'results', 'human-Suite-Tester.jsonl')), 'no result file before the first answer');

      // While blind, opening a question from the tree does not leave blind mode.
      await vscode.commands.executeCommand(COMMANDS.openQuestion, dataset.questions[0].uid);
      assert.equal(api.viewerBlind(), true);

      await vscode.commands.executeCommand(COMMANDS.pauseHumanBaseline);
      assert.equal(api.viewerBlind(), false, 'paused');
      await vscode.commands.executeCommand(COMMANDS.startHumanBaseline, { dataset: root, name: NAME, existing: 'resume' });
      await waitFor('the viewer to be blind again', () => api.viewerBlind());
      assert.equal(readSession().started_at, first.started_at, 'resumed: the same session');

      await vscode.commands.executeCommand(COMMANDS.pauseHumanBaseline);
      await new Promise((r) => setTimeout(r, 5)); // a later start time
      await vscode.commands.executeCommand(COMMANDS.startHumanBaseline, { dataset: root, name: NAME, perSubtask: 2, existing: 'restart' });
      await waitFor('the viewer to be blind once more', () => api.viewerBlind());
      const again = readSession();
      assert.notEqual(again.started_at, first.started_at, 'started again');
      assert.equal(again.sample.length, 24, 'two per subtask');
      await vscode.commands.executeCommand(COMMANDS.showHumanBaselineResult);
      assert.equal(api.viewerBlind(), true, 'the result is shown in blind mode');
    });

    it("hides the status bar's model score while blind and shows it again after", async () => {
      const api = await openDemo();
      root = await demoRoot();
      await vscode.commands.executeCommand(COMMANDS.pauseHumanBaseline);
      const before = await waitFor('the status bar to show the active file', () => api.statusBarText());
      await vscode.commands.executeCommand(COMMANDS.startHumanBaseline, { dataset: root, name: NAME, perSubtask: 1, existing: 'restart' });
      await waitFor('the viewer to be blind', () => api.viewerBlind());
      assert.equal(api.statusBarText(), undefined, 'no score in the status bar while blind');
      // A change of the results meanwhile (the participant's own file appears) must not bring it back.
      await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, api.comparedResults()[0]);
      assert.equal(api.statusBarText(), undefined);
      await vscode.commands.executeCommand(COMMANDS.pauseHumanBaseline);
      assert.equal(api.statusBarText(), before, 'paused: the score is back');
    });
  });
}

/** The demo's working copy (in the extension's storage): the folder above its results/noisy-oracle.jsonl. */
async function demoRoot(): Promise<string> {
  const api = await openDemo();
  const id = (await api.resultsTree()).map((r) => r.id).find((i) => i.endsWith(`${path.sep}results${path.sep}noisy-oracle.jsonl`));
  assert.ok(id, 'the demo result files are loaded');
  return path.dirname(path.dirname(id.replace(/^result:/, '')));
}

import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { InspectorApi } from '../../../src/api';
import { evaluateFile, type Dataset, type Evaluation } from '../../../src/core';
import { COMMANDS } from '../../../src/ids';
import { DEMO_RESULTS, copyIntoWorkspace, demoDatasetFromCore, openDemo, questionRows, scoringProfile } from './helpers';

const QUESTIONS_WITHOUT_PREDICTION = 4;

export function filterTests(): void {
  describe('filters and sort of the Questions tree', () => {
    let api: InspectorApi;
    let dataset: Dataset;
    let evaluation: Evaluation;
    const shown = async () => questionRows(await api.questionsTree(), dataset).map((r) => r.uid);
    const sorted = (uids: Iterable<string>) => [...uids].sort();
    const uidsWhere = (pred: (uid: string) => boolean) => sorted(dataset.questions.map((q) => q.uid).filter(pred));

    before(async () => {
      api = await openDemo();
      dataset = await demoDatasetFromCore();
      // template-b has correct, partial and unparsed lines; three of random's wrong lines take the place of its lines
      // for those uids, and dropping its last lines adds questions without a prediction.
      const uri = copyIntoWorkspace(DEMO_RESULTS.templateB, 'filters');
      const random = await evaluateFile(dataset, DEMO_RESULTS.random, { profile: scoringProfile() });
      const randomLines = readFileSync(DEMO_RESULTS.random, 'utf8').split('\n');
      const wrong = new Map(
        [...random.byUid.values()]
          .filter((o) => o.status === 'wrong')
          .slice(0, 3)
          .map((o) => [o.uid, randomLines[o.line - 1]]),
      );
      const lines = readFileSync(uri.fsPath, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => wrong.get((JSON.parse(l) as { uid: string }).uid) ?? l);
      writeFileSync(uri.fsPath, lines.slice(0, -QUESTIONS_WITHOUT_PREDICTION).join('\n') + '\n');
      evaluation = await evaluateFile(dataset, uri.fsPath, { profile: scoringProfile() });
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, uri);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, uri);
      await api.whenIdle();
    });

    afterEach(async () => {
      await vscode.commands.executeCommand(COMMANDS.clearFilter);
      await vscode.commands.executeCommand(COMMANDS.sortOrder, 'dataset');
    });

    /** Checks the expected set is a real subset (not empty, not everything), so the test can fail. */
    const properSubset = (uids: string[], what: string) => {
      assert.ok(
        uids.length > 0 && uids.length < dataset.questions.length,
        `the fixture should have some but not all questions ${what} (has ${uids.length})`,
      );
      return uids;
    };

    it('status "failed" shows exactly the questions with a prediction scoring below 1', async () => {
      const failed = properSubset(
        uidsWhere((u) => (evaluation.byUid.get(u)?.score ?? 1) < 1),
        'failed',
      );
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'failed');
      assert.deepEqual(sorted(await shown()), failed);
      assert.ok(api.questionsDescription(), 'the active filter should show in the view description');
    });

    for (const status of ['wrong', 'unparsed'] as const) {
      it(`status "${status}" shows exactly the ${status} questions`, async () => {
        const expected = properSubset(
          uidsWhere((u) => evaluation.byUid.get(u)?.status === status),
          status,
        );
        await vscode.commands.executeCommand(COMMANDS.filterStatus, status);
        assert.deepEqual(sorted(await shown()), expected);
      });
    }

    it('status "none" shows exactly the questions without a prediction', async () => {
      const expected = properSubset(
        uidsWhere((u) => !evaluation.byUid.has(u)),
        'without a prediction',
      );
      assert.equal(expected.length, QUESTIONS_WITHOUT_PREDICTION);
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'none');
      assert.deepEqual(sorted(await shown()), expected);
    });

    it("scene filter shows exactly that scene's questions", async () => {
      const scene = dataset.questions[dataset.questions.length - 1].scene;
      const expected = properSubset(
        uidsWhere((u) => dataset.byUid.get(u)!.scene === scene),
        `in scene ${scene}`,
      );
      await vscode.commands.executeCommand(COMMANDS.filterScene, scene);
      assert.deepEqual(sorted(await shown()), expected);
    });

    it('text filter matches uid and question text', async () => {
      const target = dataset.questions[4];
      const text = target.uid.slice(-12);
      await vscode.commands.executeCommand(COMMANDS.filterText, text);
      const visible = await shown();
      assert.ok(visible.includes(target.uid), `"${text}" should match ${target.uid}`);
      const lower = text.toLowerCase();
      for (const u of visible) {
        const q = dataset.byUid.get(u)!;
        assert.ok(u.toLowerCase().includes(lower) || q.texts.some((t) => t.toLowerCase().includes(lower)), `${u} does not match "${text}"`);
      }
      assert.ok(visible.length < dataset.questions.length);
    });

    it('clear filter shows every question again and clears the description', async () => {
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'wrong');
      await vscode.commands.executeCommand(COMMANDS.clearFilter);
      assert.equal((await shown()).length, dataset.questions.length);
      assert.ok(!api.questionsDescription(), `description still "${api.questionsDescription()}"`);
    });

    it('sort "score ascending" orders each subtask by score', async () => {
      await vscode.commands.executeCommand(COMMANDS.sortOrder, 'scoreAsc');
      const rows = questionRows(await api.questionsTree(), dataset);
      const bySubtask = new Map<string, number[]>();
      for (const r of rows) {
        const score = evaluation.byUid.get(r.uid)?.score;
        if (score === undefined) continue;
        bySubtask.set(r.subtaskNode.id, [...(bySubtask.get(r.subtaskNode.id) ?? []), score]);
      }
      const datasetOrder = new Map<string, number[]>();
      for (const q of dataset.questions) {
        const score = evaluation.byUid.get(q.uid)?.score;
        if (score !== undefined) datasetOrder.set(q.subtask, [...(datasetOrder.get(q.subtask) ?? []), score]);
      }
      assert.ok(
        [...datasetOrder.values()].some((s) => s.some((v, i) => i > 0 && v < s[i - 1])),
        'the fixture is already in score order: the test could not fail',
      );
      for (const [subtask, scores] of bySubtask) {
        assert.deepEqual(
          scores,
          [...scores].sort((a, b) => a - b),
          `${subtask} is not in ascending score order`,
        );
      }
      assert.equal(rows.length, dataset.questions.length, 'sorting must not hide questions');
    });
  });
}

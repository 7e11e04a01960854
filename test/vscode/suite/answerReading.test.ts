// How answers were read, in the real extension host: the "read by a fallback rule" and "ambiguous" status filters
// apply to the active file, and the Results row and the subtask rows give the file's format loss.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectorApi } from '../../../src/api';
import {
  evaluateFile,
  formatLossOf,
  formatScore,
  readByFallbackRule,
  subtaskFormatLossText,
  SUBTASKS,
  type Dataset,
  type Evaluation,
  type FormatLoss,
} from '../../../src/core';
import { COMMANDS } from '../../../src/ids';
import { DEMO_RESULTS, copyIntoWorkspace, demoDatasetFromCore, openDemo, questionRows, scoringProfile, subtaskNodes } from './helpers';

/** Hedged answers, each flagged ambiguous by a documented rule (docs/PARSING.md, "Ambiguous answers"). */
const HEDGED: Record<string, string> = {
  angle: 'Somewhere between 30 and 40 degrees to the left.',
  distance: 'About 2-3 m.',
  point: '[100, 200, 300, 400]',
  choice: 'Both A and B could match.',
};

export function answerReadingTests(): void {
  describe('answer reading: fallback-rule and ambiguous filters, format loss', () => {
    let api: InspectorApi;
    let dataset: Dataset;
    let evaluation: Evaluation;
    let loss: FormatLoss;
    let file: vscode.Uri;
    const shown = async () => questionRows(await api.questionsTree(), dataset).map((r) => r.uid);
    const sorted = (uids: Iterable<string>) => [...uids].sort();

    before(async () => {
      api = await openDemo();
      dataset = await demoDatasetFromCore();
      // template-b as the demo ships it, with the first question of each subtask answered with a hedge.
      file = copyIntoWorkspace(DEMO_RESULTS.templateB, 'answer-reading', 'template-b.jsonl');
      const hedged = new Set(SUBTASKS.map((s) => dataset.questions.find((q) => q.subtask === s.key)!.uid));
      const lines = readFileSync(file.fsPath, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => {
          const record = JSON.parse(l) as { uid: string; prediction: string };
          if (!hedged.has(record.uid)) return l;
          return JSON.stringify({ ...record, prediction: HEDGED[dataset.byUid.get(record.uid)!.kind!] });
        });
      writeFileSync(file.fsPath, lines.join('\n') + '\n');
      evaluation = await evaluateFile(dataset, file.fsPath, { profile: scoringProfile() });
      loss = formatLossOf(dataset, evaluation, { profile: scoringProfile() });
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, file);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, file);
      await api.whenIdle();
    });

    afterEach(async () => {
      await vscode.commands.executeCommand(COMMANDS.clearFilter);
    });

    const expectedWhere = (what: string, pred: (o: Evaluation['byUid'] extends Map<string, infer O> ? O : never) => boolean) => {
      const uids = sorted([...evaluation.byUid.values()].filter(pred).map((o) => o.uid));
      assert.ok(uids.length > 0 && uids.length < dataset.questions.length, `some but not all questions should be ${what}: ${uids.length}`);
      return uids;
    };

    it('"read by a fallback rule" shows exactly the active file\'s answers outside the prompt\'s format', async () => {
      const expected = expectedWhere('read by a fallback rule', (o) => readByFallbackRule(o.parse));
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'fallback');
      assert.deepEqual(sorted(await shown()), expected);
      assert.equal(api.questionsDescription(), 'read by a fallback rule');
    });

    it('"ambiguous" shows exactly the flagged answers, the unparsed "both A and B" too', async () => {
      const expected = expectedWhere('ambiguous', (o) => o.parse.ambiguous !== undefined);
      assert.equal(expected.length, SUBTASKS.length, 'one hedge per subtask');
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'ambiguous');
      assert.deepEqual(sorted(await shown()), expected);
      assert.equal(api.questionsDescription(), 'ambiguous');
    });

    it('the Results row gives the file’s format loss, and each subtask row the subtask’s', async () => {
      const row = (await api.resultsTree()).find((n) => n.tooltip?.startsWith(file.fsPath));
      assert.ok(row, 'the Results view lists the file');
      assert.ok(loss.overall.loss! > 0, 'the fixture loses points to format');
      const overall = formatScore(loss.overall.loss);
      assert.ok(row.description?.includes(`format loss ${overall}`), row.description);
      assert.ok(row.tooltip!.includes(`template-b loses ${overall} points to format`), row.tooltip);
      const tree = await api.questionsTree();
      let checked = 0;
      for (const node of subtaskNodes(tree)) {
        const info = SUBTASKS.find((s) => node.label === s.abbreviation);
        const e = info && loss.subtasks[info.key];
        if (!info || !e) continue;
        assert.ok(node.tooltip?.includes(subtaskFormatLossText('template-b', info.abbreviation, e)), node.tooltip);
        checked++;
      }
      assert.equal(checked, SUBTASKS.length);
    });

    it('the demo’s template-b itself loses 51.57 points: lenient 76.76, strict 25.19', async () => {
      // The copy of the demo that Open Demo Dataset loaded.
      const demoFile = path.join('results', 'template-b.jsonl');
      const row = (await api.resultsTree()).find((n) => n.tooltip?.split('\n')[0].endsWith(demoFile));
      assert.ok(row, "the Results view lists the demo's template-b");
      assert.match(row.description ?? '', /format loss 51\.57/);
      assert.ok(row.tooltip!.includes('template-b loses 51.57 points to format (lenient 76.76, strict 25.19)'), row.tooltip);
    });
  });
}

import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectorApi } from '../../../src/api';
import { diagnoseFile, readDataset, SUBTASK_KEYS, type Dataset, type FileDiagnosis } from '../../../src/core';
import { generateDataset, DEFAULT_OPTIONS } from '../../../src/generator/generate';
import { COMMANDS, SETTINGS } from '../../../src/ids';
import type { DiagnosisClass } from '../../../src/shared/diagnosis';
import { CLASS_NOUNS, questionDiagnosisWords } from '../../../src/shared/diagnosis/views';
import { inspectorApi, questionRows, waitFor } from './helpers';

/** As the fixture's unit test: every subtask-wide class needs at least 20 questions per subtask. */
const QUESTIONS_PER_SUBTASK = 24;
const GENERATE_TIMEOUT_MS = 180_000;

/**
 * The Questions tree's diagnosis filter on the generator's diagnosis fixture, whose expected counts per subtask
 * and class the generator writes beside it: the filter shows exactly those questions, a question's tooltip names
 * its class with the correction, and "All questions" clears it.
 */
export function diagnosisTests(): void {
  describe('the diagnosis filter on the diagnosis fixture', () => {
    let api: InspectorApi;
    let dir: string;
    let dataset: Dataset;
    let diagnosis: FileDiagnosis;
    let expected: { subtasks: Record<string, { classes: Record<string, number> }> };
    let resultFile: vscode.Uri;
    const shown = async () => questionRows(await api.questionsTree(), dataset).map((r) => r.uid);
    const expectedCount = (cls: DiagnosisClass) => SUBTASK_KEYS.reduce((n, k) => n + (expected.subtasks[k]?.classes[cls] ?? 0), 0);
    const uidsOf = (cls: DiagnosisClass, subtask?: string) =>
      diagnosis.subtasks
        .filter((s) => subtask === undefined || s.subtask === subtask)
        .flatMap((s) => s.classes.filter((c) => c.cls === cls).flatMap((c) => c.uids))
        .sort();

    before(async function () {
      this.timeout(GENERATE_TIMEOUT_MS);
      api = await inspectorApi();
      dir = path.join(mkdtempSync(path.join(tmpdir(), 'gst-diagnosis-')), 'fixture');
      await generateDataset({
        ...DEFAULT_OPTIONS,
        out: dir,
        seed: '16',
        questionsPerSubtask: QUESTIONS_PER_SUBTASK,
        video: false,
        stubViews: true,
        diagnosisFixture: true,
      });
      expected = JSON.parse(readFileSync(path.join(dir, 'results', 'diagnosis-fixture.expected.json'), 'utf8'));
      dataset = await readDataset(dir, { sniffMedia: false });
      resultFile = vscode.Uri.file(path.join(dir, 'results', 'diagnosis-fixture.jsonl'));
      diagnosis = (await diagnoseFile(dataset, resultFile.fsPath, { profile: 'paper' })).diagnosis;
      await vscode.workspace.getConfiguration().update(SETTINGS.datasets, [dir], vscode.ConfigurationTarget.Workspace);
      await waitFor('the fixture dataset to load', async () => (await shown()).length >= dataset.questions.length);
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, resultFile);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, resultFile);
      await api.whenIdle();
    });

    after(async function () {
      this.timeout(GENERATE_TIMEOUT_MS);
      await vscode.commands.executeCommand(COMMANDS.clearFilter);
      await vscode.commands.executeCommand(COMMANDS.unloadResultFile, resultFile);
      await vscode.workspace.getConfiguration().update(SETTINGS.datasets, undefined, vscode.ConfigurationTarget.Workspace);
      await api.whenIdle();
      rmSync(path.dirname(dir), { recursive: true, force: true });
    });

    for (const cls of ['sign_flip', 'unit_slip', 'axes_swapped', 'position_bias', 'target_unseen'] as const) {
      it(`"${cls}" from the Filter by Status command shows exactly the fixture's ${cls} questions`, async () => {
        const uids = uidsOf(cls);
        assert.ok(uids.length > 0, `the fixture injects ${cls}`);
        assert.equal(uids.length, expectedCount(cls), "the engine finds the generator's count");
        await vscode.commands.executeCommand(COMMANDS.filterStatus, `diagnosis:${cls}`);
        // The active file is diagnosed once it is scored: the filter matches once its diagnosis is in.
        await waitFor(`the tree to show the ${uids.length} ${cls} questions`, async () =>
          JSON.stringify([...(await shown())].sort()) === JSON.stringify(uids) ? true : undefined,
        );
        assert.ok(api.questionsDescription()?.includes(CLASS_NOUNS[cls][1]), api.questionsDescription());
      });
    }

    it("a question's tooltip names its class and the correction", async () => {
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'diagnosis:sign_flip');
      const rows = await waitFor('the sign flips', async () => {
        const r = questionRows(await api.questionsTree(), dataset);
        return r.length > 0 ? r : undefined;
      });
      const { uid, node } = rows[0];
      const words = questionDiagnosisWords(diagnosis, uid, dataset.byUid.get(uid)!.subtask)!;
      assert.match(words, /^sign flip: flipping the sign gives -?\d/);
      // The tooltip is Markdown with the text escaped.
      assert.ok(node.tooltip?.replace(/\\(.)/g, '$1').includes(`Diagnosis: ${words}`), node.tooltip);
    });

    it('"All questions" clears the diagnosis filter', async () => {
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'diagnosis:unit_slip');
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'all');
      await waitFor('every question again', async () => ((await shown()).length >= dataset.questions.length ? true : undefined));
      assert.equal(api.questionsDescription(), undefined);
    });
  });
}

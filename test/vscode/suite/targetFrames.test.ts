import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectorApi } from '../../../src/api';
import { diagnoseFile, readDataset, type Dataset } from '../../../src/core';
import { ffmpegAvailable } from '../../../src/core/diagnosis/redBox';
import { COMMANDS, SETTINGS } from '../../../src/ids';
import { copyDemoWithoutTargetFrames } from '../../unit/helpers/demoWithoutTargetFrames';
import { DEMO_DIR, DEMO_RESULTS, inspectorApi, questionRows, waitFor } from './helpers';

/** The copy's questions are renamed: the demo itself may be loaded in this window, and the first dataset wins. */
const UID_SUFFIX = '_no_geometry';
const DETECT_TIMEOUT_MS = 240_000;

/**
 * A demo copy without `geometry.targetFrames` (as real datasets come) and a result file whose first EDv answer is
 * wrong from a model that saw frames 0-2 only: after Find Target Frames in Videos, the Questions view's
 * "target never in the sampled frames" filter shows exactly what the diagnosis finds on the demo with its geometry.
 */
export function targetFramesTests(): void {
  describe('target frames found in the videos (Find Target Frames in Videos)', () => {
    let api: InspectorApi;
    let dir: string;
    let copy: Dataset;
    let expected: string[];
    let resultFile: vscode.Uri;
    const shown = async () => questionRows(await api.questionsTree(), copy).map((r) => r.uid);

    before(async function () {
      if (!ffmpegAvailable()) {
        console.log('skipped: ffmpeg and ffprobe are not on PATH (Debian package ffmpeg); the detector needs them');
        this.skip();
      }
      this.timeout(DETECT_TIMEOUT_MS);
      api = await inspectorApi();
      dir = mkdtempSync(path.join(tmpdir(), 'gst-target-frames-'));
      const root = path.join(dir, 'demo-no-geometry');
      copyDemoWithoutTargetFrames(DEMO_DIR, root, UID_SUFFIX);
      copy = await readDataset(root, { sniffMedia: false });
      const firstEdv = copy.questions.find((q) => q.subtask === 'ed_v')!;
      const lines = readFileSync(DEMO_RESULTS.noisyOracle, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => {
          const r = JSON.parse(l) as { uid: string };
          const uid = r.uid + UID_SUFFIX;
          return JSON.stringify(uid === firstEdv.uid ? { ...r, uid, prediction: '-120', frames: [0, 1, 2] } : { ...r, uid });
        });
      resultFile = vscode.Uri.file(path.join(dir, 'blind.jsonl'));
      writeFileSync(resultFile.fsPath, `${lines.join('\n')}\n`);
      // What the engine finds with the generator's geometry: the same file against the demo renamed, geometry kept.
      const withGeometry = path.join(dir, 'with-geometry.jsonl');
      writeFileSync(withGeometry, lines.map((l) => l.replaceAll(UID_SUFFIX, '')).join('\n') + '\n');
      const demo = await readDataset(DEMO_DIR, { sniffMedia: false });
      const truth = (await diagnoseFile(demo, withGeometry, { profile: 'paper', sampling: { count: 32, method: 'uniform' } })).diagnosis;
      expected = truth.subtasks
        .flatMap((s) => s.classes.filter((c) => c.cls === 'target_unseen').flatMap((c) => c.uids))
        .map((u) => u + UID_SUFFIX)
        .sort();
      assert.ok(expected.includes(firstEdv.uid), 'with geometry the blind answer is never-seen');

      await vscode.workspace.getConfiguration().update(SETTINGS.datasets, [root], vscode.ConfigurationTarget.Workspace);
      await waitFor('the copy to load', async () => ((await shown()).length >= copy.questions.length ? true : undefined));
      await vscode.commands.executeCommand(COMMANDS.loadResultFile, resultFile);
      await vscode.commands.executeCommand(COMMANDS.setActiveResult, resultFile);
      await api.whenIdle();
    });

    after(async function () {
      if (!api) return;
      this.timeout(DETECT_TIMEOUT_MS);
      await vscode.commands.executeCommand(COMMANDS.clearFilter);
      await vscode.commands.executeCommand(COMMANDS.unloadResultFile, resultFile);
      await vscode.workspace.getConfiguration().update(SETTINGS.datasets, undefined, vscode.ConfigurationTarget.Workspace);
      await api.whenIdle();
      rmSync(dir, { recursive: true, force: true });
    });

    it('reports "target never in the sampled frames" after detection, as with the geometry', async function () {
      this.timeout(DETECT_TIMEOUT_MS);
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'diagnosis:target_unseen');
      await api.whenIdle();
      assert.deepEqual(await shown(), [], 'before detection no visibility is known: no question is never-seen');
      await vscode.commands.executeCommand(COMMANDS.findTargetFrames);
      await vscode.commands.executeCommand(COMMANDS.filterStatus, 'diagnosis:target_unseen');
      await waitFor(
        `the tree to show the never-seen questions ${expected.join(', ')}`,
        async () => (JSON.stringify([...(await shown())].sort()) === JSON.stringify(expected) ? true : undefined),
        DETECT_TIMEOUT_MS - 10_000,
      );
    });
  });
}

import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { rescoreText } from '../../../src/core';
import { COMMANDS } from '../../../src/ids';
import { DEMO_RESULTS, copyIntoWorkspace, demoDatasetFromCore, fireCommand, openDemo, scoringProfile, waitFor } from './helpers';

const STALE_SCORE = 0.123;
const USER_EDIT_FIELD = '"user_note": "unsaved edit"';

/** A copy of a demo result file whose scores are all stale, so a rescore must rewrite every scored line. */
function staleCopy(subfolder: string): vscode.Uri {
  const uri = copyIntoWorkspace(DEMO_RESULTS.templateB, subfolder);
  const lines = readFileSync(uri.fsPath, 'utf8')
    .split('\n')
    .map((line) => {
      try {
        const record = JSON.parse(line);
        delete record.parsed;
        delete record.score_detail;
        record.score = STALE_SCORE;
        return JSON.stringify(record);
      } catch {
        return line; // broken lines stay as they are
      }
    });
  writeFileSync(uri.fsPath, lines.join('\n'));
  return uri;
}

export function rescoreTests(): void {
  describe('Rescore Result File', () => {
    before(async () => {
      await openDemo();
    });

    it('writes the scores the core computes, keeping every other byte', async () => {
      const uri = staleCopy('rescore-closed');
      const original = readFileSync(uri.fsPath, 'utf8');
      const expected = rescoreText(await demoDatasetFromCore(), uri.fsPath, original, { profile: scoringProfile() }).text;
      assert.notEqual(expected, original, 'the stale copy should need a rescore');
      const command = fireCommand(COMMANDS.rescoreResultFile, uri);
      await waitFor('the rescored file on disk', () => readFileSync(uri.fsPath, 'utf8') !== original);
      await command.catch((err: Error) => assert.fail(`rescore command failed: ${err.message}`));
      assert.equal(readFileSync(uri.fsPath, 'utf8'), expected);
    });

    it('goes through a dirty editor: the unsaved edit survives, the scores go in, the disk is untouched', async () => {
      const uri = staleCopy('rescore-dirty');
      const onDisk = readFileSync(uri.fsPath, 'utf8');
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc);
      // The user's unsaved edit: a field of their own on the first line.
      const firstLine = doc.lineAt(0).text;
      const close = firstLine.lastIndexOf('}');
      assert.ok(close > 0, 'first line should be a JSON object');
      assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, close), `, ${USER_EDIT_FIELD}`)));
      assert.equal(doc.isDirty, true);
      const edited = doc.getText();
      const expected = rescoreText(await demoDatasetFromCore(), uri.fsPath, edited, { profile: scoringProfile() }).text;
      assert.notEqual(expected, edited);

      const command = fireCommand(COMMANDS.rescoreResultFile, uri);
      await waitFor('the rescore to reach the editor buffer', () => doc.getText() !== edited);
      await command.catch((err: Error) => assert.fail(`rescore command failed: ${err.message}`));
      assert.equal(doc.getText(), expected, "the buffer should hold the core's rescore of the edited text");
      assert.ok(doc.getText().includes(USER_EDIT_FIELD), "the user's unsaved edit was lost");
      assert.equal(doc.isDirty, true, "rescore must not save the user's changes");
      assert.equal(readFileSync(uri.fsPath, 'utf8'), onDisk, 'the file on disk must be unchanged while the editor is dirty');

      // Undo takes the rescore back out and leaves the user's edit.
      await vscode.commands.executeCommand('undo');
      await waitFor('undo of the rescore', () => doc.getText() === edited, 5000);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  });
}

import * as assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../src/ids';
import { DEMO_RESULTS, copyIntoWorkspace, fireCommand, inspectorApi, openDemo, waitFor } from './helpers';

const BROKEN_LINE = '{"uid": "demo_broken_line", "prediction": ';

export function diagnosticsTests(): void {
  describe('Problems for result files', () => {
    it('a broken line becomes a diagnostic on its line, the rest still loads, and fixing it clears it', async () => {
      await openDemo();
      const api = await inspectorApi();
      const uri = copyIntoWorkspace(DEMO_RESULTS.random, 'diagnostics', 'broken.jsonl');
      const good = readFileSync(uri.fsPath, 'utf8').replace(/\n*$/, '\n');
      writeFileSync(uri.fsPath, good);
      const brokenLine = good.split('\n').length - 1; // 0-based index of the appended line
      appendFileSync(uri.fsPath, BROKEN_LINE + '\n');

      await fireCommand(COMMANDS.loadResultFile, uri);
      await api.whenIdle();
      const diagnostic = await waitFor(`a diagnostic on line ${brokenLine + 1} of broken.jsonl`, () =>
        vscode.languages.getDiagnostics(uri).find((d) => d.range.start.line === brokenLine),
      );
      assert.ok(diagnostic.message.length > 0);
      const results = await api.resultsTree();
      assert.ok(
        results.some((r) => `${r.id} ${r.label} ${r.tooltip ?? ''}`.includes('broken.jsonl')),
        'the file with a broken line should still load',
      );

      writeFileSync(uri.fsPath, good);
      await waitFor(
        'the diagnostic to clear once the line is fixed',
        () => !vscode.languages.getDiagnostics(uri).some((d) => d.range.start.line === brokenLine),
      );
    });
  });
}

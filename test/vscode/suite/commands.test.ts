import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../../src/ids';

export function commandsTests(): void {
  describe('commands', () => {
    it('every command contributed in package.json is registered', async () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      await ext.activate();
      const contributed: string[] = (ext.packageJSON.contributes?.commands ?? []).map((c: { command: string }) => c.command);
      assert.ok(contributed.length > 0, 'package.json contributes no commands');
      const registered = new Set(await vscode.commands.getCommands(true));
      const missing = contributed.filter((c) => !registered.has(c));
      assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
    });

    it('every contributed command has the category "GST-Bench"', () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
      const wrong = (ext.packageJSON.contributes?.commands ?? [])
        .filter((c: { category?: string }) => c.category !== 'GST-Bench')
        .map((c: { command: string }) => c.command);
      assert.deepEqual(wrong, []);
    });
  });
}

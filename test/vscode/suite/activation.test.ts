import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../../src/ids';
import { inspectorApi } from './helpers';

export function activationTests(): void {
  describe('activation', () => {
    it('the extension is installed from the development path and activates', async () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext, `${EXTENSION_ID} not found among ${vscode.extensions.all.length} extensions`);
      await ext.activate();
      assert.equal(ext.isActive, true);
    });

    it('activate() returns the InspectorApi', async () => {
      const api = await inspectorApi();
      for (const fn of ['questionsTree', 'resultsTree', 'questionsDescription', 'whenIdle', 'viewerQuestion', 'auditFiles'] as const) {
        assert.equal(typeof api[fn], 'function', `InspectorApi.${fn} is missing`);
      }
    });
  });
}

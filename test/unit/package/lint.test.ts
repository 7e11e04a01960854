// The lint rules that guard the viewer: model output never becomes HTML, hooks follow their rules.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../..');

async function ruleIds(code: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint rules', () => {
  test('innerHTML, outerHTML, insertAdjacentHTML and dangerouslySetInnerHTML are errors', async () => {
    const code = [
      'export function f(el: HTMLElement, s: string) {',
      '  el.innerHTML = s;',
      '  el.outerHTML = s;',
      "  el.insertAdjacentHTML('beforeend', s);",
      '}',
      'export const g = (s: string) => <div dangerouslySetInnerHTML={{ __html: s }} />;',
      '',
    ].join('\n');
    const ids = await ruleIds(code, 'webview/viewer/Probe.tsx');
    assert.equal(ids.filter((id) => id === 'no-restricted-properties').length, 3);
    assert.ok(ids.includes('no-restricted-syntax'));
  });

  test('a hook called conditionally, and a line over 140 characters, are errors', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function C({ on }: { on: boolean }) {',
      '  if (on) useState(0);',
      `  const sum = ${Array.from({ length: 40 }, (_, i) => `${i}`).join(' + ')};`,
      '  return sum;',
      '}',
      '',
    ].join('\n');
    const ids = await ruleIds(code, 'webview/viewer/Probe.tsx');
    assert.ok(ids.includes('react-hooks/rules-of-hooks'), ids.join(', '));
    assert.ok(ids.includes('max-len'), ids.join(', '));
  });
});

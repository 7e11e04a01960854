// Every panel kind has its own bundle entry, and the page of each names the files the build writes for it.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PANEL_KINDS, panelBundle } from '../../../src/shared/protocol/panels';

const REPO = path.resolve(__dirname, '..', '..', '..');

test('webview/panels holds exactly one entry per panel kind (scripts/build.mjs bundles each to dist/webview/<kind>.js)', () => {
  const entries = readdirSync(path.join(REPO, 'webview', 'panels')).sort();
  assert.deepEqual(entries, PANEL_KINDS.map((k) => `${k}.ts`).sort());
  for (const kind of PANEL_KINDS)
    assert.deepEqual(panelBundle(kind), { script: ['webview', `${kind}.js`], style: ['webview', `${kind}.css`] });
});

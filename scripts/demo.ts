// `npm run demo`: builds, packages and opens the bundled demo dataset (examples/demo) with the extension.
// It opens a fresh copy in .cache/demo-workspace/ (git-ignored), so a rescore in the demo never changes the
// repository's tracked files.
// - `code` on PATH: VS Code desktop with --extensionDevelopmentPath=<repo>.
// - otherwise: code-server on 127.0.0.1 with the packaged .vsix installed; prints the URL and runs until Ctrl-C.
//   (code-server comes from `npm run setup:vscode-test`, which this script runs when it is missing.)
// Set GST_DEMO_PORT to choose the port.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { codeServerDirs, installExtension, packageExtension, startCodeServer } from '../test/vscode/harness/codeServer';
import { CODE_SERVER_ENTRY, REPO_ROOT, assertTestEnvironment } from '../test/vscode/harness/env';
import { freshRunDir, removeRunDir } from '../test/vscode/harness/processes';

const DEMO_FOLDER = path.join(REPO_ROOT, 'examples', 'demo');
const DEMO_WORKSPACE = path.join(REPO_ROOT, '.cache', 'demo-workspace', 'demo');

/** A fresh copy of the demo to open: the user's edits and rescores go there, not into examples/demo. */
function freshDemoCopy(): string {
  rmSync(DEMO_WORKSPACE, { recursive: true, force: true });
  mkdirSync(path.dirname(DEMO_WORKSPACE), { recursive: true });
  cpSync(DEMO_FOLDER, DEMO_WORKSPACE, { recursive: true });
  return DEMO_WORKSPACE;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

async function main(): Promise<void> {
  if (!existsSync(DEMO_FOLDER)) throw new Error(`the demo dataset ${path.relative(REPO_ROOT, DEMO_FOLDER)} is missing`);
  console.log('building and packaging the extension…');
  const runDir = freshRunDir('demo');
  process.on('exit', () => removeRunDir(runDir)); // a fresh profile each time; nothing to keep
  const vsix = await packageExtension(path.join(runDir, 'vsix'));
  console.log(`packaged ${path.relative(REPO_ROOT, vsix)}`);
  const workspace = freshDemoCopy();
  console.log(`opening a copy of the demo: ${path.relative(REPO_ROOT, workspace)}`);

  if (onPath('code') && !process.env.GST_DEMO_CODE_SERVER) {
    // The production build is in dist/ too, so the development path loads the same bundle the .vsix holds.
    console.log(`opening VS Code: code --extensionDevelopmentPath=${REPO_ROOT} ${workspace}`);
    const r = spawnSync('code', [`--extensionDevelopmentPath=${REPO_ROOT}`, workspace], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }

  if (!existsSync(CODE_SERVER_ENTRY)) {
    console.log('VS Code (`code`) is not on PATH; installing code-server to serve the demo in a browser…');
    const r = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', 'vscode-test-env.sh')], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  assertTestEnvironment();
  const dirs = codeServerDirs(runDir);
  await installExtension(vsix, dirs);
  const port = process.env.GST_DEMO_PORT ? Number(process.env.GST_DEMO_PORT) : undefined;
  const { server, url } = await startCodeServer(dirs, workspace, { port });
  console.log(
    `\nGST-Bench demo running in code-server:\n\n  ${url}\n\nOpen it in a browser on this machine (or forward the port). Press Ctrl-C to stop.`,
  );
  // Ctrl-C ends code-server too (test/vscode/harness/processes.ts ends every server it started on exit).
  await server.exited;
  console.error(`code-server exited:\n${server.outputTail}`);
  process.exit(1);
}

main().catch((err: Error) => {
  console.error(`demo: ${err.message}`);
  process.exit(1);
});

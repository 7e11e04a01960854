// `npm run test:vscode`: runs the extension-host suite (test/vscode/suite) in a real VS Code.
// - VSCODE_EXECUTABLE_PATH set: in that desktop VS Code, with @vscode/test-electron (runElectron.ts).
// - Otherwise (here and in CI): in the VS Code server bundled with code-server, driven by headless
//   Chromium (runServer.ts). Needs `npm run setup:vscode-test` once.
// Expects `npm run build` to have produced dist/extension.js and dist/test/suite/index.js.
import { existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './harness/env';
import { freshRunDir, removeRunDir } from './harness/processes';
import { runWithDesktopVsCode } from './runElectron';
import { runWithVsCodeServer, type SuiteRunOptions } from './runServer';

async function main(): Promise<number> {
  const extensionTestsPath = path.join(REPO_ROOT, 'dist', 'test', 'suite', 'index.js');
  for (const f of [path.join(REPO_ROOT, 'dist', 'extension.js'), extensionTestsPath]) {
    if (!existsSync(f)) throw new Error(`${path.relative(REPO_ROOT, f)} is missing: run "npm run build" first`);
  }
  // An empty workspace folder: tests copy what they need into it.
  const options: SuiteRunOptions = { extensionDevelopmentPath: REPO_ROOT, extensionTestsPath, workspace: freshRunDir('workspace') };
  const desktop = process.env.VSCODE_EXECUTABLE_PATH;
  const code = desktop ? await runWithDesktopVsCode(desktop, options) : await runWithVsCodeServer(options);
  if (code === 0) {
    removeRunDir(options.workspace);
    if (!process.env.GST_KEEP_RUNS) rmSync(`${options.workspace}.suite-report.txt`, { force: true });
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`test:vscode: ${err.message}`);
    process.exit(1);
  },
);

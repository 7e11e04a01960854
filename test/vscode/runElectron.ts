// Runs the same extension-host suite in a desktop VS Code with @vscode/test-electron, for machines
// that have one: VSCODE_EXECUTABLE_PATH=/path/to/code npm run test:vscode
// (This machine cannot download VS Code desktop, so CI uses Route 2, runServer.ts.)
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import type { SuiteRunOptions } from './runServer';

export async function runWithDesktopVsCode(vscodeExecutablePath: string, options: SuiteRunOptions): Promise<number> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'gst-vscode-user-'));
  const extensionsDir = mkdtempSync(path.join(os.tmpdir(), 'gst-vscode-ext-'));
  try {
    return await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: options.extensionDevelopmentPath,
      extensionTestsPath: options.extensionTestsPath,
      launchArgs: [
        options.workspace,
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        extensionsDir,
      ],
    });
  } catch (err) {
    // runTests rejects with a bare "Failed" on test failure; keep the exit code semantics.
    console.error(`desktop VS Code run failed: ${(err as Error).message}`);
    return 1;
  }
}

// Route 2: runs the extension-host suite in the VS Code server bundled with code-server, opened in
// headless Chromium. The server's smoke-test driver accepts --extensionTestsPath through the URL payload
// and reports the suite's result to the page's `codeAutomationExit`.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from './harness/browser';
import { NODE24, VSCODE_SERVER_MAIN, assertTestEnvironment, node24Env } from './harness/env';
import { ServerProcess, freePort, freshRunDir, removeRunDir, writeUserSettings } from './harness/processes';

export const SUITE_TIMEOUT_MS = 10 * 60_000;

export interface SuiteRunOptions {
  extensionDevelopmentPath: string;
  /** The bundled suite, dist/test/suite/index.js. */
  extensionTestsPath: string;
  workspace: string;
  /**
   * Drives the workbench page beside the suite (the extension benchmark clicks the tree as a user does); started
   * once the page is loaded, and `signal` aborts when the suite has finished. Its failure is printed, not thrown.
   */
  drive?: (page: Page, signal: AbortSignal) => Promise<void>;
}

export async function runWithVsCodeServer(options: SuiteRunOptions): Promise<number> {
  assertTestEnvironment();
  const runDir = freshRunDir('suite');
  const dirs = {
    extensions: path.join(runDir, 'extensions'),
    userData: path.join(runDir, 'user-data'),
    serverData: path.join(runDir, 'server-data'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  writeUserSettings(dirs.userData);
  writeUserSettings(path.join(dirs.serverData, 'data'));

  const port = await freePort();
  const server = ServerProcess.start(
    'VS Code server',
    NODE24,
    [
      VSCODE_SERVER_MAIN,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--enable-smoke-test-driver',
      '--disable-telemetry',
      '--disable-workspace-trust',
      '--extensions-dir',
      dirs.extensions,
      '--user-data-dir',
      dirs.userData,
      '--server-data-dir',
      dirs.serverData,
    ],
    { env: node24Env() },
  );
  let context: Awaited<ReturnType<typeof launchChromium>> | undefined;
  const started = Date.now();
  try {
    await server.waitForHttp(`http://127.0.0.1:${port}/version`);
    context = await launchChromium(runDir);
    const page = context.pages()[0] ?? (await context.newPage());
    let resolveExit!: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => (resolveExit = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    // The workbench's log (our suite's lines included) is noisy: kept, and printed only when the suite
    // leaves no report or GST_TEST_VERBOSE is set.
    const workbenchLog: string[] = [];
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const line = `[${type}] ${(Array.isArray(args) ? args : [args]).map(String).join(' ')}`;
      workbenchLog.push(line);
      if (process.env.GST_TEST_VERBOSE) console.log(line);
    });
    page.on('pageerror', (err) => workbenchLog.push(`[page error] ${err.message}`));
    const reportFile = `${options.workspace}.suite-report.txt`;
    const printReport = () => {
      const report = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
      if (report.trim()) console.log(report);
      else console.log(`The suite wrote no report (${reportFile}); the workbench log:\n${workbenchLog.slice(-200).join('\n')}`);
    };

    const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(options.extensionDevelopmentPath)],
      ['extensionTestsPath', remote(options.extensionTestsPath)],
    ];
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(options.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    await page.goto(url);
    const driverDone = new AbortController();
    const driving = options.drive?.(page, driverDone.signal).catch((e: Error) => console.log(`the page driver failed: ${e.message}`));

    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `the extension-host suite did not finish within ${SUITE_TIMEOUT_MS / 60_000} min. Server output:\n${server.outputTail}`,
            ),
          ),
        SUITE_TIMEOUT_MS,
      );
    });
    const serverDied = server.exited.then(() => {
      throw new Error(`the VS Code server exited during the suite. Its output:\n${server.outputTail}`);
    });
    try {
      const code = await Promise.race([exitCode, timeout, serverDied]).finally(() => {
        printReport();
        driverDone.abort();
      });
      await driving;
      console.log(
        `extension-host suite finished with code ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s (Route 2: VS Code server + Chromium)`,
      );
      if (code === 0) {
        await context.close().catch(() => undefined);
        await server.stop();
        removeRunDir(runDir);
      } else console.log(`kept for a look: ${runDir}`);
      return code;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await context?.close().catch(() => undefined);
    await server.stop();
  }
}

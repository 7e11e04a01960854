// One code-server session with the packaged .vsix, for UI test files: package, install, start code-server
// on a workspace, open the workbench in headless Chromium. Stopped and cleaned up by close(), which the hooks of
// `sessionHooks` call after a file's steps.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../vscode/harness/browser';
import {
  codeServerDirs,
  installExtension,
  packageExtension,
  startCodeServer,
  type CodeServerDirs,
  type RunningCodeServer,
} from '../vscode/harness/codeServer';
import { QUIET_USER_SETTINGS } from '../vscode/harness/env';
import { freshRunDir, removeRunDir } from '../vscode/harness/processes';
import { WORKBENCH } from './workbench';

export const WORKBENCH_READY_TIMEOUT_MS = 60_000;

export interface UiSession {
  runDir: string;
  workspace: string;
  dirs: CodeServerDirs;
  codeServer: RunningCodeServer;
  context: BrowserContext;
  page: Page;
  /** Stops everything; the run folder is kept when `keep` (a failed run) for a look at the logs. */
  close(keep: boolean): Promise<void>;
}

/**
 * Packages and installs the extension, fills a workspace with `prepareWorkspace`, writes the user settings
 * (the quiet test settings plus `settings`), starts code-server on the workspace and waits for the workbench.
 * Each stage's failure says which stage failed.
 */
export async function startUiSession(
  prefix: string,
  prepareWorkspace: (workspace: string) => void,
  actionTimeoutMs: number,
  settings: Record<string, unknown> = {},
): Promise<UiSession> {
  const runDir = freshRunDir(prefix);
  const vsix = await packageExtension(path.join(runDir, 'vsix'));
  const dirs = codeServerDirs(runDir);
  await installExtension(vsix, dirs);
  const workspace = path.join(runDir, 'workspace');
  mkdirSync(workspace);
  prepareWorkspace(workspace);
  writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_USER_SETTINGS, ...settings }, null, 2));
  const codeServer = await startCodeServer(dirs, workspace);
  let context: BrowserContext | undefined;
  try {
    context = await launchChromium(runDir);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(actionTimeoutMs);
    await page.goto(codeServer.url, { timeout: WORKBENCH_READY_TIMEOUT_MS }); // the first load is slow on a busy machine
    await page
      .locator(WORKBENCH.ready)
      .waitFor({ state: 'visible', timeout: WORKBENCH_READY_TIMEOUT_MS })
      .catch((err) => {
        throw new Error(
          `the VS Code workbench did not appear at ${codeServer.url}: ${(err as Error).message}\ncode-server output:\n${codeServer.server.outputTail}`,
        );
      });
    return {
      runDir,
      workspace,
      dirs,
      codeServer,
      context,
      page,
      async close(keep) {
        await context?.close().catch(() => undefined);
        await codeServer.server.stop();
        if (!keep) removeRunDir(runDir);
      },
    };
  } catch (err) {
    await context?.close().catch(() => undefined);
    await codeServer.server.stop();
    throw err;
  }
}

/**
 * The hooks of a UI test file with one session, registered in its suite: the file's screenshot folder emptied
 * before the steps (stale screenshots must not pass for new ones), and after them `closeFirst` (what the file
 * opened beside the session) and the session closed, its run folder kept and named when a step failed.
 */
export function sessionHooks(
  shots: string,
  failed: ReadonlySet<string>,
  session: () => UiSession | undefined,
  closeFirst?: () => Promise<unknown> | undefined,
): void {
  before(() => {
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots, { recursive: true });
  });
  after(async () => {
    await closeFirst?.()?.catch(() => undefined);
    const s = session();
    await s?.close(failed.size > 0);
    if (failed.size > 0 && s) console.log(`Run folder kept for a look (code-server logs in user-data/logs): ${s.runDir}`);
  });
}

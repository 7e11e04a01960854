// Headless Debian Chromium through playwright-core (Playwright's own browsers cannot be downloaded here).
import { existsSync, mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from './env';

// Keep Chromium offline and quiet: no sandbox (containers), no GPU, no background traffic.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const VIEWPORT = { width: 1400, height: 900 };
const LAUNCH_TIMEOUT_MS = 30_000;

/** Launches Chromium with a fresh profile; throws "Chromium could not start: <why>" instead of hanging. */
export async function launchChromium(profileParent: string = os.tmpdir()): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium could not start: ${CHROMIUM} does not exist. Install it with: apt-get install -y chromium (or npm run setup:vscode-test)`,
    );
  const userDataDir = mkdtempSync(path.join(profileParent, 'chromium-'));
  try {
    return await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: VIEWPORT,
      timeout: LAUNCH_TIMEOUT_MS,
    });
  } catch (err) {
    throw new Error(`Chromium could not start (${CHROMIUM}): ${(err as Error).message}`);
  }
}

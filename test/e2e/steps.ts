// What every UI test file shares: the tool check before anything runs, and steps that skip (with a reason)
// when a step they need failed, and always leave a screenshot.
import * as path from 'node:path';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, assertTestEnvironment } from '../vscode/harness/env';

/** A step's name as a file name. */
export function fileNameOf(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** Missing tools: say so once, before any test runs, and stop. */
export function exitUnlessTestEnvironment(): void {
  try {
    assertTestEnvironment();
  } catch (err) {
    console.error(`test:e2e: ${(err as Error).message}`);
    process.exit(1);
  }
}

export interface Steps {
  /** One UI step: runs after the steps it needs passed, and always leaves a screenshot. */
  step(name: string, needs: string[], fn: () => Promise<void>, timeoutMs?: number): void;
  /** Names of steps that failed. */
  readonly failed: ReadonlySet<string>;
}

/** Steps of one test file; screenshots are named `<prefix><nn>-<step>.png`. */
export function createSteps(options: { page: () => Page | undefined; screenshotPrefix: string; timeoutMs: number }): Steps {
  const failed = new Set<string>();
  let stepNumber = 0;
  return {
    failed,
    step(name, needs, fn, timeoutMs = options.timeoutMs) {
      it(name, { timeout: timeoutMs }, async (t) => {
        const missing = needs.filter((n) => failed.has(n));
        if (missing.length > 0) {
          failed.add(name);
          t.skip(`needs: ${missing.join(', ')}`);
          return;
        }
        const n = String(++stepNumber).padStart(2, '0');
        try {
          await fn();
        } catch (err) {
          failed.add(name);
          throw err;
        } finally {
          await options
            .page()
            ?.screenshot({ path: path.join(SCREENSHOT_DIR, `${options.screenshotPrefix}${n}-${fileNameOf(name)}.png`) })
            .catch(() => undefined);
        }
      });
    },
  };
}

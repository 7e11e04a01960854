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

/**
 * Declares UI steps that run only after the steps they need passed (the others skip, naming what failed,
 * instead of piling up timeouts). `finish` runs after every step that ran, with its error if it failed.
 */
export function stepRunner(failed: Set<string>, finish: (name: string, error: unknown) => Promise<void>, defaultTimeoutMs: number) {
  return (name: string, needs: string[], fn: () => Promise<void>, timeoutMs = defaultTimeoutMs): void => {
    it(name, { timeout: timeoutMs }, async (t) => {
      const missing = needs.filter((n) => failed.has(n));
      if (missing.length > 0) {
        failed.add(name);
        t.skip(`needs: ${missing.join(', ')}`);
        return;
      }
      let error: unknown;
      try {
        await fn();
      } catch (err) {
        failed.add(name);
        error = err;
        throw err;
      } finally {
        await finish(name, error);
      }
    });
  };
}

/** Steps of one test file; screenshots are named `<prefix><nn>-<step>.png`, numbered in the order the steps ran. */
export function createSteps(options: { page: () => Page | undefined; screenshotPrefix: string; timeoutMs: number }): Steps {
  const failed = new Set<string>();
  let stepNumber = 0;
  const screenshot = async (name: string) => {
    const n = String(++stepNumber).padStart(2, '0');
    await options
      .page()
      ?.screenshot({ path: path.join(SCREENSHOT_DIR, `${options.screenshotPrefix}${n}-${fileNameOf(name)}.png`) })
      .catch(() => undefined);
  };
  return { failed, step: stepRunner(failed, screenshot, options.timeoutMs) };
}

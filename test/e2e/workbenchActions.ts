// Workbench actions the UI test files share, done as a user does them: a context-menu entry chosen by pointer
// and Enter (the colour theme picker is setColorTheme in workbench.ts).
import type { Locator, Page } from 'playwright-core';

/** Right-clicks `row` and runs its context-menu entry `title`. */
export async function chooseFromContextMenu(page: Page, row: Locator, title: string): Promise<void> {
  await row.click({ button: 'right' });
  // The pointer on the item highlights it and Enter runs it, as a user choosing with the mouse or the keyboard does;
  // a plain click was sometimes swallowed while the row's hover (its tooltip) was opening.
  const item = page.locator(`.monaco-menu .action-label[aria-label="${title}"]`).first();
  await item.hover();
  await page.keyboard.press('Enter');
  await item.waitFor({ state: 'hidden' });
}

// Workbench actions the UI test files share, done as a user does them: a context-menu entry chosen by pointer
// and Enter, and a colour theme picked through Preferences: Color Theme.
import type { Locator, Page } from 'playwright-core';
import { WORKBENCH } from './workbench';

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

/** Picks a colour theme the way a user does: Preferences: Color Theme from the palette, then the theme by name. */
export async function setColorTheme(page: Page, label: string, workbenchClass: string): Promise<void> {
  const quickInput = page.locator(WORKBENCH.quickInput);
  const exactRow = (text: string) =>
    quickInput.locator(WORKBENCH.listRow, { has: page.locator('.label-name', { hasText: new RegExp(`^${text}$`) }) }).first();
  // Focus the workbench, not the viewer's webview, so the palette's keys reach it.
  await page.locator('.part.sidebar .composite.title').click();
  await page.keyboard.press('F1');
  const input = quickInput.locator('input').first();
  await input.waitFor({ state: 'visible' });
  await input.fill('>Preferences: Color Theme');
  await exactRow('Preferences: Color Theme').click();
  await quickInput.locator('input[placeholder^="Select Color Theme"]').waitFor({ state: 'visible' });
  await input.fill(label);
  await exactRow(label).click();
  await page.locator(`.monaco-workbench.${workbenchClass}`).waitFor({ state: 'attached' });
}

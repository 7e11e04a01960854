// Workbench actions the UI test files share, done as a user does them: a menu entry chosen by pointer and Enter
// (the colour theme picker is setColorTheme in workbench.ts).
import type { Locator, Page } from 'playwright-core';

const MENU_ENTRY_MS = 10_000;

/**
 * Opens a menu with `openMenu` and runs its entry `title`. The pointer on the entry highlights it and Enter runs
 * it, as a user choosing with the mouse or the keyboard does; a plain click was sometimes swallowed while a row's
 * hover (its tooltip) was opening. A menu that shows without the entry (under load the menu can open late or
 * close at once) is opened once more; an entry that is still missing fails. Once Enter is pressed the entry is
 * never chosen again, so a command is not run twice.
 */
export async function chooseFromMenu(page: Page, openMenu: () => Promise<void>, title: string): Promise<void> {
  const item = page.locator(`.monaco-menu .action-label[aria-label="${title}"]`).first();
  for (let attempt = 1; ; attempt++) {
    await openMenu();
    try {
      await item.hover({ timeout: MENU_ENTRY_MS });
      break;
    } catch (e) {
      if (attempt === 2)
        throw new Error(`the menu entry "${title}" did not show (the menu was opened twice): ${(e as Error).message.split('\n')[0]}`);
      await page.keyboard.press('Escape');
    }
  }
  await page.keyboard.press('Enter');
  await item.waitFor({ state: 'hidden' });
}

/** Right-clicks `row` and runs its context-menu entry `title`. */
export function chooseFromContextMenu(page: Page, row: Locator, title: string): Promise<void> {
  return chooseFromMenu(page, () => row.click({ button: 'right' }), title);
}

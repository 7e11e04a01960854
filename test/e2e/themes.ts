// Switching the workbench's colour theme as a user does, for UI tests that photograph a view in every theme.
import type { Page } from 'playwright-core';
import { WORKBENCH } from './workbench';

/** Built-in themes by the name the theme picker shows, and the class the workbench then carries. */
export const COLOR_THEMES = [
  { name: 'dark', label: 'Dark Modern', workbenchClass: 'vs-dark' },
  { name: 'light', label: 'Light Modern', workbenchClass: 'vs' },
  { name: 'high-contrast', label: 'Dark High Contrast', workbenchClass: 'hc-black' },
  { name: 'high-contrast-light', label: 'Light High Contrast', workbenchClass: 'hc-light' },
] as const;

/** Picks a colour theme the way a user does: Preferences: Color Theme from the palette, then the theme by name. */
export async function setColorTheme(page: Page, label: string, workbenchClass: string): Promise<void> {
  const quickInput = () => page.locator(WORKBENCH.quickInput);
  const exactRow = (text: string) =>
    quickInput()
      .locator(WORKBENCH.listRow, { has: page.locator('.label-name', { hasText: new RegExp(`^${text}$`) }) })
      .first();
  // Focus the workbench, not a webview, so the palette's keys reach it.
  await page.locator('.part.sidebar .composite.title').click();
  await page.keyboard.press('F1');
  const input = quickInput().locator('input').first();
  await input.waitFor({ state: 'visible' });
  await input.fill('>Preferences: Color Theme');
  await exactRow('Preferences: Color Theme').click();
  await quickInput().locator('input[placeholder^="Select Color Theme"]').waitFor({ state: 'visible' });
  await input.fill(label);
  await exactRow(label).click();
  await page.locator(`.monaco-workbench.${workbenchClass}`).waitFor({ state: 'attached' });
}

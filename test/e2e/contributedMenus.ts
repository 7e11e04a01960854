// Every clickable place package.json contributes a command to, so the UI test clicks each one and a new
// menu item cannot be forgotten. The palette's entries (`commandPalette`) only restrict the palette.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface MenuEntry {
  /** The contribution point: "view/title", "view/item/context", "explorer/context". */
  menu: string;
  command: string;
  /** The command's title as the workbench shows it (package.nls.json resolved). */
  title: string;
  when: string;
  group: string;
  /**
   * View title: a button in the title bar (group "navigation"), else an item of the "…" menu. Item: an inline
   * button (group "inline"), else a context menu item.
   */
  inline: boolean;
  /** The view named by `view == …` in the when clause, if any. */
  view?: string;
}

/** Contribution points whose entries are not clicked: they restrict where a command shows, nothing more. */
export const NOT_CLICKABLE = new Set(['commandPalette']);

export function contributedMenus(repoRoot: string): MenuEntry[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const nls = JSON.parse(readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const titles = new Map<string, string>();
  for (const c of manifest.contributes.commands as Array<{ command: string; title: string }>) {
    const key = /^%(.+)%$/.exec(c.title)?.[1];
    titles.set(c.command, key ? nls[key] : c.title);
  }
  const entries: MenuEntry[] = [];
  for (const [menu, items] of Object.entries(
    manifest.contributes.menus as Record<string, Array<{ command: string; when?: string; group?: string }>>,
  )) {
    if (NOT_CLICKABLE.has(menu)) continue;
    for (const item of items) {
      const title = titles.get(item.command);
      if (!title) throw new Error(`package.json: menu ${menu} names ${item.command}, which contributes.commands does not declare`);
      const group = item.group ?? '';
      const inline =
        menu === 'view/title' ? group.startsWith('navigation') : menu === 'view/item/context' ? group.startsWith('inline') : false;
      const view = /\bview == ([\w.]+)/.exec(item.when ?? '')?.[1];
      entries.push({ menu, command: item.command, title, when: item.when ?? '', group, inline, view });
    }
  }
  return entries;
}

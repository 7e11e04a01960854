// Driving the VS Code workbench (code-server in Chromium) the way a user does, through its own DOM
// (class names and ARIA roles of VS Code 1.139); the viewer's selectors are its own data-role attributes (webview/viewer/components).
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { COMPETENCIES, SUBTASKS, type Question } from '../../src/core';
import { shortQuestionLabel } from '../../src/model/labels';

export const WORKBENCH = {
  ready: '.monaco-workbench .part.activitybar',
  activityItem: '.part.activitybar .action-item',
  quickInput: '.quick-input-widget',
  listRow: '.monaco-list-row',
};

/** A subtask of each of the five overlay kinds the viewer draws. */
export const OVERLAY_KINDS: ReadonlyArray<{ kind: string; subtask: string }> = [
  { kind: 'angle', subtask: 'ed_v' },
  { kind: 'distance', subtask: 'edist_v' },
  { kind: 'point', subtask: 'gp_v' },
  { kind: 'orientation', subtask: 'orientation' },
  { kind: 'choice', subtask: 'tds_easy' },
];

/** Inside the sample viewer's webview document. */
export const VIEWER = {
  uid: '[data-role="uid"]',
  header: '[data-role="header"]',
  video: 'video',
  rawOutput: '[data-role="raw-output"]',
  /** The overlay of each answer kind and the ground-truth mark it must draw (webview/viewer/overlays). */
  overlays: {
    angle: { overlay: 'svg[data-overlay="direction-dial"]', truth: '[data-role="truth-arrow"]' },
    distance: { overlay: 'svg[data-overlay="distance-ruler"]', truth: '[data-role="truth-marker"]' },
    point: { overlay: 'svg[data-overlay="point-map"]', truth: '[data-role="truth-point"]' },
    orientation: {
      overlay: 'svg[data-overlay="heading-map"], svg[data-overlay="heading-dial"]',
      truth: '[data-role="truth-arrow"], [data-role="truth-ray"], [data-role="agent-pose"]',
    },
    // The choice overlay is an HTML grid of the four candidate images, not an SVG.
    choice: { overlay: '[data-overlay="choice-grid"]', truth: '[data-role="choice-truth"]' },
  } as Record<string, { overlay: string; truth: string }>,
};

/** A tree row's label element (VS Code's icon label), separate from its description. */
export const TREE_LABEL = '.monaco-icon-label .label-name';
export const TREE_DESCRIPTION = '.monaco-icon-label .label-description';

export const CONTAINER_TITLE = 'GST-Bench';
export const QUESTIONS_VIEW = 'Questions';
export const RESULTS_VIEW = 'Results';

/** The activity-bar item of a view container; clicking an already selected item would close the sidebar. */
export async function openContainer(page: Page, title: string): Promise<void> {
  const item = page.locator(WORKBENCH.activityItem).filter({ has: page.locator(`[aria-label="${title}"]`) });
  await item.waitFor({ state: 'visible' }).catch(() => {
    throw new Error(`no activity-bar item "${title}": is the extension installed and its viewsContainers contributed?`);
  });
  const selected = async () => ((await item.getAttribute('class')) ?? '').split(/\s+/).includes('checked');
  // A workbench that is still restoring its layout may select the container just after we look, and a click then
  // closes it. So decide only on a selection that has held for a moment, and look again after each click.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await heldFor(selected, CONTAINER_SETTLED_MS)) return;
    if (!(await selected())) await item.click();
    await until(`the "${title}" container to be selected`, selected, 2000).catch(() => undefined);
  }
  if (!(await heldFor(selected, CONTAINER_SETTLED_MS))) throw new Error(`the "${title}" container did not stay open after 3 clicks`);
}

const CONTAINER_SETTLED_MS = 400;
/** How long `until` waits by default: an action in the workbench on a loaded 2-core machine. */
const UNTIL_TIMEOUT_MS = 20_000;

/** True when `check` holds now and still holds `ms` later. */
async function heldFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  if (!(await check())) return false;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return check();
}

/** Polls `check` (a check that throws counts as not yet) until it holds; fails naming `what` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = UNTIL_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a command from the palette by its title ("GST-Bench: Open Demo Dataset"). */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator(WORKBENCH.quickInput).locator('input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator(WORKBENCH.quickInput).locator(WORKBENCH.listRow, { hasText: title }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}

export function treeRows(page: Page, viewName: string): Locator {
  return page.getByRole('tree', { name: viewName }).getByRole('treeitem');
}

/** The visible label of a tree row, without its description (a row's accessible name is its tooltip). */
export async function rowLabel(row: Locator): Promise<string> {
  return (
    await row
      .locator(TREE_LABEL)
      .first()
      .innerText({ timeout: 2000 })
      .catch(() => '')
  ).trim();
}

/** The visible description of a tree row (the grey text after the label). */
export async function rowDescription(row: Locator): Promise<string> {
  return (
    await row
      .locator(TREE_DESCRIPTION)
      .first()
      .innerText({ timeout: 2000 })
      .catch(() => '')
  ).trim();
}

/** A Results row's label is "<score> · <file stem>" once scored, the stem alone before. */
export function resultRowNamed(stem: string): (label: string) => boolean {
  return (label) => label === stem || label.endsWith(` · ${stem}`);
}

/** The row whose visible label (or, with `part: 'description'`, description) is `text`, or passes it. */
export async function findRow(
  page: Page,
  viewName: string,
  text: string | ((shown: string) => boolean),
  level?: number,
  part: 'label' | 'description' = 'label',
): Promise<Locator> {
  const matches = typeof text === 'string' ? (shown: string) => shown === text : text;
  const label = typeof text === 'string' ? text : 'matching';
  const rows = treeRows(page, viewName);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      if (level !== undefined && (await row.getAttribute('aria-level')) !== String(level)) continue;
      if (!matches(await (part === 'label' ? rowLabel(row) : rowDescription(row)))) continue;
      // A row named by its exact text is kept by that text, not by its position: the tree reuses and reorders its
      // row elements when it re-renders, so the n-th row can become another one (a predicate's match stays n-th).
      return typeof text === 'string' ? rowByText(rows, part, text, level) : row;
    }
    if (Date.now() > deadline) {
      const texts = await rows.locator(part === 'label' ? TREE_LABEL : TREE_DESCRIPTION).allInnerTexts();
      throw new Error(`no row with the ${part} "${label}" in the ${viewName} view; rows: ${texts.join(' | ')}`);
    }
    await page.waitForTimeout(100);
  }
}

/** The first row showing exactly `shown` as its label (or description), at `level`. */
function rowByText(rows: Locator, part: 'label' | 'description', shown: string, level?: number): Locator {
  const exact = new RegExp(`^\\s*${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const byText = rows.filter({ has: rows.page().locator(part === 'label' ? TREE_LABEL : TREE_DESCRIPTION, { hasText: exact }) });
  return (level === undefined ? byText : byText.and(rows.page().locator(`[aria-level="${level}"]`))).first();
}

/**
 * Expands (or collapses) a row to the wanted state by clicking it. A click that lands while the tree re-renders
 * can be lost: the state is checked again and the row clicked again, up to three times.
 */
export async function setExpanded(row: Locator, expanded: boolean): Promise<void> {
  for (let attempt = 1; (await row.getAttribute('aria-expanded')) !== String(expanded); attempt++) {
    if (attempt > 3) throw new Error(`row "${(await row.innerText()).trim()}" did not ${expanded ? 'expand' : 'collapse'} after 3 clicks`);
    await row.click();
    const deadline = Date.now() + 2500;
    while ((await row.getAttribute('aria-expanded')) !== String(expanded) && Date.now() < deadline) await row.page().waitForTimeout(50);
  }
}

/** The document inside the active webview panel. */
export function webview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

/**
 * Picks a colour theme through the command palette, as a user does. Under load the quick input sometimes closes
 * or drops what was typed (the focus was still moving out of a webview), and code-server shows a modal dialog
 * while it reconnects to its server, which leaves the workbench inert. Between tries it waits for such a dialog to
 * go (and names it when it stays); the palette sequence is tried three times before the test fails.
 */
export async function setColorTheme(page: Page, label: string, workbenchClass: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pickColorTheme(page, label);
      break;
    } catch (e) {
      if (attempt === 3) throw new Error(`could not pick the colour theme ${label} (tried 3 times): ${(e as Error).message}`);
      await page.keyboard.press('Escape');
      await waitForNoModalDialog(page);
    }
  }
  await page.locator(`.monaco-workbench.${workbenchClass}`).waitFor({ state: 'attached' });
}

const MODAL_DIALOG_WAIT_MS = 30_000;

/** Waits until no workbench modal dialog is open; one that stays is an error that quotes it. */
async function waitForNoModalDialog(page: Page): Promise<void> {
  const dialog = page.locator('.monaco-dialog-modal-block .monaco-dialog-box');
  try {
    await dialog.first().waitFor({ state: 'hidden', timeout: MODAL_DIALOG_WAIT_MS });
  } catch {
    const text = (
      await dialog
        .first()
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .trim();
    throw new Error(`a modal dialog stayed open for ${MODAL_DIALOG_WAIT_MS / 1000} s: "${text}"`);
  }
}

const PALETTE_STEP_MS = 10_000;

async function pickColorTheme(page: Page, label: string): Promise<void> {
  const quickInput = page.locator(WORKBENCH.quickInput);
  const input = quickInput.locator('input').first();
  const exactRow = (text: string) =>
    quickInput.locator(WORKBENCH.listRow, { has: page.locator('.label-name', { hasText: new RegExp(`^${text}$`) }) }).first();
  await openCommandPalette(page);
  await fillQuickInput(input, '>Preferences: Color Theme');
  await exactRow('Preferences: Color Theme').click({ timeout: PALETTE_STEP_MS });
  await quickInput.locator('input[placeholder^="Select Color Theme"]').waitFor({ state: 'visible', timeout: PALETTE_STEP_MS });
  await fillQuickInput(input, label);
  await exactRow(label).click({ timeout: PALETTE_STEP_MS });
}

/** Opens the command palette from the workbench (not a webview, whose keys the palette never sees): the sidebar's
 * title, or the active editor tab when the sidebar is closed (as in blind mode). A click on the tab moves the focus
 * into the webview some time later, and the palette closes when it loses the focus: so F1 waits for the focus to
 * settle, and the palette counts as open only while it stays open. A key pressed while the focus is still moving
 * can be lost, so it presses again until the palette shows. */
async function openCommandPalette(page: Page): Promise<void> {
  const quickInput = page.locator(WORKBENCH.quickInput);
  const input = quickInput.locator('input').first();
  const sidebarTitle = page.locator('.part.sidebar .composite.title');
  // Whatever quick input is open (a save dialog a failed step left behind) is not the palette: close it.
  if (await input.isVisible()) await page.keyboard.press('Escape');
  await input.waitFor({ state: 'hidden', timeout: PALETTE_STEP_MS });
  for (let attempt = 0; !(await paletteStaysOpen(page)); attempt++) {
    if (attempt === 5) throw new Error('the command palette did not open, or closed again at once, 5 times');
    if (await input.isVisible()) await page.keyboard.press('Escape');
    if (await sidebarTitle.isVisible()) await sidebarTitle.click();
    else await page.locator('.tabs-container .tab.active').first().click();
    await waitForSettledFocus(page);
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible', timeout: 2000 }).catch(() => undefined);
  }
}

const FOCUS_SETTLED_MS = 400;
const PALETTE_STAYS_OPEN_MS = 300;

/** Waits until the focused element has stayed the same for a while (at most a few seconds). */
async function waitForSettledFocus(page: Page): Promise<void> {
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName}.${el.className}` : '';
    });
  const deadline = Date.now() + 5000;
  let last = await focused();
  let since = Date.now();
  while (Date.now() - since < FOCUS_SETTLED_MS && Date.now() < deadline) {
    await page.waitForTimeout(50);
    const now = await focused();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/** True when the quick input is open and still open, not closing (VS Code makes a closing one inert), a moment later. */
async function paletteStaysOpen(page: Page): Promise<boolean> {
  const widget = page.locator(WORKBENCH.quickInput);
  const open = async () => (await widget.isVisible()) && !(await widget.evaluate((el) => (el as HTMLElement).inert).catch(() => true));
  if (!(await open())) return false;
  await page.waitForTimeout(PALETTE_STAYS_OPEN_MS);
  return open();
}

/** Types `value` into the quick input and checks that it held and the input is still open. */
async function fillQuickInput(input: Locator, value: string): Promise<void> {
  await input.fill(value, { timeout: PALETTE_STEP_MS });
  if (!(await input.isVisible())) throw new Error(`the quick input closed after typing "${value}"`);
  const held = await input.inputValue();
  if (held !== value) throw new Error(`the quick input holds "${held}", not "${value}"`);
}

/** Built-in themes by the name the theme picker shows, and the class the workbench then carries. */
export const THEMES = [
  { name: 'dark', label: 'Dark Modern', workbenchClass: 'vs-dark', kind: 'dark' },
  { name: 'light', label: 'Light Modern', workbenchClass: 'vs', kind: 'light' },
  { name: 'high-contrast', label: 'Dark High Contrast', workbenchClass: 'hc-black', kind: 'highContrast' },
  { name: 'high-contrast-light', label: 'Light High Contrast', workbenchClass: 'hc-light', kind: 'highContrastLight' },
] as const;

/** Clicks a question's row in the Questions tree, only its competency and subtask expanded (the tree draws only the rows that fit). */
export async function clickQuestionRow(page: Page, q: Pick<Question, 'uid' | 'scene' | 'subtask'>): Promise<void> {
  const info = SUBTASKS.find((s) => s.key === q.subtask)!;
  for (const c of COMPETENCIES) await setExpanded(await findRow(page, QUESTIONS_VIEW, c.name, 1), c.key === info.competency);
  await setExpanded(await findRow(page, QUESTIONS_VIEW, info.abbreviation, 2), true);
  await (await findRow(page, QUESTIONS_VIEW, shortQuestionLabel(q.uid, q.scene), 3, 'description')).click();
}

/**
 * Answers code-server's simple save dialog (a path in a quick input) with `file`. It fills in its start folder
 * asynchronously, which can overwrite a path typed too early: wait for it, type the path, check it held, press
 * Enter, and type it again while the dialog stays; then wait until `saved()`.
 */
export async function answerSaveDialog(page: Page, file: string, saved: () => boolean, timeoutMs = 30_000): Promise<void> {
  const quickInput = page.locator(WORKBENCH.quickInput);
  const input = quickInput.locator('input').first();
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  const deadline = Date.now() + timeoutMs;
  const check = async (what: string, done: () => Promise<boolean>) => {
    while (!(await done().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await page.waitForTimeout(100);
    }
  };
  await check('the save dialog to show its folder', async () => (await input.inputValue()).startsWith('/'));
  await check('the save dialog to take the path', async () => {
    if (!(await quickInput.isVisible())) return true;
    await input.fill(file);
    await page.waitForTimeout(300);
    if ((await input.inputValue()) !== file) return false;
    await page.keyboard.press('Enter');
    await page.waitForTimeout(700);
    return !(await quickInput.isVisible());
  });
  await check(`${file} to be saved`, async () => saved());
}

/** A Results row: a file's stem (its row found by name), or a function that finds the row. */
export type ResultRowRef = string | (() => Promise<Locator>);

function resultRowOf(page: Page, ref: ResultRowRef): Promise<Locator> {
  return typeof ref === 'string' ? findRow(page, RESULTS_VIEW, resultRowNamed(ref)) : ref();
}

/**
 * Clicks until `shows` holds for a moment. A click that lands while a view redraws is lost, so the click is made
 * again while the state has not come; a state that shows and goes again is a redraw, looked at once more.
 */
async function clickUntilShown(what: string, shows: () => Promise<boolean>, click: () => Promise<void>): Promise<void> {
  // A timeout names what the clicks ran into: a click that threw, or clicks that landed and changed nothing.
  let clicks = 0;
  let lastClickError: unknown;
  await until(
    what,
    async () => {
      if (await heldFor(shows, CLICK_SETTLED_MS)) return true;
      if (await shows()) return false;
      clicks++;
      try {
        await click();
        lastClickError = undefined;
      } catch (e) {
        lastClickError = e;
        return false;
      }
      await until(`the click for ${what} to show`, shows, 3000).catch(() => undefined);
      return heldFor(shows, CLICK_SETTLED_MS);
    },
    30_000,
  ).catch((e: Error) => {
    const last =
      lastClickError === undefined ? 'the last click went through' : `the last click failed: ${String(lastClickError).split('\n')[0]}`;
    throw new Error(`${e.message} (${clicks} clicks; ${last})`);
  });
}

const CLICK_SETTLED_MS = 500;

/**
 * Parks the pointer where nothing has a hover and waits until no workbench hover is open. A tree row's tooltip is
 * resolved by the extension host: when it arrives after the pointer has left the row, the hover opens without ever
 * seeing the pointer leave, and stays. The pointer is then moved into it and out again, as a user would.
 */
async function closeHovers(page: Page): Promise<void> {
  // Counted, not waited on as one element: two hovers at once (one closing) would make that wait throw.
  const open = page.locator('.context-view .hover-contents:visible');
  const closed = (ms: number) =>
    until('the hovers to close', async () => (await open.count()) === 0, ms).then(
      () => true,
      () => false,
    );
  await page.mouse.move(1, 1);
  for (let nudges = 0; !(await closed(1500)); nudges++) {
    if (nudges === 3)
      throw new Error(`hovers stay open: ${(await open.allInnerTexts()).map((t) => JSON.stringify(t.slice(0, 80))).join(', ')}`);
    // Short: a hover that closes meanwhile has no box, and the default wait would spend most of the caller's budget.
    const box = await open
      .first()
      .boundingBox({ timeout: 500 })
      .catch(() => null);
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
    await page.mouse.move(1, 1, { steps: 2 });
  }
}

/** Ticks or unticks a Results row's checkbox by clicking it, as a user does, and waits until the row shows it. */
export async function setResultTicked(page: Page, ref: ResultRowRef, ticked: boolean, what = String(ref)): Promise<void> {
  const box = async () => (await resultRowOf(page, ref)).getByRole('checkbox');
  await clickUntilShown(
    `${what} to be ${ticked ? 'ticked' : 'unticked'}`,
    async () => ((await (await box()).getAttribute('aria-checked')) === 'true') === ticked,
    async () => {
      // A hover left by an earlier click opens over the rows below it and would take the click.
      await closeHovers(page);
      await (await box()).click({ timeout: 5000 });
    },
  );
}

/** Makes a Results row's file the active one with the row's inline star, as a user hovering the row clicks it. */
export async function setResultActive(page: Page, ref: ResultRowRef, what = String(ref)): Promise<void> {
  await clickUntilShown(
    `${what} to be the active result`,
    async () => /^active\b/.test((await (await resultRowOf(page, ref)).locator('.label-description').innerText({ timeout: 2000 })).trim()),
    async () => {
      const row = await resultRowOf(page, ref);
      await row.hover();
      await row.locator('.action-label[aria-label="Set as Active Result"]').click({ timeout: 5000 });
    },
  );
}

/** The text of the hover a pointer on `target` opens (VS Code's tooltip widget), once it matches `wanted`. */
export async function hoverText(page: Page, target: Locator, wanted: RegExp, timeoutMs: number): Promise<string> {
  const hover = page.locator('.monaco-hover:visible, .workbench-hover:visible').filter({ hasText: wanted }).first();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.mouse.move(0, 0);
    await target.hover();
    if (
      await hover.waitFor({ state: 'visible', timeout: 4000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      const shown = await page.locator('.monaco-hover:visible, .workbench-hover:visible').allInnerTexts();
      throw new Error(`no hover matching ${wanted} on the row; hovers shown: ${shown.join(' | ') || 'none'}`);
    }
  }
  return (await hover.innerText()).replace(/\s+/g, ' ');
}

/** Each competency row's "shown/total q" (collapsed, so all fit), the competencies a filter emptied left out. */
export async function competencyCounts(page: Page): Promise<Record<string, string>> {
  // Level-1 rows keep their places when one collapses: only their children go.
  const competencies = page.getByRole('tree', { name: QUESTIONS_VIEW }).locator('[role="treeitem"][aria-level="1"]');
  const out: Record<string, string> = {};
  for (let i = 0; i < (await competencies.count()); i++) {
    await setExpanded(competencies.nth(i), false);
    out[(await competencies.nth(i).locator('.label-name').innerText()).trim()] = await rowDescription(competencies.nth(i));
  }
  return out;
}

// package.json's contributions agree with src/ids.ts, package.nls.json and the files they point to.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { COMMANDS, SETTINGS, VIEW_CONTAINER, VIEWS } from '../../../src/ids';
import { DETECT_LIMITS, MAX_JSONL_FILES_RANGE } from '../../../src/store/detect';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const nls: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8'));
const contributed: Array<{ command: string; title: string; category?: string }> = pkg.contributes?.commands ?? [];

describe('package.json contributions', () => {
  it('every command in COMMANDS is contributed with category GST-Bench, and nothing else is', () => {
    const ids = Object.values(COMMANDS).sort();
    assert.deepEqual(contributed.map((c) => c.command).sort(), ids);
    for (const c of contributed) assert.equal(c.category, 'GST-Bench', c.command);
  });

  it('view container and views use the ids of src/ids.ts', () => {
    assert.deepEqual(
      pkg.contributes.viewsContainers.activitybar.map((c: { id: string }) => c.id),
      [VIEW_CONTAINER],
    );
    assert.deepEqual(
      pkg.contributes.views[VIEW_CONTAINER].map((v: { id: string }) => v.id),
      [VIEWS.questions, VIEWS.results],
    );
    for (const w of pkg.contributes.viewsWelcome) assert.ok(Object.values(VIEWS).includes(w.view), w.view);
  });

  it('the activity-bar icon and the question.json schema exist', () => {
    const icon = pkg.contributes.viewsContainers.activitybar[0].icon;
    const svg = readFileSync(path.join(root, icon), 'utf8');
    assert.match(svg, /^<svg[^>]+viewBox="0 0 24 24"/);
    assert.doesNotMatch(svg, /#[0-9a-f]{3,6}\b/i, 'monochrome: no fixed colours, only currentColor');
    for (const v of pkg.contributes.jsonValidation) {
      const schema = JSON.parse(readFileSync(path.join(root, v.url), 'utf8'));
      assert.equal(schema.type, 'object');
      const fields = v.url.endsWith('audit.schema.json') ? ['uid', 'reviewer', 'verdict', 'proposed_answer'] : ['answer', 'texts'];
      for (const f of fields) assert.ok(schema.properties[f], `${v.url}: ${f}`);
    }
    assert.ok(pkg.contributes.jsonValidation.some((v: { fileMatch: string | string[] }) => [v.fileMatch].flat().includes('question.json')));
  });

  it('every setting in SETTINGS is contributed with a description', () => {
    const props = pkg.contributes.configuration.properties;
    assert.deepEqual(Object.keys(props).sort(), Object.values(SETTINGS).sort());
    for (const [k, p] of Object.entries<Record<string, unknown>>(props)) assert.ok(p.description || p.markdownDescription, k);
  });

  it("the search's file limit is contributed with the default and range the search uses", () => {
    const p = pkg.contributes.configuration.properties[SETTINGS.detectionMaxJsonlFiles];
    assert.deepEqual(
      [p.default, p.minimum, p.maximum],
      [DETECT_LIMITS.maxJsonlFiles, MAX_JSONL_FILES_RANGE.min, MAX_JSONL_FILES_RANGE.max],
    );
  });

  it('menus only name contributed commands; palette visibility uses when clauses', () => {
    const ids = new Set(contributed.map((c) => c.command));
    for (const [menu, items] of Object.entries<Array<{ command: string; when?: string }>>(pkg.contributes.menus)) {
      for (const m of items) assert.ok(ids.has(m.command), `${menu}: ${m.command}`);
    }
    const palette = new Map(pkg.contributes.menus.commandPalette.map((m: { command: string; when: string }) => [m.command, m.when]));
    for (const needsArg of [COMMANDS.setActiveResult, COMMANDS.toggleCompareResult, COMMANDS.unloadResultFile, COMMANDS.openQuestion]) {
      assert.equal(palette.get(needsArg), 'false', `${needsArg} needs an item: hidden from the palette`);
    }
    const explorer = pkg.contributes.menus['explorer/context'].map((m: { command: string; when: string }) => m.command);
    assert.ok(explorer.includes(COMMANDS.rescoreResultFile) && explorer.includes(COMMANDS.loadResultFile));
  });

  it('every %key% has a string in package.nls.json', () => {
    const keys = [...JSON.stringify(pkg).matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]);
    assert.ok(keys.length > 20);
    for (const k of keys) assert.equal(typeof nls[k], 'string', k);
  });

  it('declares workspace extension kind and limited support in untrusted workspaces', () => {
    assert.deepEqual(pkg.extensionKind, ['workspace']);
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(SETTINGS.datasets));
    assert.match(pkg.scripts.package, /vsce package --no-dependencies/);
  });

  it("the demo result files named in the code are the demo's", () => {
    const demo = path.join(root, 'examples', 'demo', 'results');
    if (!existsSync(demo)) return; // the demo is generated separately; the vsix test checks it when present
    for (const n of ['noisy-oracle', 'random', 'template-b']) assert.ok(existsSync(path.join(demo, `${n}.jsonl`)), n);
  });
});

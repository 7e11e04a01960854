import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { JSDOM } from 'jsdom';
import {
  MAP_HALO,
  MAP_INK,
  paletteColorId,
  PROPOSAL_PALETTE,
  RESULT_PALETTE,
  resultPaletteColor,
  TARGET_VISIBLE_PALETTE,
  THEME_KIND_CLASSES,
  THEME_KINDS,
  themeKindOfClasses,
  TRUTH_PALETTE,
  type ThemeKind,
} from '../../../src/shared/palette';
import { resultColor as treeResultColor } from '../../../src/model/status';
import { BUILT_IN_THEMES, MAP_WHITE } from '../helpers/themeBackgrounds';

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

// Thresholds (WCAG 2.2): result colours are text (legends, error lists, labels on a halo of the editor
// background) and so need 4.5:1 (1.4.3, AA) against every background of their theme kind; the high-contrast
// light theme gets 7:1 (1.4.6, AAA). Marks on the white map are graphics: 3:1 (1.4.11). In the dark kinds
// 7:1 on black and 3:1 on white exclude each other (luminance would have to be exactly 0.30), so AA there.
const TEXT_MIN: Readonly<Record<ThemeKind, number>> = { light: 4.5, dark: 4.5, highContrast: 4.5, highContrastLight: 7 };
const MARK_ON_MAP_MIN = 3;

/** The colours package.json contributes (the tree shows them); the proposal is the viewer's alone. */
const CONTRIBUTED = [...RESULT_PALETTE, TRUTH_PALETTE];
const ALL = [...CONTRIBUTED, PROPOSAL_PALETTE];

describe('one palette for result files and the truth', () => {
  it("every colour reads as text on each built-in theme's editor and sidebar background", () => {
    const failures: string[] = [];
    for (const theme of BUILT_IN_THEMES) {
      for (const c of ALL) {
        const colour = c.byKind[theme.kind];
        for (const [where, bg] of [
          ['editor', theme.editor],
          ['sideBar', theme.sideBar],
        ] as const) {
          const ratio = contrast(colour, bg);
          if (ratio < TEXT_MIN[theme.kind])
            failures.push(`${c.name} ${colour} on ${theme.theme} ${where} ${bg}: ${ratio.toFixed(2)}:1 < ${TEXT_MIN[theme.kind]}:1`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  it('every colour shows as a mark on the white map, in every theme kind', () => {
    const failures = ALL.flatMap((c) =>
      THEME_KINDS.map((k) => [c, k, contrast(c.byKind[k], MAP_WHITE)] as const)
        .filter(([, , r]) => r < MARK_ON_MAP_MIN)
        .map(([c, k, r]) => `${c.name} (${k}) ${c.byKind[k]}: ${r.toFixed(2)}:1`),
    );
    assert.deepEqual(failures, []);
  });

  it("the timeline's target-visible red reads as text on each built-in theme's backgrounds", () => {
    const failures: string[] = [];
    for (const theme of BUILT_IN_THEMES)
      for (const bg of [theme.editor, theme.sideBar]) {
        const ratio = contrast(TARGET_VISIBLE_PALETTE.byKind[theme.kind], bg);
        if (ratio < TEXT_MIN[theme.kind]) failures.push(`${theme.theme} ${bg}: ${ratio.toFixed(2)}:1`);
      }
    assert.deepEqual(failures, []);
  });

  it("the map's own ink (your viewpoint) is dark on its white halo, in every theme", () => {
    assert.ok(contrast(MAP_INK, MAP_HALO) >= 7, `${MAP_INK} on ${MAP_HALO}`);
    assert.ok(contrast(MAP_INK, MAP_WHITE) >= 7);
  });

  it('colours are opaque #RRGGBB, distinct within a theme kind, and no result colour is red or green', () => {
    for (const k of THEME_KINDS) {
      const values = ALL.map((c) => c.byKind[k]);
      for (const v of values)
        assert.match(v, /^#[0-9A-F]{6}$/, `${k}: ${v} must be opaque (a translucent colour changes with what lies beneath)`);
      assert.equal(new Set(values).size, values.length, `${k}: two entries share a colour`);
      for (const c of [...RESULT_PALETTE, PROPOSAL_PALETTE]) {
        const h = hue(c.byKind[k]);
        const fromRed = Math.min(h, 360 - h);
        const fromGreen = Math.abs(h - 120);
        assert.ok(
          fromRed >= 20 && fromGreen >= 30,
          `${c.name} (${k}) ${c.byKind[k]} has hue ${h.toFixed(0)}°: too close to red ("wrong") or green ("truth")`,
        );
      }
    }
  });

  it('the Results view uses the colours package.json contributes, whose defaults are the palette', () => {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    const contributed = new Map(
      (manifest.contributes.colors as Array<{ id: string; defaults: Record<string, string> }>).map((c) => [c.id, c.defaults]),
    );
    for (const c of CONTRIBUTED) assert.deepEqual(contributed.get(paletteColorId(c)), c.byKind, `package.json colour ${paletteColorId(c)}`);
    for (let i = 0; i < 8; i++) assert.equal(treeResultColor(i), paletteColorId(resultPaletteColor(i)), `tree colour of file ${i}`);
  });

  it('the viewer takes the concrete colour of its theme kind from the body class, and follows a theme change', async () => {
    const dom = new JSDOM('<!DOCTYPE html><html><body class="vscode-dark"></body></html>');
    const g = globalThis as { MutationObserver?: unknown };
    const saved = g.MutationObserver;
    g.MutationObserver = dom.window.MutationObserver;
    try {
      const { applyPalette, resultColor, TRUTH_COLOR } = await import('../../../webview/common/theme');
      const stop = applyPalette(dom.window.document);
      const value = (cssVar: string) =>
        dom.window.document.documentElement.style.getPropertyValue(/var\((.+)\)/.exec(cssVar)![1]).toUpperCase();
      assert.equal(value(resultColor(1)), RESULT_PALETTE[1].byKind.dark);
      assert.equal(value(TRUTH_COLOR), TRUTH_PALETTE.byKind.dark);
      dom.window.document.body.className = `${THEME_KIND_CLASSES.highContrast} ${THEME_KIND_CLASSES.highContrastLight}`;
      await new Promise((r) => setTimeout(r, 0));
      assert.equal(
        value(resultColor(1)),
        RESULT_PALETTE[1].byKind.highContrastLight,
        'VS Code gives a high-contrast light body both high-contrast classes',
      );
      assert.equal(value(resultColor(7)), RESULT_PALETTE[1].byKind.highContrastLight, 'the seventh file wraps around to the first colours');
      stop();
    } finally {
      g.MutationObserver = saved;
    }
    dom.window.document.body.className = THEME_KIND_CLASSES.light;
    assert.equal(themeKindOfClasses(dom.window.document.body.classList), 'light');
  });
});

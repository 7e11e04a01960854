// The one palette of result files and of the ground truth, for the tree (through the colours package.json
// contributes, whose defaults are these values) and for the viewer (concrete colours by the webview body's
// theme class). Theme chart variables are not used: some are translucent (Dark Modern's charts.orange is
// 33 % alpha), so the same file would read differently on the sidebar, the viewer and the white map.
// Red and green are left out of the result colours: they mean "wrong" and "truth/correct".
// test/unit/core/palette.test.ts checks the contrast of every colour against the built-in themes' backgrounds
// and the map's white.

/** VS Code's four theme kinds, as the webview body's class names them. */
export type ThemeKind = 'light' | 'dark' | 'highContrast' | 'highContrastLight';

export const THEME_KINDS: readonly ThemeKind[] = ['light', 'dark', 'highContrast', 'highContrastLight'];

/** The body class VS Code gives a webview for each theme kind. */
export const THEME_KIND_CLASSES: Readonly<Record<ThemeKind, string>> = {
  light: 'vscode-light',
  dark: 'vscode-dark',
  highContrast: 'vscode-high-contrast',
  highContrastLight: 'vscode-high-contrast-light',
};

/** The theme kind of a webview body's class list; high contrast first, since VS Code adds both classes then. */
export function themeKindOfClasses(classes: { contains(token: string): boolean }): ThemeKind {
  if (classes.contains(THEME_KIND_CLASSES.highContrastLight)) return 'highContrastLight';
  if (classes.contains(THEME_KIND_CLASSES.highContrast)) return 'highContrast';
  if (classes.contains(THEME_KIND_CLASSES.light)) return 'light';
  return 'dark';
}

export interface PaletteColor {
  /** Hue name: the colour's id suffix (`gstBench.result.blue`) and what a legend may call it. */
  name: string;
  /** One opaque #RRGGBB per theme kind. */
  byKind: Readonly<Record<ThemeKind, string>>;
}

// Light and high-contrast light: dark shades (>= 4.5:1 on the light backgrounds, >= 7:1 in high contrast).
// Dark and high contrast: mid-tones with relative luminance in [0.26, 0.30], the only band that reads both as
// text on the dark backgrounds (>= 4.5:1) and as a mark on the white map (>= 3:1).
export const RESULT_PALETTE: readonly PaletteColor[] = [
  { name: 'blue', byKind: { light: '#116AD0', dark: '#368FF4', highContrast: '#368FF4', highContrastLight: '#0E55A7' } },
  { name: 'orange', byKind: { light: '#A7550E', dark: '#DF6E0C', highContrast: '#DF6E0C', highContrastLight: '#86450B' } },
  { name: 'purple', byKind: { light: '#7F13EC', dark: '#B16BF7', highContrast: '#B16BF7', highContrastLight: '#7712DB' } },
  { name: 'teal', byKind: { light: '#0A777B', dark: '#099DA2', highContrast: '#099DA2', highContrastLight: '#086063' } },
  { name: 'magenta', byKind: { light: '#CB108D', dark: '#F540B8', highContrast: '#F540B8', highContrastLight: '#A50D73' } },
  { name: 'gold', byKind: { light: '#86680B', dark: '#B18709', highContrast: '#B18709', highContrastLight: '#6A5209' } },
];

/** The ground truth, everywhere. */
export const TRUTH_PALETTE: PaletteColor = {
  name: 'truth',
  byKind: { light: '#0A7D27', dark: '#09A530', highContrast: '#09A530', highContrastLight: '#086520' },
};

/**
 * A reviewer's proposed answer (the audit verdict's), drawn on the overlay beside the truth and the predictions
 * and written in the verdict bar. Indigo: the widest gap between the result hues (blue and purple), far from
 * red and green; the same contrast rules as the result colours.
 */
export const PROPOSAL_PALETTE: PaletteColor = {
  name: 'proposal',
  byKind: { light: '#4A3FC7', dark: '#8080FF', highContrast: '#8080FF', highContrastLight: '#3D2FB3' },
};

/**
 * Where the target is visible in the video (the viewer's visibility timeline): red, as the box the annotated video
 * draws around it. Text on the theme's backgrounds (4.5:1, 7:1 in high-contrast light); never drawn on the map.
 */
export const TARGET_VISIBLE_PALETTE: PaletteColor = {
  name: 'targetVisible',
  byKind: { light: '#C42B1C', dark: '#FF6B6B', highContrast: '#FF6B6B', highContrastLight: '#A1130A' },
};

/**
 * Marks on the map that belong to no result file (your viewpoint, its label): dark ink with a white halo.
 * The maps are light in every theme, so a theme's foreground (light grey in dark themes) would vanish on them.
 */
export const MAP_INK = '#1E1E1E';
export const MAP_HALO = '#FFFFFF';

/** The palette entry of a result file's `colorIndex` (wraps around after six files). */
export function resultPaletteColor(colorIndex: number): PaletteColor {
  const n = RESULT_PALETTE.length;
  return RESULT_PALETTE[((colorIndex % n) + n) % n];
}

/** The id of the colour package.json contributes for a palette entry, e.g. "gstBench.result.blue". */
export function paletteColorId(color: PaletteColor): string {
  return color === TRUTH_PALETTE ? 'gstBench.truth' : `gstBench.result.${color.name}`;
}

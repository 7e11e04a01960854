// Backgrounds of VS Code's built-in themes, snapshot from VS Code 1.139's theme-defaults extension
// (extensions/theme-defaults/themes/*.json, with "include" followed). Where a theme sets no value the
// workbench's colour registry default applies (sideBar.background: dark #252526, light #F3F3F3,
// hcDark #000000, hcLight #FFFFFF; editor.background: hcDark black, hcLight white); those are marked.
import type { ThemeKind } from '../../../src/shared/palette';

export interface ThemeBackgrounds {
  theme: string;
  kind: ThemeKind;
  file: string;
  editor: string;
  sideBar: string;
}

export const BUILT_IN_THEMES: readonly ThemeBackgrounds[] = [
  { theme: 'Dark Modern', kind: 'dark', file: 'dark_modern.json', editor: '#1F1F1F', sideBar: '#181818' },
  { theme: 'Light Modern', kind: 'light', file: 'light_modern.json', editor: '#FFFFFF', sideBar: '#F8F8F8' },
  { theme: 'Dark+', kind: 'dark', file: 'dark_plus.json → dark_vs.json', editor: '#1E1E1E', sideBar: '#252526' /* registry default */ },
  { theme: 'Light+', kind: 'light', file: 'light_plus.json → light_vs.json', editor: '#FFFFFF', sideBar: '#F3F3F3' /* registry default */ },
  {
    theme: 'Dark High Contrast',
    kind: 'highContrast',
    file: 'hc_black.json',
    editor: '#000000',
    sideBar: '#000000' /* registry default */,
  },
  {
    theme: 'Light High Contrast',
    kind: 'highContrastLight',
    file: 'hc_light.json',
    editor: '#FFFFFF' /* registry default */,
    sideBar: '#FFFFFF' /* registry default */,
  },
];

/** The generated top-down maps' floor colour, and the white the real maps are drawn on. */
export const MAP_WHITE = '#FFFFFF';

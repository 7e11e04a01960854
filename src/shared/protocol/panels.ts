// The webview panels. Each has its own bundle (a page loads only its panel's code); the host also writes the kind
// into the page (`data-panel` on #root), and the bundle refuses a page meant for another panel.
export const PANEL_KINDS = ['viewer', 'compare', 'scoreboard'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

export function isPanelKind(value: unknown): value is PanelKind {
  return typeof value === 'string' && (PANEL_KINDS as readonly string[]).includes(value);
}

/** A panel's bundle and stylesheet under `dist/`, as scripts/build.mjs writes them (`webview/panels/<kind>.ts`). */
export function panelBundle(kind: PanelKind): { script: string[]; style: string[] } {
  return { script: ['webview', `${kind}.js`], style: ['webview', `${kind}.css`] };
}

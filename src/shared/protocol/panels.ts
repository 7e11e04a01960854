// The panels of the one webview app. The host writes the kind into the page (`data-panel` on #root);
// webview/main.tsx renders that panel's React side.
export const PANEL_KINDS = ['viewer', 'compare', 'scoreboard'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

export function isPanelKind(value: unknown): value is PanelKind {
  return typeof value === 'string' && (PANEL_KINDS as readonly string[]).includes(value);
}

// Entry of the webview app (bundled to dist/webview.js, its CSS to dist/webview.css). Every panel is this one
// app; the host names the panel in `data-panel` on #root.
import { isPanelKind, type PanelKind } from '../src/shared/protocol/panels';
import { applyPalette } from './common/theme';
import './common/errorBoundary.css';
import type { VsCodeApi } from './common/bridge';
import { mountScoreboard } from './scoreboard/main';
import { mountViewer } from './viewer/main';
import { mountCompare } from './compare/main';

declare function acquireVsCodeApi(): VsCodeApi;

/** Each panel's React side: renders into the root with the page's VS Code API. */
const PANELS: Record<PanelKind, (root: HTMLElement, api: VsCodeApi) => void> = {
  viewer: mountViewer,
  compare: mountCompare,
  scoreboard: mountScoreboard,
};

const root = document.getElementById('root')!;
const kind = root.dataset.panel ?? 'viewer';
applyPalette(document);
if (isPanelKind(kind)) PANELS[kind](root, acquireVsCodeApi());
else root.textContent = `Unknown panel "${kind}".`;

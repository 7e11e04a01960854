// What every panel's bundle does first: the palette, then its React side in #root, if the page is meant for it.
import { applyPalette } from './theme';
import './base.css';
import './errorBoundary.css';
import type { VsCodeApi } from './bridge';
import type { PanelKind } from '../../src/shared/protocol/panels';

declare function acquireVsCodeApi(): VsCodeApi;

export function bootPanel(kind: PanelKind, mount: (root: HTMLElement, api: VsCodeApi) => void): void {
  const root = document.getElementById('root')!;
  applyPalette(document);
  const wanted = root.dataset.panel ?? kind;
  if (wanted === kind) mount(root, acquireVsCodeApi());
  else root.textContent = `This page is for the "${wanted}" panel but loaded the ${kind} panel's bundle.`;
}

// Every panel's webview HTML (one React app and bundle; `data-panel` on the root picks the panel).
// Strict CSP (default-src 'none'), one nonce per load for the script and stylesheet.
// No `vscode` import, so the browser harness serves exactly this page. The toolkit (FAST) reads the nonce from
// <meta property="csp-nonce"> for the one <style> element it creates (a focus-visible probe).
import { randomBytes } from 'node:crypto';
import type { PanelKind } from '../../shared/protocol/panels';

export interface PanelHtmlOptions {
  /** Which panel the app renders. */
  panel: PanelKind;
  /** The page's <title> (the tab shows the panel's own title). */
  title: string;
  /** `webview.cspSource`: the origin webview URIs load from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  nonce?: string;
}

function makeNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function panelHtml(o: PanelHtmlOptions): string {
  const nonce = o.nonce ?? makeNonce();
  const csp = [
    "default-src 'none'",
    `img-src ${o.cspSource}`,
    `media-src ${o.cspSource}`,
    `font-src ${o.cspSource}`,
    `style-src ${o.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta property="csp-nonce" content="${nonce}">
<link rel="stylesheet" nonce="${nonce}" href="${escapeAttr(o.styleUri)}">
<title>${escapeAttr(o.title)}</title>
</head>
<body>
<div id="root" data-panel="${o.panel}"></div>
<script nonce="${nonce}" src="${escapeAttr(o.scriptUri)}"></script>
</body>
</html>`;
}

export type ViewerHtmlOptions = Omit<PanelHtmlOptions, 'panel' | 'title'>;

/** The sample viewer's page. */
export const viewerHtml = (o: ViewerHtmlOptions): string => panelHtml({ ...o, panel: 'viewer', title: 'GST-Bench sample' });

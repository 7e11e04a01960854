// Every panel's webview HTML: the panel's bundle and stylesheet, its kind in `data-panel` on the root.
// Strict CSP (default-src 'none'), one nonce per load for the script and stylesheet, linked or written inline.
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
  /** The bundle and stylesheet themselves, written into the page: it then fetches nothing before it runs. */
  inline?: { script: string; style: string };
  nonce?: string;
}

function makeNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Text for a <script> or <style> element. Only `</script` (`</style`) ends one early, and `<!--` can change how a
 * script's end is found, so those are escaped (`<\/`, `<\!--`): the same characters in a JavaScript string,
 * template or regular expression and in a CSS string.
 */
export function inlineText(text: string, element: 'script' | 'style'): string {
  if (element === 'style') return text.replace(/<\/(style)/gi, '<\\/$1');
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

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
${o.inline ? `<style nonce="${nonce}">${inlineText(o.inline.style, 'style')}</style>` : `<link rel="stylesheet" nonce="${nonce}" href="${escapeAttr(o.styleUri)}">`}
<title>${escapeAttr(o.title)}</title>
</head>
<body>
<div id="root" data-panel="${o.panel}"></div>
${o.inline ? `<script nonce="${nonce}">${inlineText(o.inline.script, 'script')}</script>` : `<script nonce="${nonce}" src="${escapeAttr(o.scriptUri)}"></script>`}
</body>
</html>`;
}

export type ViewerHtmlOptions = Omit<PanelHtmlOptions, 'panel' | 'title'>;

/** The sample viewer page's <title>. */
export const VIEWER_PAGE_TITLE = 'GST-Bench sample';

/** The sample viewer's page. */
export const viewerHtml = (o: ViewerHtmlOptions): string => panelHtml({ ...o, panel: 'viewer', title: VIEWER_PAGE_TITLE });

// What every webview panel's glue does the same way: its page (the panel's own bundle) and the wiring of the
// page's lifecycle to its protocol channel.
import { readFileSync, statSync } from 'node:fs';
import * as vscode from 'vscode';
import { panelBundle, type PanelKind } from '../../shared/protocol/panels';
import { panelHtml } from './html';

/**
 * The page of a panel, with its bundle and stylesheet from `dist/` written into it: a page that loads them by
 * URL waits for two fetches through the webview's service worker first (about 150 ms of a panel's opening in
 * code-server). A bundle that cannot be read is linked instead.
 */
export function panelPage(webview: vscode.Webview, extensionUri: vscode.Uri, kind: PanelKind, title: string): string {
  const dist = vscode.Uri.joinPath(extensionUri, 'dist');
  const files = panelBundle(kind);
  const script = vscode.Uri.joinPath(dist, ...files.script);
  const style = vscode.Uri.joinPath(dist, ...files.style);
  let inline: { script: string; style: string } | undefined;
  try {
    inline = { script: bundleText(script.fsPath), style: bundleText(style.fsPath) };
  } catch {
    inline = undefined;
  }
  return panelHtml({
    panel: kind,
    title,
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(script).toString(),
    styleUri: webview.asWebviewUri(style).toString(),
    inline,
  });
}

/** Bundle texts by path, read again only when the file changed (a rebuild during development). */
const bundles = new Map<string, { size: number; mtimeMs: number; text: string }>();

function bundleText(file: string): string {
  const s = statSync(file);
  const cached = bundles.get(file);
  if (cached && cached.size === s.size && cached.mtimeMs === s.mtimeMs) return cached.text;
  const text = readFileSync(file, 'utf8');
  bundles.set(file, { size: s.size, mtimeMs: s.mtimeMs, text });
  return text;
}

/**
 * Messages from the page go to the channel; a page torn down while hidden (no retainContextWhenHidden) resets
 * it, since the page sends `ready` again when shown; `disposed` runs once the panel is closed.
 */
export function connectPanel(
  panel: vscode.WebviewPanel,
  channel: { receive(message: unknown): Promise<void>; reset(): void },
  on: { pageGone(): void; disposed(): void },
): vscode.Disposable[] {
  return [
    panel.onDidDispose(() => on.disposed()),
    panel.onDidChangeViewState(() => {
      if (!panel.visible) {
        channel.reset();
        on.pageGone();
      }
    }),
    panel.webview.onDidReceiveMessage((m: unknown) => void channel.receive(m)),
  ];
}

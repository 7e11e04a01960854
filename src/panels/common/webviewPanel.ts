// What every webview panel's glue does the same way: its page (the one bundle, with the panel's kind) and the
// wiring of the page's lifecycle to its protocol channel.
import * as vscode from 'vscode';
import type { PanelKind } from '../../shared/protocol/panels';
import { panelHtml } from './html';

/** The page of a panel: the webview bundle from `dist/`, rendering the panel `kind`. */
export function panelPage(webview: vscode.Webview, extensionUri: vscode.Uri, kind: PanelKind, title: string): string {
  const dist = vscode.Uri.joinPath(extensionUri, 'dist');
  return panelHtml({
    panel: kind,
    title,
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
  });
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

import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Views and commands are registered by later modules.
}

export function deactivate(): void {}

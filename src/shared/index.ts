// The browser-safe domain layer, imported by the extension host, the CLI and the webview alike.
// Nothing here may use Node APIs or `vscode`; src/shared/tsconfig.json enforces it.
export * from './subtasks';
export * from './problems';
export * from './scoring/constants';
export * from './scoring/profiles';
export * from './scoring/decimal';
export * from './scoring/scorer';
export * from './scoring/aggregate';
export * from './parsing/parsedValue';
export * from './parsing/answerParser';
export * from './report/table';
export * from './coverage';
export * from './palette';

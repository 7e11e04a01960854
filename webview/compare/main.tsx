// The Compare panel's React side, mounted by webview/panels/compare.ts.
import React from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { App } from './App';
import { CompareBridge } from './bridge';
import type { VsCodeApi } from '../common/bridge';
import './styles.css';

export function mountCompare(root: HTMLElement, api: VsCodeApi): void {
  const bridge = new CompareBridge(api);
  createRoot(root).render(
    <ErrorBoundary panel="The Compare panel">
      <App bridge={bridge} />
    </ErrorBoundary>,
  );
}

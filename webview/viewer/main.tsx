// The sample viewer's React side, mounted by webview/panels/viewer.ts.
import React from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { App } from './App';
import { Bridge, type VsCodeApi } from './bridge';
import './styles.css';
import './blind/blind.css';
import './diagnosis/diagnosis.css';

export function mountViewer(root: HTMLElement, api: VsCodeApi): void {
  const bridge = new Bridge(api);
  createRoot(root).render(
    <ErrorBoundary panel="The sample viewer">
      <App bridge={bridge} />
    </ErrorBoundary>,
  );
}

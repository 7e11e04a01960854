// The scoreboard's React side, mounted by webview/panels/scoreboard.ts.
import React from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { ScoreboardApp } from './App';
import { ScoreboardBridge, type VsCodeApi } from './bridge';
import './styles.css';

export function mountScoreboard(root: HTMLElement, api: VsCodeApi): void {
  const bridge = new ScoreboardBridge(api);
  createRoot(root).render(
    <ErrorBoundary panel="The scoreboard">
      <ScoreboardApp bridge={bridge} />
    </ErrorBoundary>,
  );
}

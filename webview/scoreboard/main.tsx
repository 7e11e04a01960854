// The scoreboard's React side, mounted by webview/main.tsx.
import React from 'react';
import { createRoot } from 'react-dom/client';
import { ScoreboardApp } from './App';
import { ScoreboardBridge, type VsCodeApi } from './bridge';
import './styles.css';

export function mountScoreboard(root: HTMLElement, api: VsCodeApi): void {
  createRoot(root).render(<ScoreboardApp bridge={new ScoreboardBridge(api)} />);
}

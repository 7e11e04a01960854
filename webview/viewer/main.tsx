// Entry of the sample viewer webview (bundled to dist/webview.js; the stylesheet to dist/webview.css).
import React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Bridge, type VsCodeApi } from './bridge';
import { applyPalette } from '../common/theme';
import './styles.css';
import './blind/blind.css';

declare function acquireVsCodeApi(): VsCodeApi;

applyPalette(document);
const bridge = new Bridge(acquireVsCodeApi());
createRoot(document.getElementById('root')!).render(<App bridge={bridge} />);

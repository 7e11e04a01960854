// A global jsdom for React component tests. Import this module FIRST in a test file: React and the
// toolkit read `window`/`document` when they load.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url: 'http://127.0.0.1/', pretendToBeVisual: true });
const win = dom.window as unknown as Window & typeof globalThis;

const g = globalThis as Record<string, unknown>;
g.window = win;
g.document = win.document;
Object.defineProperty(globalThis, 'navigator', { value: win.navigator, configurable: true });
// jsdom has no matchMedia; the toolkit's high-contrast behaviour asks for it at load time.
(win as unknown as Record<string, unknown>).matchMedia = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
});
for (const key of Object.getOwnPropertyNames(win)) {
  if (key in globalThis || key.startsWith('_')) continue;
  g[key] = (win as unknown as Record<string, unknown>)[key];
}
g.IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no media playback: stub what the player calls, so components run (playback is proven in Chromium).
const media = win.HTMLMediaElement.prototype as unknown as Record<string, unknown>;
media.canPlayType = () => 'probably';
media.play = () => Promise.resolve();
media.pause = () => {};
media.load = () => {};
if (!('ResizeObserver' in win)) {
  g.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export const jsdomWindow = win;

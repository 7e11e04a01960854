// Mounts the viewer app in jsdom with a fake acquireVsCodeApi. `./dom` must load first.
import './dom';
import { act, render } from '@testing-library/react';
import React from 'react';
import type { HostMessage, SampleView } from '../../../src/shared/protocol';
import { App } from '../../../webview/viewer/App';
import { Bridge, type VsCodeApi } from '../../../webview/viewer/bridge';

export interface FakeApi extends VsCodeApi {
  posted: Array<{ type: string; [k: string]: unknown }>;
  state: unknown;
}

export function fakeApi(state?: unknown): FakeApi {
  const api: FakeApi = {
    posted: [],
    state,
    postMessage: (m) => void api.posted.push(m as FakeApi['posted'][number]),
    getState: () => api.state,
    setState: (s) => void (api.state = s),
  };
  return api;
}

export function deliver(message: HostMessage) {
  act(() => {
    window.dispatchEvent(new window.MessageEvent('message', { data: message }));
  });
}

export function mount(state?: unknown) {
  const api = fakeApi(state);
  const bridge = new Bridge(api);
  const view = render(<App bridge={bridge} />);
  return { api, bridge, view, show: (sample: SampleView) => deliver({ type: 'show', sample }) };
}

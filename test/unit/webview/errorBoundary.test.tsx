// A panel that meets a render error (here a host reply of an unexpected shape) shows the error and a Reload
// button, not a blank page; Reload builds the app again, which asks the host for everything once more.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { cleanup, fireEvent, render } from '@testing-library/react';
import React from 'react';
import { ErrorBoundary } from '../../../webview/common/ErrorBoundary';
import { App } from '../../../webview/viewer/App';
import { Bridge } from '../../../webview/viewer/bridge';
import { deliver, fakeApi } from './mount';
import { ANGLE_SAMPLE } from './samples';

const $ = (sel: string) => document.querySelector(sel);
const quietErrors = console.error;
let bridge: Bridge | undefined;

afterEach(() => {
  console.error = quietErrors;
  cleanup();
  bridge?.dispose();
});

describe('panel error boundary (jsdom)', () => {
  test('an unexpected host reply shows the error and Reload; Reload asks the host again and the viewer comes back', () => {
    // React reports the caught error on the console too; the test checks what the page shows.
    console.error = () => {};
    const api = fakeApi();
    bridge = new Bridge(api);
    // As webview/viewer/main.tsx mounts it.
    render(
      <ErrorBoundary panel="The sample viewer">
        <App bridge={bridge} />
      </ErrorBoundary>,
    );
    const readies = () => api.posted.filter((m) => m.type === 'ready').length;
    assert.equal(readies(), 1);

    deliver({ type: 'show', sample: { ...ANGLE_SAMPLE, results: null as never } });
    const crash = $('[data-role="panel-crash"]');
    assert.ok(crash, 'the error is shown, not a blank panel');
    assert.equal(crash!.getAttribute('role'), 'alert');
    assert.match(crash!.textContent!, /The sample viewer stopped on an unexpected error/);
    assert.ok($('[data-role="crash-message"]')!.textContent!.length > 0, 'with the error message');
    assert.equal($('main.viewer'), null);

    fireEvent.click($('[data-action="reload"]')!);
    assert.equal($('[data-role="panel-crash"]'), null);
    assert.equal(readies(), 2, 'the rebuilt app says ready, so the host sends the question again');
    deliver({ type: 'show', sample: ANGLE_SAMPLE });
    assert.equal($('main.viewer')!.getAttribute('data-uid'), ANGLE_SAMPLE.uid);
  });
});

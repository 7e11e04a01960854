// Small updates while a question is shown: new results or a new position change only those parts;
// the lightbox stays open and the video element stays the same.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { Bridge } from '../../../webview/viewer/bridge';
import { deliver, mount } from './mount';
import { ANGLE_SAMPLE } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

describe('viewer updates (jsdom)', () => {
  test('results and position updates keep the lightbox open and the same video element', () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    const video = document.querySelector('video');
    act(() => void fireEvent.doubleClick(document.querySelector('[data-role="query-view"] img')!));
    assert.equal(document.querySelectorAll('[data-role="lightbox"]').length, 1);
    const paints = api.posted.filter((m) => m.type === 'painted').length;

    const [first] = ANGLE_SAMPLE.results;
    deliver({ type: 'results', uid: ANGLE_SAMPLE.uid, results: [{ ...first, label: 'renamed-model' }] });
    deliver({ type: 'position', uid: ANGLE_SAMPLE.uid, position: { index: 4, total: 9 } });
    assert.equal(document.querySelectorAll('[data-role="lightbox"]').length, 1, 'the lightbox stays open');
    assert.equal(document.querySelector('video'), video, 'the video element is not replaced');
    assert.match(document.querySelector('[data-role="header"]')!.textContent!, /renamed-model/);
    assert.doesNotMatch(document.querySelector('[data-role="header"]')!.textContent!, new RegExp(ANGLE_SAMPLE.results[1].label));
    assert.match(document.querySelector('[data-role="header"]')!.textContent!, /5\s*\/\s*9/);
    assert.equal(api.posted.filter((m) => m.type === 'painted').length, paints, 'an update is not a new paint');

    deliver({ type: 'results', uid: 'another-question', results: [] }); // late, for a question no longer shown
    assert.match(document.querySelector('[data-role="header"]')!.textContent!, /renamed-model/);
    show(ANGLE_SAMPLE); // a new sample closes it, as before
    assert.equal(document.querySelectorAll('[data-role="lightbox"]').length, 0);
  });
});

// The what-if overlay of each answer kind and the timeline in jsdom: drawn dotted in the file's colour, updated by
// a diagnosisOverlay message without a new sample, hidden by the legend's checkbox.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { DiagnosisOverlayView, SampleView, TaggedValue, WhatIfView } from '../../../src/shared/protocol';
import type { Bridge } from '../../../webview/viewer/bridge';
import { deliver, mount } from './mount';
import { ANGLE_SAMPLE, DISTANCE_SAMPLE, ORIENTATION_SAMPLE, POINT_SAMPLE } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

function whatIf(sample: SampleView, value: TaggedValue, cls: WhatIfView['cls'], phrase: string): DiagnosisOverlayView {
  const r = sample.results[0];
  return {
    whatIf: {
      resultId: r.id,
      label: r.label,
      colorIndex: r.colorIndex,
      cls,
      phrase,
      value,
      valueLabel: 'v',
      score: 1,
      before: 0.5,
      text: `what-if: ${phrase} → score 1.00`,
    },
    visibility: null,
  };
}

const dashed = (selector: string) => {
  const strokes = [...document.querySelectorAll<SVGElement>(`${selector} [data-role="whatif-stroke"]`)];
  return strokes.length > 0 && strokes.every((e) => e.style.strokeDasharray !== '' && e.style.strokeDasharray !== 'none');
};

describe('what-if overlay (jsdom)', () => {
  test('each answer kind draws its correction dotted; a diagnosisOverlay update adds it to the sample shown', () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    const cases: Array<[SampleView, DiagnosisOverlayView, string]> = [
      [ANGLE_SAMPLE, whatIf(ANGLE_SAMPLE, { kind: 'angle', value: -75 }, 'sign_flip', 'sign flipped'), '[data-role="whatif-arrow"]'],
      [
        ORIENTATION_SAMPLE,
        whatIf(ORIENTATION_SAMPLE, { kind: 'angle', value: 15 }, 'rotation', 'rotated +35°'),
        '[data-role="whatif-arrow"]',
      ],
      [
        DISTANCE_SAMPLE,
        whatIf(DISTANCE_SAMPLE, { kind: 'distance', value: 4.1 }, 'distance_bias', 'bias removed (÷0.88)'),
        '[data-role="whatif-marker"]',
      ],
      [POINT_SAMPLE, whatIf(POINT_SAMPLE, { kind: 'point', x: 610, y: 520 }, 'axes_swapped', 'x, y swapped'), '[data-role="whatif-point"]'],
    ];
    for (const [sample, overlay, selector] of cases) {
      show(sample);
      assert.equal(document.querySelectorAll(selector).length, 0, `${sample.uid}: nothing before the diagnosis`);
      const shows = api.posted.filter((m) => m.type === 'painted').length;
      deliver({ type: 'diagnosisOverlay', uid: sample.uid, overlay });
      assert.ok(dashed(selector), `${sample.uid}: the what-if is drawn dotted`);
      assert.match(
        document.querySelector('[data-role="whatif-caption"]')!.textContent!,
        new RegExp(overlay.whatIf!.text.replace(/[()+÷.]/g, '.')),
      );
      assert.match(document.querySelector('[data-role="whatif-legend"]')!.textContent!, /what-if \(model-a\)/);
      assert.equal(api.posted.filter((m) => m.type === 'painted').length, shows, 'an update, not a new sample');
    }
    // A late update for another question changes nothing.
    deliver({ type: 'diagnosisOverlay', uid: 'another', overlay: cases[0][1] });
    assert.equal(document.querySelectorAll('[data-role="whatif-arrow"]').length, 0);
  });

  test('the legend checkbox hides the what-if and the choice is kept in the webview state', () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show({ ...ANGLE_SAMPLE, diagnosisOverlay: whatIf(ANGLE_SAMPLE, { kind: 'angle', value: -75 }, 'sign_flip', 'sign flipped') });
    assert.equal(document.querySelectorAll('[data-role="whatif-arrow"]').length, 1);
    act(() => void fireEvent.click(document.querySelector('input[data-action="toggle-whatif"]')!));
    assert.equal(document.querySelectorAll('[data-role="whatif-arrow"], [data-role="whatif-caption"]').length, 0);
    assert.equal((api.state as { showWhatIf?: boolean }).showWhatIf, false);
    act(() => void fireEvent.click(document.querySelector('input[data-action="toggle-whatif"]')!));
    assert.equal(document.querySelectorAll('[data-role="whatif-arrow"]').length, 1);
  });
});

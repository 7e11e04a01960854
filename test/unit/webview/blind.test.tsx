// Blind mode in the viewer app (jsdom): the page switches on a blind message and back on `show`, the viewer's own
// keys are off while blind, letters and typed meters become typed answers, and Submit sends them with the time.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { BlindQuestionView } from '../../../src/shared/protocol';
import type { Bridge } from '../../../webview/viewer/bridge';
import { ActiveClock } from '../../../webview/viewer/blind/activeClock';
import { deliver, mount } from './mount';
import { ANGLE_SAMPLE } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

const $ = (sel: string) => document.querySelectorAll(sel);
const img = (label: string, role: 'option' | 'query' | 'map' | 'other') => ({
  label,
  uri: `https://file+.vscode-resource/x/${label}.png`,
  exists: true,
  role,
});

function blindQuestion(input: BlindQuestionView['input'], number = 1): BlindQuestionView {
  const kind = input === 'direction' || input === 'heading' ? 'angle' : input;
  return {
    number,
    total: 12,
    answered: number - 1,
    participant: 'Ada',
    kind,
    input,
    subtask: { abbreviation: 'TDS-E', name: 'Top-down Selection (easy)' },
    prompt: [{ type: 'text', text: 'Which one? A.' }],
    video: null,
    images: input === 'choice' ? ['A', 'B', 'C', 'D'].map((l) => img(`Option ${l}`, 'option')) : [],
    map: null,
  };
}

const requests = (api: { posted: Array<{ type: string; [k: string]: unknown }> }, method: string) =>
  api.posted.filter((m) => m.type === 'request' && m.method === method);

const key = (k: string) => act(() => void window.dispatchEvent(new window.KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('blind mode (jsdom)', () => {
  test('a blind question replaces the sample; the viewer keys are off; a letter and Submit send a typed answer', () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    assert.equal($('[data-role="truth"]').length, 1, 'the ordinary viewer first');
    deliver({ type: 'blindQuestion', question: blindQuestion('choice', 3) });
    assert.equal($('main[data-blind="question"][data-number="3"]').length, 1);
    assert.equal($('[data-role="truth"], [data-role="uid"], [data-role="raw-output"]').length, 0, 'nothing of the sample is left');
    assert.ok(!document.body.textContent!.includes(ANGLE_SAMPLE.uid));
    key('j');
    assert.equal(requests(api, 'navigate').length, 0, 'j does not navigate while blind');
    key('c');
    assert.equal(document.querySelector('[data-role="blind-answer-value"]')!.textContent, 'C');
    assert.equal($('[data-letter="C"][data-chosen]').length, 1);
    fireEvent.click(document.querySelector('[data-action="blind-submit"]')!);
    const sent = requests(api, 'blindSubmit');
    assert.equal(sent.length, 1);
    const params = sent[0].params as { number: number; answer: unknown; elapsedMs: number };
    assert.equal(params.number, 3);
    assert.deepEqual(params.answer, { kind: 'choice', letter: 'C' });
    assert.ok(params.elapsedMs >= 0);
    fireEvent.click(document.querySelector('[data-action="blind-submit"]')!);
    assert.equal(requests(api, 'blindSubmit').length, 1, 'a second click while the first is unanswered sends nothing');
    show(ANGLE_SAMPLE);
    assert.equal($('main[data-blind]').length, 0, 'a show message leaves blind mode');
    assert.equal($('[data-role="truth"]').length, 1);
  });

  test('meters typed are written with one decimal, rounded on the digits typed; nonsense is refused', () => {
    const { bridge, api } = mount();
    bridges.push(bridge);
    deliver({ type: 'blindQuestion', question: blindQuestion('distance') });
    const input = document.querySelector('input[data-input="distance"]') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'three' } });
    assert.match(document.querySelector('[data-role="distance-note"]')!.textContent!, /type a distance in meters/);
    assert.equal(document.querySelector('[data-role="blind-answer-value"]')!.textContent, 'no answer yet');
    fireEvent.change(input, { target: { value: '1,45' } });
    assert.equal(document.querySelector('[data-role="distance-note"]')!.textContent, 'written as 1.5');
    fireEvent.keyDown(input, { key: 'Enter' });
    assert.deepEqual((requests(api, 'blindSubmit')[0].params as { answer: unknown }).answer, { kind: 'distance', value: 1.5 });
  });

  test('the dial answers from the keyboard too: arrow keys turn by 1°, left positive', () => {
    const { bridge } = mount();
    bridges.push(bridge);
    deliver({ type: 'blindQuestion', question: blindQuestion('direction') });
    const dial = document.querySelector('svg[data-input="direction-dial"]')!;
    fireEvent.keyDown(dial, { key: 'ArrowLeft' });
    fireEvent.keyDown(dial, { key: 'ArrowLeft', shiftKey: true });
    assert.equal(document.querySelector('[data-role="blind-answer-value"]')!.textContent, '16°');
    fireEvent.keyDown(dial, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(dial, { key: 'ArrowRight', shiftKey: true });
    assert.equal(document.querySelector('[data-role="blind-answer-value"]')!.textContent, '-14°');
    assert.equal(document.querySelector('[data-role="answer-arrow"]')!.getAttribute('data-angle'), '-14');
  });

  test('the clock counts only running time: paused, resumed, carried over', () => {
    let t = 100;
    const clock = new ActiveClock(() => t, 250);
    t = 400;
    assert.equal(clock.elapsed(), 550);
    clock.pause();
    t = 10_000;
    assert.equal(clock.elapsed(), 550, 'nothing counts while paused');
    clock.pause();
    clock.resume();
    t = 10_100;
    clock.resume();
    assert.equal(clock.elapsed(), 650, 'a second resume changes nothing');
  });

  test('the time recorded leaves out the time the panel was hidden or unfocused, also across a page built again', () => {
    const realNow = performance.now.bind(performance);
    let t = 1_000;
    performance.now = () => t;
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    const setHidden = (h: boolean) =>
      act(() => {
        hidden = h;
        document.dispatchEvent(new window.Event('visibilitychange'));
      });
    const fire = (type: 'blur' | 'focus') => act(() => void window.dispatchEvent(new window.FocusEvent(type)));
    try {
      const { bridge, api } = mount();
      bridges.push(bridge);
      deliver({ type: 'blindQuestion', question: blindQuestion('choice', 4) });
      t += 2_000; // 2 s on the question
      fire('blur'); // another editor focused
      t += 60_000;
      fire('focus');
      t += 3_000; // 3 s more
      setHidden(true); // the panel hidden: its page is torn down ...
      t += 600_000;
      cleanup();
      const again = mount(api.state); // ... and built again with its state when shown
      bridges.push(again.bridge);
      setHidden(false);
      deliver({ type: 'blindQuestion', question: blindQuestion('choice', 4) });
      t += 1_000;
      key('b');
      fireEvent.click(document.querySelector('[data-action="blind-submit"]')!);
      const [sent] = requests(again.api, 'blindSubmit');
      assert.equal(
        (sent.params as { elapsedMs: number }).elapsedMs,
        6_000,
        '2 s + 3 s + 1 s; the 60 s unfocused and 10 min hidden left out',
      );

      // The next question starts from zero.
      deliver({ type: 'blindQuestion', question: blindQuestion('choice', 5) });
      t += 500;
      key('a');
      fireEvent.click(document.querySelector('[data-action="blind-submit"]')!);
      assert.equal((requests(again.api, 'blindSubmit').at(-1)!.params as { elapsedMs: number }).elapsedMs, 500);
    } finally {
      performance.now = realNow;
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});

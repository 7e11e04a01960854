// Side-by-side raw outputs with a word diff: the diff keeps each side's exact text, marks what only one side
// has, stays text (a model's HTML is shown, not run), and gives up on outputs too long or too different.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { MAX_DIFF_CHARS, wordDiff } from '../../../webview/viewer/wordDiff';
import type { Bridge } from '../../../webview/viewer/bridge';
import { mount } from './mount';
import { ANGLE_SAMPLE, XSS } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

const join = (runs: { text: string }[]) => runs.map((r) => r.text).join('');

describe('word diff of two raw outputs', () => {
  test('each side is its own text; the words only it has are marked', () => {
    const a = 'The chair is to my left,  so <answer>-45</answer>';
    const b = 'The chair is behind me, so <answer>180</answer>';
    const d = wordDiff(a, b);
    assert.ok(!('skipped' in d));
    assert.equal(join(d.left), a);
    assert.equal(join(d.right), b);
    const changed = (runs: typeof d.left) =>
      runs
        .filter((r) => r.changed)
        .map((r) => r.text.trim())
        .filter(Boolean);
    assert.ok(changed(d.left).some((t) => t.includes('left')));
    assert.ok(changed(d.right).some((t) => t.includes('behind')));
    assert.ok(!changed(d.left).some((t) => t.includes('chair')), 'shared words are not marked');
    assert.deepEqual(wordDiff('same words', 'same words'), {
      left: [{ text: 'same words', changed: false }],
      right: [{ text: 'same words', changed: false }],
      changes: 0,
    });
  });

  test('too long or too different: shown without a diff, saying why', () => {
    const long = 'x '.repeat(MAX_DIFF_CHARS);
    assert.match((wordDiff(long, 'y') as { skipped: string }).skipped, /characters/);
    const words = (p: string) => Array.from({ length: 3000 }, (_, i) => `${p}${i}`).join(' ');
    assert.match((wordDiff(words('a'), words('b')) as { skipped: string }).skipped, /differ in more than/);
  });

  test('the viewer toggle shows two outputs side by side as text, with the difference marked', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    assert.equal(document.querySelector('[data-role="raw-diff"]'), null);
    act(() => void fireEvent.click(document.querySelector('[data-role="diff-toggle"]')!));
    const sides = [...document.querySelectorAll('[data-role="raw-diff"] [data-role="diff-text"]')];
    assert.deepEqual(
      sides.map((s) => s.textContent),
      ANGLE_SAMPLE.results.map((r) => r.outcome!.prediction),
    );
    assert.equal(document.querySelector('[data-role="raw-diff"] img'), null, 'the model output is not HTML');
    assert.ok(sides[1].textContent!.includes(XSS));
    assert.ok(document.querySelectorAll('[data-diff="changed"]').length >= 2);
    act(() => void fireEvent.click(document.querySelector('[data-role="diff-toggle"]')!));
    assert.equal(document.querySelector('[data-role="raw-diff"]'), null);
    assert.equal(document.querySelectorAll('[data-role="raw-output"]').length, 2);
  });
});

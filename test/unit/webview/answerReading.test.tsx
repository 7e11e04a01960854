// The viewer's answer-reading texts in jsdom: the rule beside each file's raw output, the ambiguity flag,
// and the format loss under each file in the header. `./dom` must load first.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { cleanup } from '@testing-library/react';
import type { Bridge } from '../../../webview/viewer/bridge';
import { mount } from './mount';
import { ANGLE_SAMPLE, DISTANCE_SAMPLE } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

const texts = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.textContent);

describe('viewer: how answers were read', () => {
  test('the raw output names the rule, the reader, the read steps and the ambiguity rule; the header the format loss', () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    const [a] = DISTANCE_SAMPLE.results;
    const loss = 'a loses 23.33 points on EDistv to format (lenient 76.67, strict 53.33; 1 of 3 questions differ)';
    show({
      ...DISTANCE_SAMPLE,
      results: [
        {
          ...a,
          formatLoss: loss,
          outcome: { ...a.outcome!, reading: { reader: 'lenient', rule: 'only value', read: ['unit converted'], ambiguous: 'range' } },
        },
      ],
    });
    assert.deepEqual(texts('[data-role="reading"] li'), [
      'rule: only value (a fallback rule), lenient reader',
      'read: unit converted',
      'ambiguous: range; rule: the midpoint, exact',
    ]);
    assert.deepEqual(texts('[data-role="reading"] .reading-ambiguous'), ['ambiguous: range; rule: the midpoint, exact']);
    assert.deepEqual(texts('[data-role="format-loss"]'), [loss]);
  });

  test("one note per file: the prompt's format, and an unparsed answer that no rule read", () => {
    const { show, bridge } = mount();
    bridges.push(bridge);
    const [a, b] = ANGLE_SAMPLE.results;
    show({
      ...ANGLE_SAMPLE,
      results: [
        { ...a, outcome: { ...a.outcome!, reading: { reader: 'lenient', rule: 'answer tag' } } },
        { ...b, outcome: { ...b.outcome!, reading: { reader: 'lenient' } } },
      ],
    });
    const notes = [...document.querySelectorAll('[data-role="reading"]')].map((n) =>
      [...n.querySelectorAll('li')].map((li) => li.textContent),
    );
    assert.deepEqual(notes, [["rule: answer tag (the prompt's format), lenient reader"], ['lenient reader: no rule found a value']]);
    assert.equal(document.querySelectorAll('[data-role="format-loss"]').length, 0, 'no format loss given, none shown');
  });
});

// The viewer's verdict bar in jsdom: the keys send the requests the host answers, the answers and the host's
// `audit` notifications are what the bar shows, and notes stay text.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { AuditEntryView, AuditView } from '../../../src/shared/protocol';
import type { Bridge } from '../../../webview/viewer/bridge';
import { deliver, mount, type FakeApi } from './mount';
import { PROPOSAL_COLOR } from '../../../webview/common/theme';
import { PROPOSAL_ID } from '../../../webview/viewer/overlays/predictions';
import { ANGLE_SAMPLE, CHOICE_SAMPLE, POINT_SAMPLE, XSS } from './samples';

const bridges: Bridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

type Request = { id: number; method: string; params: Record<string, unknown> };
const requests = (api: FakeApi, method: string) =>
  api.posted.filter((m) => m.type === 'request' && m.method === method) as unknown as Request[];
const key = (k: string, init: KeyboardEventInit = {}) =>
  act(() => void window.dispatchEvent(new window.KeyboardEvent('keydown', { key: k, ...init })));
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));
const $ = (sel: string) => document.querySelector(sel);

const VIEW: AuditView = {
  reviewer: 'Ada',
  mine: null,
  others: [],
  disagree: false,
  file: 'gst-audit.jsonl',
  writable: true,
  progress: 'audited 0 / 36',
};

function answer(id: number, result: unknown) {
  deliver({ type: 'response', id, ok: true, result });
}

describe('verdict bar (jsdom)', () => {
  test('asks for the audit of the question shown; keys 1..7 set a verdict with the note and proposal', async () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    const [get] = requests(api, 'getAudit');
    assert.deepEqual(get.params, { uid: 'q_angle' });
    answer(get.id, VIEW);
    await settle();
    assert.equal($('[data-role="audit-progress"]')!.textContent, 'audited 0 / 36');
    assert.equal($('[data-role="audit-reviewer"]')!.textContent, 'Ada');

    key('3');
    const [set] = requests(api, 'setVerdict');
    assert.deepEqual(set.params, { uid: 'q_angle', verdict: 'ambiguous', note: '', proposed: null });
    const saved: AuditEntryView = {
      reviewer: 'Ada',
      verdict: 'ambiguous',
      note: '',
      proposed: null,
      proposedLabel: null,
      time: '2026-12-01T09:30:00.000Z',
    };
    answer(set.id, { ...VIEW, mine: saved, progress: 'audited 1 / 36' } satisfies AuditView);
    await settle();
    assert.equal($('[data-role="verdict-button"][aria-pressed="true"]')!.getAttribute('data-verdict'), 'ambiguous');
    assert.equal($('[data-role="verdict-bar"]')!.getAttribute('data-verdict'), 'ambiguous');
    assert.equal($('[data-role="audit-progress"]')!.textContent, 'audited 1 / 36');

    // Keys 8, 0 and letters set nothing on a direction question.
    for (const k of ['8', '0', 'a']) key(k);
    assert.equal(requests(api, 'setVerdict').length, 1);
  });

  test('e edits the note (Enter saves it with the verdict); Shift+N asks for the next question without a verdict', async () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    const mine: AuditEntryView = {
      reviewer: 'Ada',
      verdict: 'wrong-answer',
      note: '',
      proposed: null,
      proposedLabel: null,
      time: '2026-12-01T09:30:00.000Z',
    };
    answer(requests(api, 'getAudit')[0].id, { ...VIEW, mine } satisfies AuditView);
    await settle();
    key('e');
    const note = $('[data-role="audit-note"]') as HTMLInputElement;
    assert.equal(document.activeElement, note);
    fireEvent.change(note, { target: { value: 'the armchair is the other one' } });
    // Typing in the note is not a verdict key.
    act(() => void note.dispatchEvent(new window.KeyboardEvent('keydown', { key: '1', bubbles: true })));
    fireEvent.keyDown(note, { key: 'Enter' });
    const sets = requests(api, 'setVerdict');
    assert.equal(sets.length, 1);
    assert.deepEqual(sets[0].params, { uid: 'q_angle', verdict: 'wrong-answer', note: 'the armchair is the other one', proposed: null });

    key('N', { shiftKey: true });
    assert.equal(requests(api, 'nextUnaudited').length, 1);
    assert.equal(requests(api, 'navigate').length, 0, 'Shift+N is not n (next failure)');
  });

  test('a proposed degree value is checked; a choice letter key proposes it and is saved with the verdict', async () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    answer(requests(api, 'getAudit')[0].id, VIEW);
    await settle();
    const input = $('[data-role="propose-text"]') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '200' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    assert.match($('[role="alert"]')!.textContent!, /whole degrees in \[-180, 180\]/);
    fireEvent.change(input, { target: { value: '-45' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    assert.equal($('[data-role="audit-proposed"]')!.textContent, '-45°');
    assert.equal(requests(api, 'setVerdict').length, 0, 'without a verdict the proposal waits for one');
    key('2');
    assert.deepEqual(requests(api, 'setVerdict')[0].params.proposed, { kind: 'angle', value: -45 });

    show(CHOICE_SAMPLE);
    answer(requests(api, 'getAudit').at(-1)!.id, VIEW);
    await settle();
    key('c');
    assert.equal($('[data-role="audit-proposed"]')!.textContent, 'C');
    assert.equal($('[data-role="propose-letter"][aria-pressed="true"]')!.getAttribute('data-letter'), 'C');
  });

  test('the proposed answer is drawn on the overlay in its colour and named in the list, like a prediction', async () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    answer(requests(api, 'getAudit')[0].id, VIEW);
    await settle();
    const proposalMark = () => $(`[data-role="pred-arrow"][data-result="${PROPOSAL_ID}"]`);
    assert.equal(proposalMark(), null, 'nothing proposed, nothing drawn');
    const input = $('[data-role="propose-text"]') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '-45' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const arrow = proposalMark()!;
    assert.ok(arrow, 'the proposal is an arrow on the dial');
    assert.equal(arrow.getAttribute('data-angle'), '-45');
    assert.equal((arrow.querySelector('line') as SVGLineElement).style.stroke, PROPOSAL_COLOR);
    const listed = [...document.querySelectorAll('.error-list li')].find((li) => /^proposed answer: -45°/.test(li.textContent!));
    assert.ok(listed, 'named in the list beside the predictions');
    assert.equal((listed as HTMLElement).style.color, PROPOSAL_COLOR);
    assert.equal(($('[data-role="audit-proposed"]') as HTMLElement).style.color, PROPOSAL_COLOR, 'the bar writes it in the same colour');
    fireEvent.click($('[data-role="propose-clear"]')!);
    assert.equal(proposalMark(), null, 'cleared, gone from the overlay');

    // A saved proposal of a point question is a mark on the map as soon as the question shows.
    show(POINT_SAMPLE);
    const mine: AuditEntryView = {
      reviewer: 'Ada',
      verdict: 'wrong-answer',
      note: '',
      proposed: { kind: 'point', x: 120, y: 840 },
      proposedLabel: '<point>120 840</point>',
      time: '2026-12-01T09:30:00.000Z',
    };
    answer(requests(api, 'getAudit').at(-1)!.id, { ...VIEW, mine } satisfies AuditView);
    await settle();
    const point = $(`[data-role="pred-point"][data-result="${PROPOSAL_ID}"]`);
    assert.ok(point, 'the saved proposal is a point on the map');
    assert.equal((point!.querySelector('circle') as SVGCircleElement).style.fill, PROPOSAL_COLOR);
  });

  test("another window's write arrives as a notification; other reviewers' notes are text", async () => {
    const { show, bridge, api } = mount();
    bridges.push(bridge);
    show(ANGLE_SAMPLE);
    answer(requests(api, 'getAudit')[0].id, VIEW);
    await settle();
    const other = { reviewer: 'Bob', verdict: 'ok', note: XSS, proposed: null, proposedLabel: null, time: '2026-12-01T09:30:00.000Z' };
    const mine = { ...other, reviewer: 'Ada', verdict: 'media-problem', note: '' };
    deliver({ type: 'audit', uid: 'q_angle', audit: { ...VIEW, mine, others: [other], disagree: true } as AuditView });
    await settle();
    assert.equal($('[data-role="verdict-button"][aria-pressed="true"]')!.getAttribute('data-verdict'), 'media-problem');
    assert.ok($('[data-role="audit-disagree"]'));
    assert.match($('[data-role="audit-others"]')!.textContent!, /Bob: ok — <img src=x onerror=alert\(1\)>/);
    assert.equal(document.querySelectorAll('img[src="x"]').length, 0);
    // A notification for another question changes nothing here.
    deliver({ type: 'audit', uid: 'elsewhere', audit: VIEW });
    assert.ok($('[data-role="audit-disagree"]'));
  });
});

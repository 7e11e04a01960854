// The Compare panel's React app in jsdom, fed the table the real host session computed on the demo files:
// every number written is the shared computation's, formatted once; a cell lists its disagreements; a
// question opens through the host; the baseline select asks the host; the state survives a reload.
import '../webview/dom';
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import React from 'react';
import { formatScore } from '../../../src/shared/format';
import type { CompareHostMessage, CompareView } from '../../../src/shared/protocol/compare';
import { formatDelta, formatPValue, runGroupTableModel } from '../../../src/shared/report/compareTable';
import { runGroups } from '../../../src/shared/stats/groups';
import { SUBTASKS } from '../../../src/shared/subtasks';
import { App } from '../../../webview/compare/App';
import { CompareBridge } from '../../../webview/compare/bridge';
import { fakeApi, type FakeApi } from '../webview/mount';
import { demoFixture, type DemoFixture, type DemoSession } from './demoSession';

let fx: DemoFixture;
let demo: DemoSession;
let view: CompareView;
before(async () => {
  fx = await demoFixture();
  demo = await fx.setUp(['noisy-oracle', 'random', 'template-b']);
  await demo.session.ready(undefined);
  view = demo.tables()[0];
});
after(() => fx.remove());

const bridges: CompareBridge[] = [];
afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

function deliver(message: CompareHostMessage) {
  act(() => void window.dispatchEvent(new window.MessageEvent('message', { data: message })));
}

function mount(state?: unknown) {
  const api = fakeApi(state);
  const bridge = new CompareBridge(api);
  bridges.push(bridge);
  render(<App bridge={bridge} />);
  return api;
}

/** Answers the last request of this method with what the real session answers. */
async function answer(api: FakeApi, method: string) {
  const request = api.posted.filter((m) => m.type === 'request' && m.method === method).at(-1);
  assert.ok(request, `a ${method} request was sent`);
  const params = request.params as never;
  const s = demo.session;
  const result =
    method === 'disagreements'
      ? s.disagreements(params)
      : method === 'openQuestion'
        ? s.openQuestion((params as { uid: string }).uid)
        : s.setBaseline((params as { file: string }).file);
  deliver({ type: 'response', id: request.id as number, ok: true, result });
  await act(async () => {});
  return request.params;
}

/** A value inside a [name="…"] selector (ids are paths). */
const attr = (v: string) => v.replace(/["\\]/g, '\\$&');

const field = (el: Element, name: string) => el.querySelector(`[data-field="${name}"]`)?.textContent;

describe('Compare panel app (jsdom)', () => {
  test('every score, interval, count and delta is the shared number, formatted once; rows in the paper order', () => {
    mount();
    deliver({ type: 'table', view });
    const rows = [...document.querySelectorAll('[data-role="compare-table"] tbody tr[data-row]')].map((r) => r.getAttribute('data-row'));
    assert.deepEqual(rows, [...SUBTASKS.map((s) => s.key), 'avg']);
    const headings = [...document.querySelectorAll('tr.competency th')].map((t) => t.textContent);
    assert.deepEqual(headings, ['Object Localization', 'Self Localization', 'Scene Structure Understanding']);
    let checked = 0;
    for (const s of view.comparison.sets) {
      for (const info of SUBTASKS) {
        const a = s.subtasks[info.key]!;
        const cells = [...document.querySelectorAll(`td[data-set="${attr(s.id)}"][data-subtask="${info.key}"]`)];
        const text = (name: string) => cells.map((c) => field(c, name)).find((t) => t !== undefined);
        assert.equal(text('score'), formatScore(a.score));
        assert.equal(text('lo'), formatScore(a.ci.lo));
        assert.equal(text('hi'), formatScore(a.ci.hi));
        assert.equal(text('n'), String(a.n));
        assert.equal(text('of'), String(a.of));
        assert.equal(text('unparsed'), String(a.unparsed));
        checked++;
      }
    }
    for (const d of view.comparison.deltas) {
      for (const info of SUBTASKS) {
        const stat = d.subtasks[info.key]!;
        const cell = document.querySelector(`td.delta[data-other="${attr(d.other)}"][data-subtask="${info.key}"]`)!;
        assert.equal(field(cell, 'delta'), formatDelta(stat.delta));
        assert.equal(field(cell, 'dlo'), formatDelta(stat.ci.lo));
        assert.equal(field(cell, 'dhi'), formatDelta(stat.ci.hi));
        assert.equal(field(cell, 'p'), formatPValue(stat.p));
        assert.equal(cell.getAttribute('data-tone'), stat.significant ? (stat.delta > 0 ? 'better' : 'worse') : 'same');
        assert.equal(Boolean(field(cell, 'sig')), stat.significant);
        checked++;
      }
    }
    assert.equal(checked, 3 * 12 + 2 * 12);
    assert.ok(document.querySelector('td.delta[data-tone="worse"]'), 'random is significantly below the oracle somewhere');
    assert.match(document.querySelector('[data-role="coverage"]')!.textContent!, /questions answered; lacks 0 of the dataset/);
  });

  test('a delta cell lists its disagreements grouped with counts, sortable; a question opens through the host', async () => {
    const api = mount();
    deliver({ type: 'table', view });
    const other = view.comparison.deltas[0].other;
    act(() => void fireEvent.click(document.querySelector(`td.delta[data-other="${attr(other)}"][data-subtask="ed_v"] button`)!));
    assert.deepEqual(await answer(api, 'disagreements'), { subtask: 'ed_v', other });
    const list = document.querySelector('[data-role="disagreements"]')!;
    const expected = demo.session.disagreements({ subtask: 'ed_v', other });
    assert.ok(!('error' in expected));
    const counts = [...list.querySelectorAll('[data-role="group-count"]')].map((c) => Number(c.textContent));
    assert.deepEqual(counts, [
      expected.list.counts['baseline-right'],
      expected.list.counts['other-right'],
      expected.list.counts['both-wrong'],
    ]);
    const group = list.querySelector('.group[data-kind="baseline-right"]')!;
    const uids = () => [...group.querySelectorAll('tr[data-uid]')].map((r) => r.getAttribute('data-uid'));
    const inOrder = expected.list.items.filter((i) => i.kind === 'baseline-right').map((i) => i.uid);
    assert.ok(inOrder.length >= 2, 'enough rows to see an order');
    assert.deepEqual(uids(), inOrder);
    act(() => void fireEvent.change(list.querySelector('[data-role="disagreement-sort"]')!, { target: { value: 'smallest' } }));
    assert.deepEqual(uids(), [...inOrder].reverse());
    assert.equal((api.state as { sort?: string }).sort, 'smallest');

    act(() => void fireEvent.click(group.querySelector('[data-role="open-question"]')!));
    assert.deepEqual(await answer(api, 'openQuestion'), { uid: [...inOrder].reverse()[0] });
    assert.deepEqual(demo.shown.at(-1), [...inOrder].reverse()[0]);
  });

  test('the baseline select asks the host; the listed cell and the baseline survive a reload', async () => {
    const api = mount();
    deliver({ type: 'table', view });
    const select = document.querySelector('[data-role="baseline"]') as HTMLSelectElement;
    assert.equal(select.value, view.baselineFile);
    act(() => void fireEvent.change(select, { target: { value: view.files[1].id } }));
    assert.deepEqual(await answer(api, 'setBaseline'), { file: view.files[1].id });
    await demo.session.refresh();
    assert.equal(demo.state.slices.comparison.baseline(), view.files[1].id);
    const other = view.files[2].sets[0];
    act(() => void fireEvent.click(document.querySelector(`td.delta[data-other="${attr(other)}"][data-subtask="gp_v"] button`)!));
    const saved = api.state;
    cleanup();

    const reloaded = mount(saved);
    assert.deepEqual(reloaded.posted[0], { type: 'ready', restoredBaseline: view.baselineFile });
    deliver({ type: 'table', view });
    assert.deepEqual(await answer(reloaded, 'disagreements'), { subtask: 'gp_v', other });
    assert.ok(document.querySelector('[data-role="disagreements"][data-subtask="gp_v"]'));
    demo.session.setBaseline(view.baselineFile);
    await demo.session.refresh();
  });

  test('the repeated-runs table is built only when its card is opened, then shows every group row', () => {
    // Two runs of one model: the demo's sets relabelled, so the group's spread is the shared computation's.
    const runs = view.comparison.sets.slice(0, 2).map((s, i) => ({ ...s, model: 'm', template: 't', run: String(i) }));
    const groups = runGroups(runs);
    assert.equal(groups.length, 1);
    mount();
    deliver({ type: 'table', view: { ...view, runGroups: groups } });
    const card = document.querySelector('[data-role="run-groups-card"]') as HTMLDetailsElement;
    assert.ok(card, 'the repeated-runs card is shown');
    assert.match(card.querySelector('summary')!.textContent!, /Repeated runs.*1 group of runs/);
    assert.equal(document.querySelector('[data-role="run-groups"]'), null, 'no table before it is opened');
    act(() => {
      card.open = true;
      fireEvent(card, new window.Event('toggle'));
    });
    const rows = [...document.querySelectorAll('[data-role="run-groups"] tbody tr')];
    assert.deepEqual(
      rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
      runGroupTableModel(groups).rows,
    );
    act(() => {
      card.open = false;
      fireEvent(card, new window.Event('toggle'));
    });
    assert.equal(document.querySelector('[data-role="run-groups"]'), null, 'closed again, the table is gone');
  });

  test('with nothing to compare it says why', () => {
    mount();
    deliver({ type: 'empty', message: 'Tick two or more result files in the Results view to compare them (1 ticked).' });
    assert.match(document.querySelector('[data-role="compare-empty"]')!.textContent!, /Tick two or more/);
  });
});

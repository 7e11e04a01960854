// The scoreboard's React side in jsdom, fed the board the real host session builds from the demo dataset:
// the table's cells are the CLI table model's, the chart draws a bar per file and subtask, the filters hide
// the paper's rows and are kept in setState, and the export buttons ask the host with the filter shown.
import './dom';
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import React from 'react';
import { readDataset, scoreboardTableModel, visibleScoreboardRows } from '../../../src/core';
import { createScoreboardHost } from '../../../src/panels/scoreboard/scoreboardHost';
import { ScoreboardSession } from '../../../src/panels/scoreboard/session';
import type { ScoreboardHostMessage, ScoreboardModel } from '../../../src/shared/protocol';
import { DEFAULT_SCOREBOARD_DISPLAY } from '../../../src/shared/report/scoreboard';
import { ScoreboardApp } from '../../../webview/scoreboard/App';
import { ScoreboardBridge } from '../../../webview/scoreboard/bridge';
import { CHART_COLUMNS } from '../../../webview/scoreboard/chartLayout';
import { fakeApi } from './mount';
import { DEMO, demoResult, demoState } from '../scoreboard/demoState';

const FILES = ['noisy-oracle', 'template-b'].map(demoResult);
let model: ScoreboardModel;

before(async () => {
  const dataset = await readDataset(DEMO, { sniffMedia: false });
  const state = await demoState(dataset, FILES);
  FILES.forEach((f) => state.setCompared(f, true));
  model = new ScoreboardSession({ host: createScoreboardHost(state, () => 'paper'), notify: () => true, isReady: () => true }).current();
});

const bridges: ScoreboardBridge[] = [];
function deliver(message: ScoreboardHostMessage) {
  act(() => {
    window.dispatchEvent(new window.MessageEvent('message', { data: message }));
  });
}

afterEach(() => {
  cleanup();
  bridges.splice(0).forEach((b) => b.dispose());
});

function mount(state?: unknown) {
  const api = fakeApi(state);
  const bridge = new ScoreboardBridge(api);
  bridges.push(bridge);
  render(<ScoreboardApp bridge={bridge} />);
  deliver({ type: 'model', model });
  return api;
}

const $ = (sel: string) => [...document.querySelectorAll(sel)];
const tableCells = () => $('tr[data-role="row"]').map((r) => [...r.querySelectorAll('[data-role="cell"]')].map((c) => c.textContent));
const requests = (api: ReturnType<typeof fakeApi>, method: string) => api.posted.filter((m) => m.type === 'request' && m.method === method);

describe('scoreboard app (jsdom)', () => {
  test('posts ready, then shows every row with the cells of the table model the CLI prints', () => {
    const api = mount();
    assert.equal(api.posted[0].type, 'ready');
    assert.deepEqual(tableCells(), scoreboardTableModel(visibleScoreboardRows(model.rows, DEFAULT_SCOREBOARD_DISPLAY)).rows);
    assert.equal($('tr[data-source="loaded"]').length, 2);
    assert.equal($('tr[data-source="simulated"]').length, 1);
  });

  test('the chart: a bar per file and the simulated baseline in each of the 13 bands, numbers written out, error bars', () => {
    mount();
    assert.equal($('[data-role="bar"]').length, 3 * CHART_COLUMNS.length);
    const oracleAvg = $('[data-role="bar"][data-column="avg"]').find((b) => b.getAttribute('data-series') === FILES[0]);
    assert.equal(oracleAvg?.querySelector('[data-role="bar-value"]')?.textContent, '88.80');
    assert.ok($('[data-role="error-bar"]').length >= 2 * 13, 'the files have intervals');
    assert.equal($('[data-role="legend"] li').length, 4, 'two files, the simulated baseline, the note on error bars');
  });

  test("the random baseline's mean and interval beside the paper's 20.01, with the reason they differ", () => {
    mount();
    assert.equal(document.querySelector('[data-role="random-mean"]')?.textContent, model.random!.overall!.mean.toFixed(2));
    assert.equal(document.querySelector('[data-role="paper-random"]')?.textContent, '20.01');
    assert.match(document.querySelector('[data-role="random-note"]')!.textContent!, /2,762 questions/);
  });

  test("hiding the paper's rows and a group: the table follows, the host and setState are told", () => {
    const api = mount();
    const paper = () => $('tr[data-role="row"]').filter((r) => !['loaded', 'simulated'].includes(r.getAttribute('data-source')!)).length;
    assert.equal(paper(), 25);
    act(() => void fireEvent.click(document.querySelector('[data-role="show-reference"]')!));
    assert.equal(paper(), 0);
    assert.equal((api.state as { display: { showReference: boolean } }).display.showReference, false);
    act(() => void fireEvent.click(document.querySelector('[data-role="show-reference"]')!));
    act(() => void fireEvent.click(document.querySelector('[data-group="embodied"]')!));
    assert.equal(paper(), 20);
    const last = requests(api, 'setDisplay').at(-1) as unknown as { params: { display: { groups: string[] } } };
    assert.ok(!last.params.display.groups.includes('embodied'));
  });

  test('a filter saved in setState comes back after a reload and goes to the host with ready', () => {
    const api = mount({ display: { showReference: true, groups: ['human'] } });
    assert.deepEqual(api.posted[0], { type: 'ready', display: { showReference: true, groups: ['human'] } });
    assert.equal($('tr[data-source="human"]').length, 1);
    assert.equal($('tr[data-source="proprietary"]').length, 0);
  });

  test('the paper row marked in the chart comes back on a page built again (a hidden panel is torn down)', () => {
    const api = mount();
    const label = 'Human Level (20 samples/task)';
    const select = document.querySelector('[data-role="mark-select"]') as HTMLSelectElement;
    act(() => void fireEvent.change(select, { target: { value: label } }));
    assert.ok($('line[data-role="mark"]').length > 0);
    cleanup();
    mount(api.state);
    assert.equal((document.querySelector('[data-role="mark-select"]') as HTMLSelectElement).value, label);
    assert.ok($('line[data-role="mark"]').length > 0, 'the ticks are drawn again');
  });

  test('the export buttons ask the host for that format with the filter shown, and say where it was saved', async () => {
    const api = mount({ display: { showReference: false, groups: ['human'] } });
    act(() => void fireEvent.click(document.querySelector('[data-action="export-latex"]')!));
    const req = requests(api, 'exportTable')[0] as unknown as { id: number; params: unknown };
    assert.deepEqual(req.params, { format: 'latex', display: { showReference: false, groups: ['human'] } });
    deliver({ type: 'response', id: req.id, ok: true, result: { started: true } });
    deliver({ type: 'exported', format: 'latex', saved: '/tmp/board.tex' });
    await act(async () => await new Promise((r) => setTimeout(r, 0)));
    assert.match(document.querySelector('[data-role="notice"]')!.textContent!, /LaTeX: \/tmp\/board\.tex/);
  });

  test('a board without a dataset shows its message and no table', () => {
    const api = fakeApi();
    const bridge = new ScoreboardBridge(api);
    bridges.push(bridge);
    render(<ScoreboardApp bridge={bridge} />);
    deliver({
      type: 'model',
      model: { ...model, rows: [], files: [], random: null, message: 'Open a GST-Bench dataset to score result files against it.' },
    });
    assert.match(document.querySelector('[data-role="message"]')!.textContent!, /Open a GST-Bench dataset/);
    assert.equal($('[data-role="table"]').length, 0);
  });
});

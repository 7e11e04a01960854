// The diagnosis in the scoreboard and the compare panel, host session and React app together in jsdom, on the real
// demo files diagnosed by the real engine: the sections arrive after the board (files are diagnosed on demand),
// hold the CLI's lines and the deltas where counts differ, and a line's button asks the host for its questions.
import '../webview/dom';
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import React from 'react';
import { diagnoseFile, evaluateFile, readDataset, type Dataset, type FileDiagnosis } from '../../../src/core';
import type { DiagnosisHost } from '../../../src/panels/common/diagnosisHost';
import { createCompareHost } from '../../../src/panels/compare/compareHost';
import { diagnosisDeltaViews } from '../../../src/panels/compare/diagnosisDeltas';
import { CompareSession } from '../../../src/panels/compare/session';
import { createScoreboardHost } from '../../../src/panels/scoreboard/scoreboardHost';
import { ScoreboardSession } from '../../../src/panels/scoreboard/session';
import { diagnosisDeltas, diagnosisDeltaTable, diagnosisLines, questionDiagnosisWords } from '../../../src/shared/diagnosis/views';
import type { CompareNotification, ScoreboardHostMessage, ScoreboardNotification } from '../../../src/shared/protocol';
import type { CompareHostMessage } from '../../../src/shared/protocol/compare';
import { Emitter } from '../../../src/store/slices';
import type { InspectorState } from '../../../src/store/state';
import { App as CompareApp } from '../../../webview/compare/App';
import { CompareBridge } from '../../../webview/compare/bridge';
import { ScoreboardApp } from '../../../webview/scoreboard/App';
import { ScoreboardBridge } from '../../../webview/scoreboard/bridge';
import { DEMO, demoResult, demoState } from '../scoreboard/demoState';
import { fakeApi, mount as mountViewer, type FakeApi } from '../webview/mount';
import { resultViews } from '../../../src/panels/viewer/sampleView';
import { ANGLE_SAMPLE } from '../webview/samples';
import { visibilityCoverageSentence } from '../../../src/shared/diagnosis/visibilityCoverage';

const ORACLE = demoResult('noisy-oracle');
const TEMPLATE_B = demoResult('template-b');
let dataset: Dataset;
const diagnoses = new Map<string, FileDiagnosis>();

before(async () => {
  dataset = await readDataset(DEMO, { sniffMedia: false });
  for (const f of [ORACLE, TEMPLATE_B]) diagnoses.set(f, (await diagnoseFile(dataset, f, { profile: 'paper' })).diagnosis);
});

/** A host that diagnoses on `ensure` (from the real diagnoses above) and says so, as the store's service does. */
function diagnosisHost(): DiagnosisHost & { shown: unknown[] } {
  const computed = new Set<string>();
  const emitter = new Emitter<{ ids: string[] }>();
  const shown: unknown[] = [];
  return {
    shown,
    get: (id) => (computed.has(id) ? diagnoses.get(id) : undefined),
    ensure: async (id) => {
      await Promise.resolve();
      if (!computed.has(id)) {
        computed.add(id);
        emitter.fire({ ids: [id] });
      }
      return diagnoses.get(id);
    },
    showQuestions: async (id, cls, subtask) => {
      shown.push({ id, cls, subtask });
      return diagnoses
        .get(id)!
        .subtasks.find((s) => s.subtask === subtask)!
        .classes.find((c) => c.cls === cls)!.count;
    },
    onDidChange: emitter.event,
  };
}

async function tickedState(): Promise<InspectorState> {
  const state = await demoState(dataset, [ORACLE, TEMPLATE_B]);
  state.setCompared(ORACLE, true);
  state.setCompared(TEMPLATE_B, true);
  return state;
}

const disposers: Array<() => void> = [];

/** A scoreboard session on the two ticked files, ready; what it sent. */
async function readyScoreboard(): Promise<{ sent: ScoreboardNotification[]; session: ScoreboardSession }> {
  const sent: ScoreboardNotification[] = [];
  const session = new ScoreboardSession({
    host: createScoreboardHost(await tickedState(), () => 'paper', diagnosisHost()),
    notify: (m) => sent.push(m) > 0,
    isReady: () => true,
  });
  disposers.push(() => session.dispose());
  session.ready(undefined);
  return { sent, session };
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 10)));
const $ = (sel: string) => [...document.querySelectorAll(sel)];
afterEach(() => {
  cleanup();
  disposers.splice(0).forEach((d) => d());
});

/** The scoreboard app rendered with the board a real session sent, and a way to deliver more host messages. */
async function mountedScoreboard() {
  const { sent, session } = await readyScoreboard();
  await settle();
  await session.settled(); // the diagnoses that came in are sent together, a moment later
  const api: FakeApi = fakeApi();
  const bridge = new ScoreboardBridge(api);
  disposers.push(() => bridge.dispose());
  render(<ScoreboardApp bridge={bridge} />);
  const deliver = (m: ScoreboardHostMessage) => act(() => void window.dispatchEvent(new window.MessageEvent('message', { data: m })));
  deliver(sent.find((m) => m.type === 'model')!);
  return { sent, api, deliver };
}

describe('scoreboard: the Diagnosis section', () => {
  test('comes after the board, pending, then with the lines `gst-bench diagnose` prints per file and subtask', async () => {
    const { sent, session } = await readyScoreboard();
    const first = sent.find((m) => m.type === 'diagnosis');
    assert.ok(first && first.type === 'diagnosis');
    assert.deepEqual(
      first.files.map((f) => f.pending),
      [true, true],
    );
    await settle();
    await session.settled();
    const last = sent.filter((m) => m.type === 'diagnosis').at(-1)!;
    assert.ok(last.type === 'diagnosis');
    assert.deepEqual(
      last.files.map((f) => [f.id, f.pending, f.subtasks]),
      [ORACLE, TEMPLATE_B].map((f) => [f, false, diagnosisLines(diagnoses.get(f)!)]),
    );
    assert.ok(last.files[1].subtasks.length > 0, 'template-b has wrong answers to diagnose');
  });

  test("the app shows each file's lines and a class line's button asks the host for its questions", async () => {
    const { sent, api, deliver } = await mountedScoreboard();
    deliver(sent.filter((m) => m.type === 'diagnosis').at(-1)!);

    const files = $('[data-role="diagnosis-file"]');
    assert.equal(files.length, 2);
    assert.ok(
      files.every((f) => (f as HTMLDetailsElement).open),
      'open, and collapsible',
    );
    const lines = diagnosisLines(diagnoses.get(TEMPLATE_B)!);
    assert.deepEqual(
      [...files[1].querySelectorAll('[data-role="diagnosis-line"] .diagnosis-text')].map((e) => e.textContent),
      lines.flatMap((s) => s.lines.map((l) => l.text)),
    );
    const withButton = lines.flatMap((s) => s.lines.filter((l) => l.cls).map((l) => ({ s, l })));
    assert.equal(files[1].querySelectorAll('[data-action="show-diagnosis-questions"]').length, withButton.length);

    const { s, l } = withButton[0];
    fireEvent.click(files[1].querySelector('[data-action="show-diagnosis-questions"]')!);
    const request = api.posted.filter((m) => m.type === 'request' && m.method === 'showDiagnosisQuestions').at(-1)!;
    assert.deepEqual(request.params, { file: TEMPLATE_B, cls: l.cls, subtask: s.subtask });
    deliver({ type: 'response', id: request.id as number, ok: true, result: { shown: l.count } });
    await settle();
    assert.equal(
      document.querySelector('[data-role="diagnosis-notice"]')?.textContent,
      `${s.abbreviation}: ${l.count} ${l.count === 1 ? 'question' : 'questions'} shown in the Questions view.`,
    );
  });
});

describe('scoreboard: the Diagnosis section as many diagnoses come in', () => {
  test('a burst of diagnoses is one message, not one per file', async () => {
    const emitter = new Emitter<{ ids: string[] }>();
    const sent: ScoreboardNotification[] = [];
    const session = new ScoreboardSession({
      host: createScoreboardHost(await tickedState(), () => 'paper', {
        ...diagnosisHost(),
        get: (id) => diagnoses.get(id),
        onDidChange: emitter.event,
      }),
      notify: (m) => sent.push(m) > 0,
      isReady: () => true,
    });
    disposers.push(() => session.dispose());
    session.ready(undefined);
    await session.settled();
    const before = sent.filter((m) => m.type === 'diagnosis').length;
    for (let i = 0; i < 20; i++) emitter.fire({ ids: [i % 2 ? ORACLE : TEMPLATE_B] });
    await session.settled();
    assert.equal(sent.filter((m) => m.type === 'diagnosis').length - before, 1, 'one message for a burst of 20 changes');
  });
});

describe('scoreboard: how much visibility is known', () => {
  test('a file whose visibility is partly known says so, and its button runs Find Target Frames in Videos', async () => {
    const { sent, api, deliver } = await mountedScoreboard();
    const last = sent.filter((m) => m.type === 'diagnosis').at(-1)!;
    assert.ok(last.type === 'diagnosis');
    const note = visibilityCoverageSentence({ known: 3, total: 9 })!;
    const all = visibilityCoverageSentence({ known: 9, total: 9 })!;
    deliver({
      ...last,
      files: [
        { ...last.files[0], visibilityNote: note, visibilityIncomplete: true },
        { ...last.files[1], visibilityNote: all },
      ],
    });
    const shown = $('[data-role="visibility-coverage"]');
    assert.deepEqual(
      shown.map((e) => e.textContent),
      [`${note} Find Target Frames in Videos`, `${all} `],
    );
    assert.equal($('[data-action="find-target-frames"]').length, 1, 'no button where every question is known');
    fireEvent.click($('[data-action="find-target-frames"]')[0]);
    assert.ok(api.posted.some((m) => m.type === 'request' && m.method === 'findTargetFrames'));
  });
});

describe('scoreboard: a closed panel', () => {
  test('builds no board when a diagnosis comes in (the random baseline is the slow part)', async () => {
    const diagnosis = diagnosisHost();
    const host = createScoreboardHost(await tickedState(), () => 'paper', diagnosis);
    let builds = 0;
    const sent: ScoreboardNotification[] = [];
    const session = new ScoreboardSession({
      host: { ...host, dataset: () => (builds++, host.dataset()) },
      notify: (m) => sent.push(m) > 0,
      isReady: () => false,
    });
    disposers.push(() => session.dispose());
    await diagnosis.ensure(ORACLE);
    assert.deepEqual([builds, sent.length], [0, 0]);
  });
});

/** A Compare session over the ticked files with this diagnosis host, recording what it sends. */
async function compareSession(diagnosis: DiagnosisHost, extra: { diagnosisAfterPaint?: boolean } = {}) {
  const state = await tickedState();
  const sent: CompareNotification[] = [];
  const session = new CompareSession({
    host: createCompareHost(state, { options: () => ({ profile: 'paper' }), showQuestion: () => undefined, diagnosis }),
    notify: (m) => sent.push(m) > 0,
    isReady: () => true,
    ...extra,
  });
  disposers.push(() => session.dispose());
  return { session, sent };
}

describe('compare: the diagnosis deltas', () => {
  test('follow the table: per file against the baseline, the classes whose counts differ, in the table the app shows', async () => {
    const host = diagnosisHost();
    const { session, sent } = await compareSession(host);
    await session.ready(undefined);
    await settle();
    await session.settled(); // the diagnoses that came in are sent together, a moment later
    const last = sent.filter((m) => m.type === 'diagnosis').at(-1)!;
    assert.ok(last.type === 'diagnosis');
    assert.equal(last.deltas.length, 1);
    const d = last.deltas[0];
    assert.equal(d.pending, false);
    assert.deepEqual(d.deltas, diagnosisDeltas(diagnoses.get(ORACLE)!, diagnoses.get(TEMPLATE_B)!, 'template-b.jsonl'));
    assert.ok(d.deltas.length > 0, 'template-b and the oracle differ');

    const api = fakeApi();
    const bridge = new CompareBridge(api);
    disposers.push(() => bridge.dispose());
    render(<CompareApp bridge={bridge} />);
    const deliver = (m: CompareHostMessage) => act(() => void window.dispatchEvent(new window.MessageEvent('message', { data: m })));
    deliver(sent.find((m) => m.type === 'table')!);
    deliver(last);
    assert.ok(document.querySelector('[data-role="compare"]'), 'the diagnosis message keeps the table');
    const rows = $('[data-role="diagnosis-delta-table"] tbody tr').map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    assert.deepEqual(rows, diagnosisDeltaTable(d.deltas, d.baseline.name, d.other.name).rows);
  });
});

describe('compare: the diagnosis deltas as many diagnoses come in', () => {
  test('a burst of diagnoses is one message, not one per file', async () => {
    // A diagnosis service whose template-b diagnosis is replaced again and again, each change with its event: every
    // change alters the deltas, so a session that sent on each event would send 20 messages.
    const emitter = new Emitter<{ ids: string[] }>();
    let changes = 0;
    const replaced: DiagnosisHost = {
      ...diagnosisHost(),
      get: (id) => (id === TEMPLATE_B && changes % 2 ? diagnoses.get(ORACLE) : diagnoses.get(id)),
      onDidChange: emitter.event,
    };
    const { session, sent } = await compareSession(replaced);
    await session.ready(undefined);
    await settle();
    await session.settled();
    const before = sent.filter((m) => m.type === 'diagnosis').length;
    assert.equal(before, 1, 'the deltas went with the table');
    for (changes = 1; changes <= 20; changes++) emitter.fire({ ids: [TEMPLATE_B] });
    await session.settled();
    const burst = sent.filter((m) => m.type === 'diagnosis').slice(before);
    assert.equal(burst.length, 1, `${burst.length} diagnosis messages for one burst of 20 changes`);
  });

  test("each pair's deltas are computed once while both diagnoses stay, and again for another name", () => {
    const a = diagnoses.get(ORACLE)!;
    const b = diagnoses.get(TEMPLATE_B)!;
    const host: DiagnosisHost = { ...diagnosisHost(), get: (id) => diagnoses.get(id) };
    const inputs = [
      { id: ORACLE, name: 'oracle.jsonl', colorIndex: 0 },
      { id: TEMPLATE_B, name: 'template-b.jsonl', colorIndex: 1 },
    ] as unknown as Parameters<typeof diagnosisDeltaViews>[0];
    const first = diagnosisDeltaViews(inputs, ORACLE, host)[0].deltas;
    assert.deepEqual(first, diagnosisDeltas(a, b, 'template-b.jsonl'));
    assert.equal(diagnosisDeltaViews(inputs, ORACLE, host)[0].deltas, first, 'the same pair: the deltas kept');
    const renamed = [inputs[0], { ...inputs[1], name: 'renamed.jsonl' }] as typeof inputs;
    const other = diagnosisDeltaViews(renamed, ORACLE, host)[0].deltas;
    assert.notEqual(other, first);
    assert.deepEqual(other, diagnosisDeltas(a, b, 'renamed.jsonl'));
  });
});

describe('compare: the diagnosis deltas after the paint', () => {
  test('with diagnosisAfterPaint nothing is diagnosed or sent with the table; the page painting it brings the deltas', async () => {
    const host = diagnosisHost();
    let ensured = 0;
    const counted: DiagnosisHost = { ...host, ensure: (id) => (ensured++, host.ensure(id)) };
    const { session, sent } = await compareSession(counted, { diagnosisAfterPaint: true });
    await session.ready(undefined);
    await settle();
    assert.ok(sent.some((m) => m.type === 'table'));
    assert.deepEqual([ensured, sent.filter((m) => m.type === 'diagnosis').length], [0, 0], 'the table goes alone');
    session.tablePainted();
    await settle();
    await session.settled();
    assert.ok(ensured > 0, 'painted: the files are diagnosed');
    const last = sent.filter((m) => m.type === 'diagnosis').at(-1)!;
    assert.ok(last.type === 'diagnosis');
    assert.deepEqual(last.deltas[0].deltas, diagnosisDeltas(diagnoses.get(ORACLE)!, diagnoses.get(TEMPLATE_B)!, 'template-b.jsonl'));
  });
});

describe("viewer: the question's class in the header", () => {
  test("each file's row carries its class in words, and the header writes it under the file", async () => {
    const d = diagnoses.get(TEMPLATE_B)!;
    const [uid, q] = [...d.byUid].find(([, x]) => x.cls === 'unparsed' || x.corrected !== undefined)!;
    assert.ok(q.cls);
    const subtask = dataset.byUid.get(uid)!.subtask;
    const evaluation = await evaluateFile(dataset, TEMPLATE_B, { profile: 'paper' });
    const base = { id: TEMPLATE_B, label: 'template-b', colorIndex: 0, active: true, evaluation };
    const [withDiagnosis] = resultViews(uid, [{ ...base, diagnosis: d }], subtask);
    assert.equal(withDiagnosis.diagnosis, questionDiagnosisWords(d, uid, subtask));
    assert.equal(resultViews(uid, [base], subtask)[0].diagnosis, undefined, 'not diagnosed yet: nothing said');

    const { show, bridge } = mountViewer();
    disposers.push(() => bridge.dispose());
    show({ ...ANGLE_SAMPLE, results: [{ ...ANGLE_SAMPLE.results[0], diagnosis: withDiagnosis.diagnosis }, ANGLE_SAMPLE.results[1]] });
    assert.deepEqual(
      $('[data-role="diagnosis"]').map((e) => e.textContent),
      [`Diagnosis: ${withDiagnosis.diagnosis}`],
    );
  });
});

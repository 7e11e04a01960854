// The state's slices: each fires its own typed change, and only for a real change.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AuditSlice, ComparisonSlice, Emitter, FilterSlice, ResultsSlice, SelectionSlice, anyEvent } from '../../../src/store/slices';
import { InspectorState } from '../../../src/store/state';

function record<T>(event: (l: (e: T) => void) => unknown): T[] {
  const seen: T[] = [];
  event((e) => void seen.push(e));
  return seen;
}

describe('slices', () => {
  test('emitter: listeners, dispose, thisArgs and the disposables array; anyEvent joins events', () => {
    const a = new Emitter<number>();
    const b = new Emitter<string>();
    const seen: unknown[] = [];
    const bag: Array<{ dispose(): void }> = [];
    const sub = anyEvent(a.event, b.event)((e) => void seen.push(e), undefined, bag);
    a.fire(1);
    b.fire('x');
    assert.equal(bag.length, 1);
    sub.dispose();
    a.fire(2);
    assert.deepEqual(seen, [1, 'x']);
    const self = { n: 0 };
    a.event(function (this: typeof self) {
      this.n++;
    }, self);
    a.fire(3);
    assert.equal(self.n, 1);
  });

  test('results: colours in load order, one active; removing the active one makes the next active', () => {
    const results = new ResultsSlice();
    const changes = record(results.onDidChange);
    results.add('/r/a.jsonl');
    results.add('/r/b.jsonl');
    assert.equal(results.add('/r/a.jsonl').isNew, false);
    results.setActive('/r/a.jsonl');
    results.setActive('/r/a.jsonl'); // no change, no event
    assert.deepEqual(
      results.all().map((r) => r.colorIndex),
      [0, 1],
    );
    results.remove('/r/a.jsonl');
    assert.equal(results.active()?.id, '/r/b.jsonl');
    assert.deepEqual(
      changes.map((c) => c.kind),
      ['added', 'added', 'active', 'removed', 'active'],
    );
  });

  test('comparison: compared files and a baseline, independent of which file is active', () => {
    const comparison = new ComparisonSlice();
    const changes = record(comparison.onDidChange);
    comparison.setCompared('a', true);
    comparison.setCompared('a', true);
    comparison.setBaseline('b'); // a baseline is compared
    assert.deepEqual(comparison.compared(), ['a', 'b']);
    comparison.setCompared('b', false); // unticking the baseline clears it
    assert.equal(comparison.baseline(), undefined);
    comparison.forget('a');
    assert.deepEqual(changes.at(-1), { compared: [], baseline: undefined });
    assert.equal(changes.length, 4);
  });

  test('filter: a patch fires with the previous state; blank text clears the text filter', () => {
    const filter = new FilterSlice();
    const changes = record(filter.onDidChange);
    filter.set({ text: 'chair' });
    filter.set({ text: '   ' });
    assert.equal(filter.get().text, undefined);
    assert.equal(changes[1].previous.text, 'chair');
    assert.equal(filter.isActive(), false);
  });

  test('selection fires only when the question changes', () => {
    const selection = new SelectionSlice();
    const changes = record(selection.onDidChange);
    selection.select('q1');
    selection.select('q1');
    selection.select('q2');
    assert.deepEqual(changes, [
      { uid: 'q1', previous: undefined },
      { uid: 'q2', previous: 'q1' },
    ]);
  });

  test('audit: loaded sidecars, states over all of them; an event only for the uids that changed', () => {
    const audit = new AuditSlice();
    const changes = record(audit.onDidChange);
    const entry = (uid: string, reviewer: string, verdict: 'ok' | 'wrong-answer') => ({
      uid,
      reviewer,
      verdict,
      note: '',
      proposed_answer: null,
      time: '2026-12-01T09:30:00.000Z',
    });
    const sidecar = { file: '/d/gst-audit.jsonl', root: '/d', writable: true, problems: [] };
    audit.load({ ...sidecar, entries: [entry('q1', 'Ada', 'ok'), entry('q2', 'Ada', 'wrong-answer')] });
    audit.load({ ...sidecar, entries: [entry('q1', 'Ada', 'ok'), entry('q2', 'Ada', 'wrong-answer')] });
    audit.load({ ...sidecar, entries: [entry('q1', 'Ada', 'ok'), entry('q1', 'Bob', 'wrong-answer'), entry('q2', 'Ada', 'wrong-answer')] });
    assert.deepEqual(
      changes.map((c) => c.uids),
      [['q1', 'q2'], ['q1']],
      'reading the same content again fires nothing',
    );
    assert.equal(audit.state('q1')?.verdict, 'mixed');
    assert.equal(audit.state('q1')?.disagree, true);
    assert.equal(audit.state('q2')?.flagged, true);
    assert.equal(audit.forRoot('/d')?.file, '/d/gst-audit.jsonl');
    audit.remove('/d/gst-audit.jsonl');
    assert.deepEqual(changes.at(-1), { file: '/d/gst-audit.jsonl', uids: ['q1', 'q2'] });
    assert.equal(audit.states().size, 0);
  });

  test('state: active and compared are independent; the compared flag mirrors the comparison slice', () => {
    const state = new InspectorState();
    const { results, comparison } = state.slices;
    results.add('/r/a.jsonl');
    results.add('/r/b.jsonl');
    state.setActive('/r/a.jsonl');
    state.setCompared('/r/a.jsonl', true);
    state.setActive('/r/b.jsonl');
    assert.equal(state.result('/r/a.jsonl')?.compared, true, 'making another file active leaves the previous one ticked');
    state.setCompared('/r/b.jsonl', false);
    state.setCompared('/r/a.jsonl', false);
    assert.deepEqual(comparison.compared(), [], 'the active file can be unticked');
    assert.equal(state.activeResult()?.id, '/r/b.jsonl');
    results.remove('/r/b.jsonl');
    assert.equal(state.activeResult()?.id, '/r/a.jsonl');
    state.dispose();
  });
});

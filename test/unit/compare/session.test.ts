// The Compare panel's host side against the real state, the real demo dataset and result files: its table is
// the CLI's `compare --json` document, and it follows ticks, the baseline and new scores with notifications.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCompare } from '../../../src/cli/compare';
import type { Dataset } from '../../../src/core';
import { loadResultFile } from '../../../src/core/compare/load';
import { evaluateFile } from '../../../src/core/results/evaluation';
import type { CompareView } from '../../../src/shared/protocol/compare';
import { disagreements } from '../../../src/shared/stats/disagreements';
import { demoFixture, type DemoFixture } from './demoSession';

let fx: DemoFixture;
let dataset: Dataset;
let file: (name: string) => string;
let setUp: DemoFixture['setUp'];
before(async () => {
  fx = await demoFixture();
  ({ dataset, file, setUp } = fx);
});
after(() => fx.remove());

/** `gst-bench compare --json` on the same files, run in-process with the real CLI code. */
async function cliJson(files: string[], baseline?: string) {
  let out = '';
  await runCompare(dataset, files, baseline, { profile: 'paper', format: 'json', cwd: fx.dir, out: (t) => (out += t), err: () => {} });
  return JSON.parse(out);
}

/** The Comparison part of the CLI's document (it adds groupings, files and problems beside it). */
function comparisonOf(json: Record<string, unknown>) {
  const { seed, resamples, permutations, level, baseline, sets, deltas } = json;
  return { seed, resamples, permutations, level, baseline, sets, deltas };
}

/** The comparison with ids and paths reduced to file names (the CLI prints them relative, the panel absolute). */
function byName(c: unknown): unknown {
  return JSON.parse(JSON.stringify(c), (k, v) =>
    typeof v === 'string' && (k === 'id' || k === 'file' || k === 'baseline' || k === 'other') ? path.basename(v) : v,
  );
}

describe('Compare session', () => {
  test('the table is exactly what gst-bench compare --json computes for the ticked files', async () => {
    const { session, tables } = await setUp(['noisy-oracle', 'template-b']);
    await session.ready(undefined);
    const [view] = tables();
    assert.ok(view, 'a table was sent');
    const json = await cliJson([file('noisy-oracle'), file('template-b')]);
    assert.deepEqual(byName(view.comparison), byName(comparisonOf(json)));
    assert.deepEqual(byName(view.runGroups), byName(json.runGroups));
    assert.deepEqual(byName(view.settings), byName(json.settings));
    assert.equal(view.baselineFile, file('noisy-oracle'));
    assert.deepEqual(
      view.files.map((f) => [f.name, f.lines, f.scored]),
      json.files.map((f: { file: string; lines: number; scored: number }) => [path.basename(f.file), f.lines, f.scored]),
    );
    // Format loss per file and subtask is the shared lenient - strict difference, and the CLI's to the bit.
    for (const f of view.files) {
      assert.ok(f.formatLoss);
      for (const e of Object.values(f.formatLoss.subtasks)) assert.equal(e!.loss, e!.lenient - e!.strict);
    }
    assert.deepEqual(
      view.files.map((f) => f.formatLoss),
      json.files.map((f: { formatLoss: unknown }) => f.formatLoss),
    );
    assert.ok(
      view.files.some((f) => (f.formatLoss?.overall.loss ?? 0) > 0),
      'a demo file loses points to format, so the check compares real losses',
    );
  });

  test('fewer than two ticked files: a message saying so, no table', async () => {
    const { session, sent, tables } = await setUp(['random']);
    await session.ready(undefined);
    assert.equal(tables().length, 0);
    assert.deepEqual(sent.at(-1), {
      type: 'empty',
      message: 'Tick two or more result files in the Results view to compare them (1 ticked).',
    });
  });

  test('the baseline chosen in the panel goes into the comparison slice and the deltas follow it', async () => {
    const { state, session, tables } = await setUp(['noisy-oracle', 'random', 'template-b']);
    await session.ready(undefined);
    assert.deepEqual(session.setBaseline(file('template-b')), { ok: true });
    await session.refresh();
    assert.equal(state.slices.comparison.baseline(), file('template-b'));
    const view = tables().at(-1)!;
    assert.equal(view.baselineFile, file('template-b'));
    const json = await cliJson([file('noisy-oracle'), file('random'), file('template-b')], file('template-b'));
    assert.deepEqual(byName(view.comparison.deltas), byName(json.deltas));
    assert.deepEqual(session.setBaseline('/not/compared.jsonl'), { ok: false });
  });

  test('a baseline the webview restored is taken when the slice has none', async () => {
    const { state, session, tables } = await setUp(['noisy-oracle', 'random']);
    await session.ready(file('random'));
    await session.refresh();
    assert.equal(state.slices.comparison.baseline(), file('random'));
    assert.equal(tables().at(-1)!.baselineFile, file('random'));
  });

  test('ticking, unticking and a new evaluation send a new table; an unrelated change sends nothing', async () => {
    const { state, session, sent, tables } = await setUp(['noisy-oracle', 'template-b']);
    await session.ready(undefined);
    const before = sent.length;
    state.setFilter({ text: 'chair' });
    state.slices.selection.select(dataset.questions[0].uid);
    await session.refresh();
    assert.equal(sent.length, before, 'filter and selection do not touch the table');

    state.setCompared(file('random'), true);
    await session.refresh();
    assert.equal(tables().at(-1)!.comparison.sets.length, 3);

    // The file is scored again with changed lines: the panel reads it again (a new evaluation).
    const lines = readFileSync(file('template-b'), 'utf8').trimEnd().split('\n');
    const first = JSON.parse(lines[0]);
    lines[0] = JSON.stringify({ ...first, prediction: 'no idea' });
    writeFileSync(file('template-b'), lines.join('\n') + '\n');
    state.slices.results.setEvaluation(file('template-b'), {
      evaluation: await evaluateFile(dataset, file('template-b'), { profile: 'paper' }),
    });
    await session.refresh();
    const json = await cliJson([file('noisy-oracle'), file('random'), file('template-b')]);
    assert.deepEqual(byName(tables().at(-1)!.comparison), byName(comparisonOf(json)));

    state.setCompared(file('random'), false);
    state.setCompared(file('template-b'), false);
    await session.refresh();
    assert.equal(sent.at(-1)!.type, 'empty');
  });

  test('a page shown again gets the table it had; a new baseline computes a new one', async () => {
    const { session, state, tables } = await setUp(['noisy-oracle', 'random']);
    await session.ready(undefined);
    session.pageGone();
    await session.ready(undefined);
    assert.equal(tables().length, 2);
    assert.equal(tables()[1], tables()[0], 'the same table object: not computed again');
    state.slices.comparison.setBaseline(file('random'));
    await session.refresh();
    assert.notEqual(tables().at(-1), tables()[0]);
    assert.equal(tables().at(-1)!.baselineFile, file('random'));
  });

  test('prepare() computes the table while the page boots: ready sends it without computing again; a change after it computes anew', async () => {
    const { session, state, sent, tables } = await setUp(['noisy-oracle', 'random']);
    const compute = session.view.bind(session);
    let computed = 0;
    session.view = (...args) => (computed++, compute(...args));
    await session.prepare();
    assert.equal(computed, 1, 'prepare computes the table once');
    assert.equal(sent.length, 0, 'and sends nothing: the page has not asked');
    await session.ready(undefined);
    assert.equal(computed, 1, 'ready finds it computed');
    assert.equal(tables().length, 1);
    const fresh = await setUp(['noisy-oracle', 'random']);
    await fresh.session.ready(undefined);
    assert.deepEqual(tables()[0], fresh.tables()[0], 'the table a session computes on ready');
    session.pageGone();
    state.slices.comparison.setBaseline(file('random'));
    await session.prepare();
    await session.ready(undefined);
    assert.equal(computed, 2, 'a new baseline: computed again, once');
    assert.equal(tables().at(-1)!.baselineFile, file('random'));
  });

  test('disagreements are the shared list for the cell; a question opens in the viewer', async () => {
    const { session, shown, tables } = await setUp(['noisy-oracle', 'random']);
    await session.ready(undefined);
    const view: CompareView = tables()[0];
    const other = view.comparison.sets[1].id;
    const r = session.disagreements({ subtask: 'ed_v', other });
    assert.ok(!('error' in r));
    const [a, b] = await Promise.all([file('noisy-oracle'), file('random')].map((f) => loadResultFile(dataset, f, { profile: 'paper' })));
    assert.deepEqual(r.list, disagreements(a.sets[0], b.sets[0], 'ed_v'));
    assert.ok(r.list.items.length > 0, 'the demo files disagree on EDv');
    assert.deepEqual(session.openQuestion(r.list.items[0].uid), { opened: true });
    assert.deepEqual(shown, [r.list.items[0].uid]);
    assert.deepEqual(session.openQuestion('no-such-uid'), { opened: false });
    assert.ok('error' in session.disagreements({ subtask: 'ed_v', other: view.comparison.baseline }));
  });

  test('the table comes from the evaluations the store holds: a ticked file is not read again', async () => {
    const { session, tables } = await setUp(['noisy-oracle', 'template-b']);
    const json = await cliJson([file('noisy-oracle'), file('template-b')]);
    const saved = readFileSync(file('template-b'));
    // Another writer empties the file after the store scored it: the panel shows what the store scored.
    writeFileSync(file('template-b'), '');
    try {
      await session.ready(undefined);
      const [view] = tables();
      assert.ok(view, 'a table was sent');
      assert.deepEqual(byName(view.comparison), byName(comparisonOf(json)));
    } finally {
      writeFileSync(file('template-b'), saved);
    }
  });
});

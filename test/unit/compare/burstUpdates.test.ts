// A burst of store changes (a watcher finding 25 result files: each one added, scored and ticked) makes the
// scoreboard and the Compare panel compute once, not once per change; a steady stream still updates them.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { evaluateFile, type Evaluation } from '../../../src/core';
import { coalesce, PANEL_UPDATE_TIMING, settledOrAfter } from '../../../src/store/coalesce';
import { createCompareHost } from '../../../src/panels/compare/compareHost';
import { CompareSession } from '../../../src/panels/compare/session';
import type { CompareNotification } from '../../../src/shared/protocol/compare';
import { createScoreboardHost } from '../../../src/panels/scoreboard/scoreboardHost';
import { ScoreboardSession } from '../../../src/panels/scoreboard/session';
import type { ScoreboardNotification } from '../../../src/shared/protocol';
import type { InspectorState } from '../../../src/store/state';
import { demoFixture, type DemoFixture } from './demoSession';

const BURST = 25;
let fx: DemoFixture;
/** BURST copies of the demo's result files, each with its evaluation, not yet in any state. */
let burst: Array<{ file: string; evaluation: Evaluation }>;

before(async () => {
  fx = await demoFixture();
  burst = await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const file = path.join(fx.dir, `burst-${i}.jsonl`);
      copyFileSync(fx.file(['noisy-oracle', 'random', 'template-b'][i % 3]), file);
      return { file, evaluation: await evaluateFile(fx.dataset, file, { profile: 'paper' }) };
    }),
  );
});
after(() => fx.remove());

/** Adds, scores and ticks one file: three change events, as the store fires them for a file it loads. */
function load(state: InspectorState, { file, evaluation }: { file: string; evaluation: Evaluation }) {
  state.slices.results.add(file);
  state.slices.results.setEvaluation(file, { evaluation });
  state.setCompared(file, true);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('coalesced panel updates', () => {
  test('a synchronous burst and a burst between awaited promises each run once', async () => {
    let runs = 0;
    const c = coalesce(() => runs++);
    for (let i = 0; i < BURST; i++) c.schedule();
    await c.idle();
    assert.equal(runs, 1);
    for (let i = 0; i < BURST; i++) {
      c.schedule();
      await Promise.resolve();
    }
    await c.idle();
    assert.equal(runs, 2);
    c.dispose();
  });

  test('a steady stream of changes still runs before it ends, bounded by the longest wait', async () => {
    let runs = 0;
    const c = coalesce(() => runs++);
    const started = Date.now();
    // Changes every 10 ms (shorter than the quiet time) for three times the longest wait.
    while (Date.now() - started < 3 * PANEL_UPDATE_TIMING.maxWaitMs) {
      c.schedule();
      await tick();
    }
    assert.ok(runs >= 1, 'ran while the changes went on');
    await c.idle();
    c.dispose();
  });

  test('a disposed update never runs, and idle() does not hang on it', async () => {
    let runs = 0;
    const c = coalesce(() => runs++);
    c.schedule();
    const idle = c.idle();
    c.dispose();
    await idle;
    await new Promise((resolve) => setTimeout(resolve, PANEL_UPDATE_TIMING.maxWaitMs + 50));
    assert.equal(runs, 0);
  });

  test(`the scoreboard builds and sends one board for ${BURST} files loaded at once`, async () => {
    const { state } = await fx.setUp([]);
    const sent: ScoreboardNotification[] = [];
    const session = new ScoreboardSession({
      host: createScoreboardHost(state, () => 'paper'),
      notify: (m) => sent.push(m) > 0,
      isReady: () => true,
    });
    session.ready(undefined);
    await session.settled();
    const before = sent.length;
    for (const b of burst) load(state, b);
    await session.settled();
    const boards = sent.slice(before).flatMap((m) => (m.type === 'model' ? [m.model] : []));
    assert.equal(boards.length, 1, `${3 * BURST} changes, ${boards.length} boards sent`);
    assert.equal(boards[0].files.length, BURST, 'the board has every file of the burst');
    session.dispose();
  });

  test(`the Compare panel computes and sends one table for ${BURST} files ticked at once`, async () => {
    const { state } = await fx.setUp(['noisy-oracle', 'random']);
    const host = createCompareHost(state, { options: () => ({ profile: 'paper' }), showQuestion: () => {} });
    let computations = 0;
    const sent: CompareNotification[] = [];
    const session = new CompareSession({
      // Each computation starts by asking for the ticked files.
      host: { ...host, comparedFiles: () => (computations++, host.comparedFiles()) },
      notify: (m) => sent.push(m) > 0,
      isReady: () => true,
    });
    await session.ready(undefined);
    await session.settled();
    const before = { sent: sent.length, computations };
    for (const b of burst) load(state, b);
    await session.settled();
    const after = sent.slice(before.sent);
    assert.equal(computations - before.computations, 1, `${3 * BURST} changes, ${computations - before.computations} computations`);
    const tables = after.flatMap((m) => (m.type === 'table' ? [m.view] : []));
    assert.equal(tables.length, 1);
    assert.equal(after.filter((m) => m.type === 'loading').length, 1, 'the files are read in one go');
    assert.equal(tables[0].files.length, 2 + BURST);
    session.dispose();
  });
});

describe('settledOrAfter', () => {
  test('resolves when the work settles (also by rejecting), or after the bound when it does not', async () => {
    assert.equal(await settledOrAfter(Promise.resolve(1), 10_000), 'settled');
    assert.equal(await settledOrAfter(Promise.reject(new Error('failed load')), 10_000), 'settled');
    const started = performance.now();
    assert.equal(await settledOrAfter(new Promise(() => undefined), 30), 'timed out');
    assert.ok(performance.now() - started >= 25, 'it waited for the bound');
  });
});

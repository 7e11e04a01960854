// The scoreboard's host side against the real state, the real demo dataset and its result files: which files
// are on the board, the simulated baseline kept per dataset and profile, and exports equal to the CLI's.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { runScoreboard } from '../../../src/cli/compare';
import { readDataset, REFERENCE_GROUPS, type Dataset, type ScoringProfile } from '../../../src/core';
import { createScoreboardHost } from '../../../src/panels/scoreboard/scoreboardHost';
import { ScoreboardSession } from '../../../src/panels/scoreboard/session';
import type { ScoreboardNotification } from '../../../src/shared/protocol';
import { InspectorState } from '../../../src/store/state';
import { REPO_ROOT } from '../helpers/shared';
import { DEMO, demoResult, demoState } from './demoState';

const FILES = ['noisy-oracle', 'random', 'template-b'].map(demoResult);
const ALL_GROUPS = REFERENCE_GROUPS.map((g) => g.key);

let dataset: Dataset;
before(async () => {
  dataset = await readDataset(DEMO, { sniffMedia: false });
});

async function setUp(profile: { value: ScoringProfile } = { value: 'paper' }) {
  const state = await demoState(dataset, FILES);
  state.setActive(FILES[1]);
  const sent: ScoreboardNotification[] = [];
  let ready = false;
  const session = new ScoreboardSession({
    host: createScoreboardHost(state, () => profile.value),
    notify: (m) => (ready ? sent.push(m) > 0 : false),
    isReady: () => ready,
  });
  return {
    state,
    session,
    sent,
    open: () => {
      ready = true;
      session.ready(undefined);
    },
  };
}

async function cliOutput(files: string[], groups: typeof ALL_GROUPS | undefined, format: 'markdown' | 'csv' | 'latex') {
  let out = '';
  await runScoreboard(dataset, files, groups, { profile: 'paper', format, cwd: REPO_ROOT, out: (t) => (out += t + '\n'), err: () => {} });
  return out;
}

describe('scoreboard session', () => {
  test('the active file alone when none is ticked; the ticked ones in colour order once some are', async () => {
    const { state, session, sent, open } = await setUp();
    assert.equal(sent.length, 0, 'nothing is built or sent before the webview listens');
    open();
    const first = (sent.at(-1) as { model: { basis: string; files: { id: string }[] } }).model;
    assert.equal(first.basis, 'active');
    assert.deepEqual(
      first.files.map((f) => f.id),
      [FILES[1]],
    );
    state.setCompared(FILES[2], true);
    state.setCompared(FILES[0], true);
    const now = session.current();
    assert.equal(now.basis, 'ticked');
    assert.deepEqual(
      now.files.map((f) => f.id),
      [FILES[0], FILES[2]],
      'load order, the colours of the Results view',
    );
    assert.deepEqual(
      now.rows.filter((r) => r.source === 'loaded').map((r) => r.label),
      ['noisy-oracle / default', 'noisy-oracle / template-b'],
    );
    assert.equal(now.rows.filter((r) => r.source !== 'loaded' && r.source !== 'simulated').length, 25, 'all 25 paper rows');
    await session.settled();
    assert.ok(sent.length >= 2, 'the changes are sent (a burst of them as one board)');
  });

  test('every export equals what `gst-bench scoreboard` prints for the same files and groups', async () => {
    const { state, session, open } = await setUp();
    FILES.forEach((f) => state.setCompared(f, true));
    open();
    for (const format of ['markdown', 'csv', 'latex'] as const) {
      assert.equal(
        session.exportText(format, { showReference: true, groups: ALL_GROUPS }),
        await cliOutput(FILES, undefined, format),
        format,
      );
      assert.equal(
        session.exportText(format, { showReference: true, groups: ['random', 'human'] }),
        await cliOutput(FILES, ['random', 'human'], format),
        `${format}, two groups`,
      );
    }
    const hidden = session.exportText('csv', { showReference: false, groups: ALL_GROUPS })!;
    assert.equal(hidden.trim().split('\n').length, 1 + FILES.length + 1, 'header, the files and the simulated baseline only');
    assert.doesNotMatch(hidden, /paper:/);
  });

  test('the numbers are the same in Markdown, CSV and LaTeX', async () => {
    const { state, session, open } = await setUp();
    FILES.forEach((f) => state.setCompared(f, true));
    open();
    const display = { showReference: true, groups: ALL_GROUPS };
    const numbers = (text: string) => text.match(/\d+\.\d\d/g) ?? [];
    const tableOf = (format: 'markdown' | 'csv' | 'latex') => session.exportText(format, display)!.split('\n\n')[0];
    const csv = numbers(tableOf('csv'));
    assert.ok(csv.length > 28 * 12, `${csv.length} numbers`);
    assert.deepEqual(numbers(tableOf('markdown')), csv);
    assert.deepEqual(numbers(tableOf('latex')), csv);
  });

  test('the simulated baseline is kept while only the results change, and simulated again for another profile', async () => {
    const profile: { value: ScoringProfile } = { value: 'paper' };
    const { state, session, open } = await setUp(profile);
    open();
    const random = session.current().random;
    assert.ok(random && random.draws === 200);
    state.setCompared(FILES[0], true);
    assert.equal(session.current().random, random, 'the same object: not simulated again');
    profile.value = 'vsibench';
    state.setCompared(FILES[2], true);
    assert.notEqual(session.current().random, random);
    assert.equal(session.current().paperRandomAvg, 20.01);
  });

  test('without a dataset the board says what to do', () => {
    const state = new InspectorState();
    const session = new ScoreboardSession({ host: createScoreboardHost(state, () => 'paper'), notify: () => true, isReady: () => true });
    const model = session.current();
    assert.match(model.message ?? '', /Open a GST-Bench dataset/);
    assert.equal(session.exportText('csv'), null);
  });

  test('"Show in Scoreboard" on a row ticks that file; a file that is not loaded is refused', async () => {
    const { state } = await setUp();
    const host = createScoreboardHost(state, () => 'paper');
    assert.equal(host.include(FILES[2]), true);
    assert.equal(state.result(FILES[2])?.compared, true);
    assert.equal(host.include('/nowhere/x.jsonl'), false);
  });
});

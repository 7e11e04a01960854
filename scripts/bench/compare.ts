// Benchmark: `compare` of 25 result files of 2,772 lines each, once loaded (scores, 2,000-resample intervals
// per file and subtask, paired deltas and p-values of 24 files against the baseline, groupings and the table),
// and opening the Compare panel on them once the extension has loaded them (the host session's whole table,
// serialized as it is posted), each against the time to read and JSON-parse the same 25 files. Prints the
// times and their ratios; it reports, it does not fail (timings here are noisy).
// Run: npm run bench:compare [-- --files N --runs R]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  compareSets,
  compareTableModel,
  datasetSubtaskCounts,
  loadResultFile,
  readDataset,
  runGroups,
  settingComparisons,
} from '../../src/core';
import { evaluateFile } from '../../src/core/results/evaluation';
import { createCompareHost } from '../../src/panels/compare/compareHost';
import { CompareSession } from '../../src/panels/compare/session';
import type { CompareNotification } from '../../src/shared/protocol/compare';
import { InspectorState } from '../../src/store/state';
import { BenchInputs } from './lib/inputs';
import { summarize } from './lib/stats';

/**
 * The compare computation may take this many times the read + JSON.parse of its files: wherever reading them
 * takes under 125 ms, that keeps compare under 1 s.
 */
const LIMIT = 8;
const { values } = parseArgs({ options: { files: { type: 'string', default: '25' }, runs: { type: 'string', default: '5' } } });
const fileCount = Number(values.files);
const runs = Number(values.runs);

const median = (xs: number[]) => summarize(xs).median;
// The machine is shared: the fastest of several interleaved runs is the one least disturbed by others.
const fastest = (xs: number[]) => summarize(xs).min;

/** Read every file and JSON.parse every line: what any reader of the files must do. */
function baseline(files: string[]): number {
  const t = performance.now();
  for (const file of files) for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) JSON.parse(line);
  return performance.now() - t;
}

async function main() {
  // The benchmark's inputs (scripts/bench/lib/inputs.ts): the paper-size dataset and 25 result files.
  const inputs = new BenchInputs(false, console.log);
  try {
    const { dir } = await inputs.dataset(1);
    const dataset = await readDataset(dir);
    const files = (await inputs.resultFiles(Math.ceil(fileCount / 25))).slice(0, fileCount);
    const sets = [];
    for (const f of files) sets.push(...(await loadResultFile(dataset, f, { profile: 'paper' })).sets);
    const counts = datasetSubtaskCounts(dataset);
    const base: number[] = [];
    const compare: number[] = [];
    for (let r = 0; r < runs; r++) {
      base.push(baseline(files));
      const t = performance.now();
      const c = compareSets(sets, { datasetCounts: counts });
      runGroups(c.sets);
      settingComparisons(sets, c);
      compareTableModel(c);
      compare.push(performance.now() - t);
    }
    // The extension's state with the 25 files loaded and ticked, and the panel's host session; its first
    // table reads the files (the load), the timed ones are what opening the panel costs afterwards.
    const state = new InspectorState();
    state.slices.datasets.add(dir, 'user');
    state.slices.datasets.setLoaded(dir, { dataset });
    for (const f of files) {
      state.slices.results.add(f);
      state.slices.results.setEvaluation(f, { evaluation: await evaluateFile(dataset, f, { profile: 'paper' }) });
      state.setCompared(f, true);
    }
    let posted = 0;
    // The page listens only while timed: the baseline change between runs computes nothing.
    let listening = true;
    const panel = new CompareSession({
      host: createCompareHost(state, { options: () => ({ profile: 'paper' }), showQuestion: () => {} }),
      // What postMessage does with the table: a structured clone, here its JSON.
      notify: (m: CompareNotification) => ((posted = JSON.stringify(m).length), true),
      isReady: () => listening,
    });
    await panel.ready(undefined);
    // Opening it on another baseline: the whole table computed and sent (an unchanged table is reused when
    // its page comes back, which is timed apart).
    const open: number[] = [];
    const reopen: number[] = [];
    for (let r = 0; r < runs; r++) {
      listening = false;
      state.slices.comparison.setBaseline(files[(r + 1) % files.length]);
      await panel.refresh();
      panel.pageGone();
      listening = true;
      let t = performance.now();
      await panel.ready(undefined);
      open.push(performance.now() - t);
      panel.pageGone();
      t = performance.now();
      await panel.ready(undefined);
      reopen.push(performance.now() - t);
    }
    panel.dispose();
    const bytes = files.reduce((a, f) => a + readFileSync(f).length, 0);
    console.log(`the panel's table message: ${(posted / 1e3).toFixed(0)} kB of JSON`);
    console.log(
      `\n${runs} interleaved runs, ${fileCount} files x ${dataset.questions.length.toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    for (const [label, pick] of [
      ['fastest', fastest],
      ['median', median],
    ] as const) {
      const b = pick(base);
      console.log(`${label}: ${'read + JSON.parse'.padEnd(20)} ${b.toFixed(0).padStart(6)} ms`);
      for (const [what, times] of [
        ['compare (loaded)', compare],
        ['open Compare panel', open],
        ['show it again', reopen],
      ] as const) {
        const m = pick(times);
        console.log(
          `${label}: ${what.padEnd(20)} ${m.toFixed(0).padStart(6)} ms  ${(m / b).toFixed(2)}x of baseline (limit ${LIMIT}x: ${m / b <= LIMIT ? 'within' : 'OVER'}; ${m < 1000 ? 'under' : 'OVER'} 1 s)`,
        );
      }
    }
  } finally {
    inputs.remove();
  }
}

void main();

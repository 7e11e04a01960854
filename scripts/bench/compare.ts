// Benchmark: `compare` of 25 result files of 2,772 lines each, once loaded (scores, 2,000-resample intervals
// per file and subtask, paired deltas and p-values of 24 files against the baseline, groupings and the table),
// against the time to read and JSON-parse the same 25 files. Prints both and their ratio; it reports, it does
// not fail (timings here are noisy).
// Run: npm run bench:compare [-- --files N --runs R]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
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
import { generateDataset } from '../../src/generator/generate';

/**
 * The compare computation may take this many times the read + JSON.parse of its files: wherever reading them
 * takes under 125 ms, that keeps compare under 1 s.
 */
const LIMIT = 8;
const { values } = parseArgs({ options: { files: { type: 'string', default: '25' }, runs: { type: 'string', default: '5' } } });
const fileCount = Number(values.files);
const runs = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The machine is shared: the fastest of several interleaved runs is the one least disturbed by others.
const fastest = (xs: number[]) => Math.min(...xs);

/** Read every file and JSON.parse every line: what any reader of the files must do. */
function baseline(files: string[]): number {
  const t = performance.now();
  for (const file of files) for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) JSON.parse(line);
  return performance.now() - t;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-bench-compare-'));
  try {
    console.log(`generating the paper-size dataset (2,772 questions, no video) and ${fileCount} result files…`);
    await generateDataset({
      out: dir,
      seed: '7',
      scenes: 3,
      questionsPerSubtask: 231,
      width: 320,
      height: 256,
      video: false,
      stubViews: true,
      force: true,
    });
    const dataset = await readDataset(dir);
    const sources = ['noisy-oracle', 'template-b', 'random'].map((n) =>
      readFileSync(path.join(dir, 'results', `${n}.jsonl`), 'utf8')
        .trimEnd()
        .split('\n'),
    );
    // Each file mixes the three simulated models' lines in its own proportion, so no two files are alike.
    const files: string[] = [];
    for (let k = 0; k < fileCount; k++) {
      const lines = sources[0].map((_, i) => {
        const record = JSON.parse(sources[(i * 7 + k * 13) % (3 + (k % 5)) < 3 ? (i + k) % 3 : 0][i]);
        return JSON.stringify({ ...record, model: `model-${k % 9}`, template: `t${k % 3}`, run: String(Math.floor(k / 9)) });
      });
      const file = path.join(dir, `file-${k}.jsonl`);
      writeFileSync(file, lines.join('\n') + '\n');
      files.push(file);
    }
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
    const bytes = files.reduce((a, f) => a + readFileSync(f).length, 0);
    console.log(
      `\n${runs} interleaved runs, ${fileCount} files x ${sources[0].length.toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    for (const [label, pick] of [
      ['fastest', fastest],
      ['median', median],
    ] as const) {
      const b = pick(base);
      const m = pick(compare);
      console.log(`${label}: ${'read + JSON.parse'.padEnd(20)} ${b.toFixed(0).padStart(6)} ms`);
      console.log(
        `${label}: ${'compare (loaded)'.padEnd(20)} ${m.toFixed(0).padStart(6)} ms  ${(m / b).toFixed(2)}x of baseline (limit ${LIMIT}x: ${m / b <= LIMIT ? 'within' : 'OVER'}; ${m < 1000 ? 'under' : 'OVER'} 1 s)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();

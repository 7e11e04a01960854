// Benchmark: rescore of a 100k-line result file against the time to read, JSON-parse and write the same file.
// Prints both and their ratio against the 1.5x limit; it reports, it does not fail (timings here are noisy).
// Run: npm run bench:rescore [-- --lines N --runs R]
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { readDataset, rescoreFile } from '../../src/core';
import { generateDataset } from '../../src/generator/generate';

const LIMIT = 1.5;
const { values } = parseArgs({ options: { lines: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' } } });
const lines = Number(values.lines);
const runs = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Read, JSON.parse every line, write to a temp file and rename: what any line-by-line tool must do. */
function baseline(file: string): number {
  const t = performance.now();
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim()) JSON.parse(line);
    out.push(line);
  }
  writeFileSync(`${file}.tmp`, out.join('\n'));
  renameSync(`${file}.tmp`, `${file}.copy`);
  return performance.now() - t;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-bench-rescore-'));
  try {
    console.log(`generating the paper-size dataset (2,772 questions, no video) and a ${lines.toLocaleString('en')}-line result file…`);
    await generateDataset({ out: dir, seed: '7', scenes: 3, questionsPerSubtask: 231, width: 320, height: 256, video: false, stubViews: true, resultsLines: lines, force: true });
    const dataset = await readDataset(dir);
    const source = path.join(dir, 'results', 'template-b.jsonl');
    const original = readFileSync(source);
    const file = path.join(dir, 'bench.jsonl');
    const base: number[] = [];
    const first: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < runs; i++) {
      writeFileSync(file, original);
      base.push(baseline(file));
      let t = performance.now();
      await rescoreFile(dataset, file, { profile: 'paper' }); // inserts the owned fields
      first.push(performance.now() - t);
      t = performance.now();
      await rescoreFile(dataset, file, { profile: 'paper' }); // replaces them in place
      again.push(performance.now() - t);
    }
    const b = median(base);
    const row = (label: string, ms: number) => `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / b).toFixed(2)}x of baseline (limit ${LIMIT}x: ${ms / b <= LIMIT ? 'within' : 'OVER'})`;
    console.log(`\nmedian of ${runs} runs, ${lines.toLocaleString('en')} lines, ${(original.length / 1e6).toFixed(1)} MB`);
    console.log(`${'baseline: read + JSON.parse + write'.padEnd(44)} ${b.toFixed(0).padStart(6)} ms`);
    console.log(row('rescore (first: fields inserted)', median(first)));
    console.log(row('rescore (again: fields replaced)', median(again)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();

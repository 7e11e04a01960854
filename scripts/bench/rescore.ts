// Benchmark: the CLI's rescore of a 100k-line result file against its limit measured in the same run (plain
// Node reading the dataset, then reading, parsing, stringifying and writing every line: rescoreLimit.mjs), and
// against the plain Python script a user would write (rescore_peer.py). Every command runs as its own process,
// as a user runs it. Medians of --runs runs after a warm-up, with min and max; it reports, it does not fail.
// Run: npm run bench:rescore [-- --lines N --runs R --json]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { generatePaperSizeDataset } from './paperSizeDataset';

/** The targets: the CLI within its limit, and at least twice as fast as the Python peer. */
const TARGET_CLI_OVER_LIMIT = 1.0;
const TARGET_PYTHON_OVER_CLI = 2.0;

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' }, json: { type: 'boolean' } },
});
const lines = Number(values.lines);
const runs = Math.max(5, Number(values.runs));
const here = path.dirname(new URL(import.meta.url).pathname);
const cli = path.resolve(here, '../../dist/cli.js');

interface Stat {
  median: number;
  min: number;
  max: number;
}
const stat = (xs: number[]): Stat => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
};

function timed(command: string, args: string[]): number {
  const t = performance.now();
  const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-bench-rescore-'));
  try {
    statSync(cli);
    const log = values.json ? () => undefined : console.log;
    log(`generating the paper-size dataset (2,772 questions, no video) and a ${lines.toLocaleString('en')}-line result file…`);
    await generatePaperSizeDataset(dir, '7', { resultsLines: lines });
    const original = readFileSync(path.join(dir, 'results', 'template-b.jsonl'));
    const file = path.join(dir, 'bench.jsonl');
    const samples: Record<'limit' | 'first' | 'repeat' | 'python', number[]> = { limit: [], first: [], repeat: [], python: [] };
    for (let i = 0; i <= runs; i++) {
      const keep = i > 0; // run 0 warms the page cache and the binaries
      writeFileSync(file, original);
      const limit = timed(process.execPath, [path.join(here, 'rescoreLimit.mjs'), file, dir]);
      writeFileSync(file, original);
      const python = timed('python3', [path.join(here, 'rescore_peer.py'), file, dir]);
      writeFileSync(file, original);
      const first = timed(process.execPath, [cli, 'rescore', file, '--dataset', dir]);
      const repeat = timed(process.execPath, [cli, 'rescore', file, '--dataset', dir]);
      if (keep) {
        samples.limit.push(limit);
        samples.python.push(python);
        samples.first.push(first);
        samples.repeat.push(repeat);
      }
    }
    const limit = stat(samples.limit);
    const first = stat(samples.first);
    const repeat = stat(samples.repeat);
    const python = stat(samples.python);
    const doc = {
      date: new Date().toISOString(),
      cores: cpus().length,
      lines,
      megabytes: Number((original.length / 1e6).toFixed(1)),
      runs,
      limit,
      cliFirst: { ...first, overLimit: first.median / limit.median, target: TARGET_CLI_OVER_LIMIT },
      cliRepeat: { ...repeat, overLimit: repeat.median / limit.median, target: TARGET_CLI_OVER_LIMIT },
      python: { ...python, pythonOverCliFirst: python.median / first.median, target: TARGET_PYTHON_OVER_CLI },
    };
    if (values.json) {
      console.log(JSON.stringify(doc, null, 2));
      return;
    }
    const ms = (s: Stat) => `${s.median.toFixed(0).padStart(6)} ms  (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
    const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
    console.log(
      `\n${lines.toLocaleString('en')} lines, ${doc.megabytes} MB, ${doc.cores} cores; median (min–max) of ${runs} runs after a warm-up`,
    );
    console.log(`${'limit: read dataset + parse/stringify/write'.padEnd(46)} ${ms(limit)}`);
    console.log(
      `${'CLI rescore, first (fields inserted)'.padEnd(46)} ${ms(first)}  ${doc.cliFirst.overLimit.toFixed(2)}x limit (target <= ${TARGET_CLI_OVER_LIMIT}x: ${verdict(doc.cliFirst.overLimit <= TARGET_CLI_OVER_LIMIT)})`,
    );
    console.log(
      `${'CLI rescore, repeat (fields replaced)'.padEnd(46)} ${ms(repeat)}  ${doc.cliRepeat.overLimit.toFixed(2)}x limit (target <= ${TARGET_CLI_OVER_LIMIT}x: ${verdict(doc.cliRepeat.overLimit <= TARGET_CLI_OVER_LIMIT)})`,
    );
    console.log(
      `${'Python peer (json + re)'.padEnd(46)} ${ms(python)}  Python/CLI ${doc.python.pythonOverCliFirst.toFixed(2)} (target >= ${TARGET_PYTHON_OVER_CLI}: ${verdict(doc.python.pythonOverCliFirst >= TARGET_PYTHON_OVER_CLI)})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();

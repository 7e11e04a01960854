// `npm run test:slow`: the benchmark runner (scripts/bench/run.ts) in --quick mode on tiny inputs, so that it
// cannot rot unnoticed. It checks the JSON document's shape and arithmetic and that the inputs are removed,
// also on Ctrl-C. No timing is asserted: the figures of a quick run mean nothing.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../unit/helpers/shared';

const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const RUNNER = path.join(REPO_ROOT, 'scripts', 'bench', 'run.ts');
const ROWS = [
  'rescore-first',
  'rescore-repeat',
  'rescore-python',
  'rescore-floor',
  'index-a',
  'index-b',
  'media-check',
  'score-floor',
  'summary',
  'compare',
  'summary-eval',
  'summary-json-log',
];
/** The rows whose limit is the Python script: skipped where python3 is missing. */
const PYTHON_ROWS = ['rescore-python', 'rescore-floor'];

interface Stats {
  median: number;
  min: number;
  max: number;
  runs: number;
}
interface Row {
  name: string;
  scale: number;
  target: Record<string, unknown>;
  figureMs?: Stats;
  limitMs?: Stats;
  ratio?: number | null;
  pass?: boolean | null;
  skipped?: string;
}

function runner(args: string[], temp: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', RUNNER, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: temp },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The runner's temp folders in `temp` (tsx keeps its own cache there too). */
const benchInputs = (temp: string) => readdirSync(temp).filter((n) => n.startsWith('gst-bench-'));

function checkStats(s: Stats | undefined, runs: number, what: string): asserts s is Stats {
  assert.ok(s, `${what} has stats`);
  assert.equal(s.runs, runs, `${what}: runs`);
  assert.ok(s.min > 0 && s.min <= s.median && s.median <= s.max, `${what}: 0 < min <= median <= max (${JSON.stringify(s)})`);
}

before(() => {
  if (!statSync(CLI, { throwIfNoEntry: false }))
    throw new Error(`${path.relative(REPO_ROOT, CLI)} is missing: run \`npm run build\` first`);
});

describe('benchmark runner, --quick', () => {
  it('prints one JSON document with every row, its stats, ratio and verdict, and removes its inputs', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'gst-bench-test-'));
    try {
      const r = runner(['--quick', '--json', '--runs', '3'], temp);
      assert.equal(r.status, 0, r.stderr);
      const doc = JSON.parse(r.stdout) as { date: string; cores: number; quick: boolean; runs: number; rows: Row[] };
      assert.ok(!Number.isNaN(Date.parse(doc.date)));
      assert.ok(doc.cores >= 1);
      assert.equal(doc.quick, true);
      assert.equal(doc.runs, 3);
      // Rows other scripts add (docs/PERFORMANCE.md, "Adding a row") may follow: these must be there.
      const names = doc.rows.map((row) => row.name);
      for (const name of ROWS) assert.ok(names.includes(name), `row ${name} is in the document`);
      for (const row of doc.rows) {
        assert.equal(row.scale, 1);
        if (row.skipped) {
          assert.ok(PYTHON_ROWS.includes(row.name), `only the Python rows may be skipped (no python3), not ${row.name}`);
          continue;
        }
        checkStats(row.figureMs, 3, `${row.name} figure`);
        if ('report' in row.target && row.limitMs) {
          const m = { figure: row.figureMs.median, limit: row.limitMs.median };
          const expected = row.target.ratioOf === 'limit/figure' ? m.limit / m.figure : m.figure / m.limit;
          assert.equal(
            row.ratio,
            expected,
            `${row.name}: a reported ratio is the medians' ratio, ${String(row.target.ratioOf ?? 'figure/limit')}`,
          );
          assert.equal(row.pass, null, `${row.name}: a reported row has no verdict`);
        }
        if (!('ratio' in row.target)) continue;
        checkStats(row.limitMs, 3, `${row.name} limit`);
        const expected =
          row.target.ratio === 'limit/figure' ? row.limitMs.median / row.figureMs.median : row.figureMs.median / row.limitMs.median;
        assert.equal(row.ratio, expected, `${row.name}: the ratio is the medians' ratio`);
        const bound = (row.target.atMost ?? row.target.atLeast) as number;
        assert.equal(row.pass, row.target.ratio === 'limit/figure' ? expected >= bound : expected <= bound, `${row.name}: verdict`);
      }
      assert.deepEqual(benchInputs(temp), [], 'the inputs are removed afterwards');
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('picks rows with --only, measures scales with --scales, and prints the table without --json', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'gst-bench-test-'));
    try {
      const r = runner(['--quick', '--only', 'index', '--scales', '1,2', '--runs', '1'], temp);
      assert.equal(r.status, 0, r.stderr);
      const rows = r.stdout.split('\n').filter((l) => /^index-[ab]\s+\dx\s/.test(l));
      assert.deepEqual(
        rows.map((l) => l.split(/\s+/).slice(0, 2).join(' ')),
        ['index-a 1x', 'index-b 1x', 'index-a 2x', 'index-b 2x'],
      );
      assert.match(r.stdout, /median ms .* limit median .* ratio .* target .* result/);
      assert.equal(runner(['--quick', '--only', 'nothing-like-this'], temp).status, 1);
      assert.deepEqual(benchInputs(temp), []);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('a row that fails is reported as failed, the other rows are still measured, and the run exits with 1', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'gst-bench-test-'));
    try {
      const brokenCli = path.join(temp, 'broken-cli.js');
      writeFileSync(brokenCli, "process.stderr.write('this build is broken'); process.exit(3);\n");
      const r = runner(['--quick', '--json', '--only', 'index-a,summary', '--runs', '1', '--cli', brokenCli], temp);
      assert.equal(r.status, 1, r.stderr);
      const rows = (JSON.parse(r.stdout) as { rows: Array<Row & { failed?: string }> }).rows;
      const summary = rows.find((row) => row.name === 'summary');
      assert.match(summary?.failed ?? '', /failed \(exit 3\): this build is broken/, 'the CLI row names its failure');
      assert.equal(summary?.figureMs, undefined);
      checkStats(rows.find((row) => row.name === 'index-a')?.figureMs, 1, 'index-a figure');
      assert.deepEqual(benchInputs(temp), []);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('removes its inputs on Ctrl-C', async () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'gst-bench-test-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, '--quick', '--only', 'rescore-first', '--runs', '50'], {
        cwd: REPO_ROOT,
        env: { ...process.env, TMPDIR: temp },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      // Interrupt once it measures: the inputs exist then.
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (/measuring rescore-first/.test(out)) {
            clearInterval(timer);
            assert.notDeepEqual(benchInputs(temp), [], 'the inputs exist while it runs');
            child.kill('SIGINT');
            resolve();
          }
        }, 50);
        child.on('exit', () => {
          clearInterval(timer);
          reject(new Error(`the runner ended before it measured: ${out}`));
        });
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      assert.equal(code, 130);
      assert.deepEqual(benchInputs(temp), [], 'no input is left after Ctrl-C');
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

// The benchmark: every row of scripts/bench/rows/ measured against its limit in the same run, printed as one
// table (or, with --json, one JSON document). See docs/PERFORMANCE.md.
// Run: npm run bench [-- --only rescore,index] [--quick] [--scaling | --scales 1,4] [--runs N] [--json]
import { existsSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchInputs } from './lib/inputs';
import { SkipRow, type BenchRow, type Measurement, type RowContext, type Target } from './lib/row';
import { summarize, type RunStats } from './lib/stats';

const USAGE = `Usage: npm run bench -- [options]
  --only <a,b>      rows whose name is, or starts with, a or b followed by '-' (e.g. rescore, index-a)
  --quick           tiny inputs and ${3} runs: a smoke test of the runner, not a measurement
  --scaling         measure the rows that scale at 1x, 4x and 16x their lines or files
  --scales <1,4>    the scales to measure (implies --scaling's rows)
  --runs <N>        timed runs per figure after the warm-up (default 5, at least 5 unless --quick)
  --cli-source      run the CLI from src/cli.ts through tsx instead of dist/cli.js
  --cli <file.js>   run this build of the CLI instead of dist/cli.js (to compare two builds)
  --json            print one JSON document instead of the table`;

const ROOT = path.resolve(__dirname, '..', '..');
const DEFAULT_RUNS = 5;
const QUICK_RUNS = 3;

export interface RowResult {
  name: string;
  figure: string;
  limit: string | null;
  scale: number;
  target: Target;
  /** Medians etc. in milliseconds; absent for a skipped row. */
  figureMs?: RunStats;
  limitMs?: RunStats;
  /** The ratio the target is on (figure/limit or limit/figure); null without a limit. */
  ratio?: number | null;
  pass?: boolean | null;
  note?: string;
  skipped?: string;
  /** Why the row could not be measured (an error, not a skip): the run goes on and exits with 1. */
  failed?: string;
}

async function loadRows(): Promise<BenchRow[]> {
  const dir = path.join(__dirname, 'rows');
  const rows: BenchRow[] = [];
  for (const name of readdirSync(dir).filter((n) => /\.(ts|mjs|js)$/.test(n))) {
    const mod = (await import(path.join(dir, name))) as { row?: BenchRow };
    if (!mod.row) throw new Error(`scripts/bench/rows/${name} exports no \`row\``);
    rows.push(mod.row);
  }
  return rows.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

const picked = (row: BenchRow, only: string[] | undefined) => !only || only.some((o) => row.name === o || row.name.startsWith(`${o}-`));

/** Warm-up, then `runs` runs of figure and limit interleaved, the order alternating so neither always goes first. */
async function runMeasurement(m: Measurement, runs: number): Promise<{ figure: number[]; limit?: number[] }> {
  if ('samples' in m) return m.samples;
  const figure: number[] = [];
  const limit: number[] | undefined = m.limit ? [] : undefined;
  await m.figure();
  if (m.limit) await m.limit();
  for (let i = 0; i < runs; i++) {
    // A turn of the event loop between runs: the samplers may be synchronous, and Ctrl-C is handled between turns.
    await new Promise((resolve) => setImmediate(resolve));
    if (m.limit && i % 2 === 1) limit!.push(await m.limit());
    figure.push(await m.figure());
    if (m.limit && i % 2 === 0) limit!.push(await m.limit());
  }
  return { figure, limit };
}

function verdict(target: Target, figure: RunStats, limit: RunStats | undefined): { ratio: number | null; pass: boolean | null } {
  if ('ratio' in target) {
    if (!limit) throw new Error('a ratio target needs a limit');
    if (target.ratio === 'figure/limit') {
      const ratio = figure.median / limit.median;
      return { ratio, pass: ratio <= target.atMost };
    }
    const ratio = limit.median / figure.median;
    return { ratio, pass: ratio >= target.atLeast };
  }
  if ('ms' in target) return { ratio: limit ? figure.median / limit.median : null, pass: figure.median <= target.ms.atMost };
  if (!limit) return { ratio: null, pass: null };
  return { ratio: target.ratioOf === 'limit/figure' ? limit.median / figure.median : figure.median / limit.median, pass: null };
}

export function targetText(t: Target): string {
  if ('ratio' in t) return t.ratio === 'figure/limit' ? `<= ${t.atMost.toFixed(2)}x` : `limit/figure >= ${t.atLeast.toFixed(2)}`;
  if ('ms' in t) return `<= ${t.ms.atMost} ms`;
  return t.ratioOf === 'limit/figure' ? 'reported, limit/figure' : 'reported';
}

function table(results: RowResult[]): string {
  const header = ['figure', 'scale', 'median ms', 'min', 'max', 'limit median', 'ratio', 'target', 'result'];
  const ms = (v: number | undefined) => (v === undefined ? '' : v.toFixed(0));
  const body = results.map((r) =>
    r.skipped || r.failed
      ? [r.name, `${r.scale}x`, '', '', '', '', '', targetText(r.target), r.failed ? `FAILED: ${r.failed}` : `skipped: ${r.skipped}`]
      : [
          r.name,
          `${r.scale}x`,
          ms(r.figureMs?.median),
          ms(r.figureMs?.min),
          ms(r.figureMs?.max),
          ms(r.limitMs?.median),
          r.ratio == null ? '' : r.ratio.toFixed(2),
          targetText(r.target),
          r.pass === null ? 'reported' : r.pass ? 'pass' : 'MISS',
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean' },
      scaling: { type: 'boolean' },
      scales: { type: 'string' },
      runs: { type: 'string' },
      'cli-source': { type: 'boolean' },
      cli: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const quick = values.quick === true;
  const runs = values.runs === undefined ? (quick ? QUICK_RUNS : DEFAULT_RUNS) : Number(values.runs);
  if (!Number.isInteger(runs) || runs < (quick ? 1 : DEFAULT_RUNS))
    throw new Error(`--runs must be an integer of at least ${quick ? 1 : DEFAULT_RUNS}, not "${values.runs}"`);
  const scales = values.scales ? values.scales.split(',').map(Number) : values.scaling ? [1, 4, 16] : [1];
  if (scales.some((s) => !Number.isInteger(s) || s < 1)) throw new Error(`--scales must list positive integers, not "${values.scales}"`);
  const only = values.only?.split(',').map((s) => s.trim());
  const log = values.json ? (m: string) => console.error(m) : (m: string) => console.log(m);
  const rows = (await loadRows()).filter((r) => picked(r, only));
  if (rows.length === 0) throw new Error(`no row matches --only ${values.only}`);
  if (values.cli !== undefined && !existsSync(values.cli)) throw new Error(`--cli ${values.cli}: no such file`);
  const cli = values['cli-source']
    ? [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/cli.ts')]
    : [process.execPath, path.resolve(values.cli ?? path.join(ROOT, 'dist/cli.js'))];

  const inputs = new BenchInputs(quick, log);
  const removeInputs = () => inputs.remove();
  process.on('exit', removeInputs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      removeInputs();
      process.exit(130);
    });

  const results: RowResult[] = [];
  for (const scale of scales) {
    for (const row of rows) {
      if (scale !== 1 && !row.scales) continue;
      const base = { name: row.name, figure: row.figure, limit: row.limit, scale, target: row.target };
      const ctx: RowContext = { inputs, scale, quick, cli, log };
      try {
        const m = await row.measure(ctx);
        log(`measuring ${row.name} at ${scale}x…`);
        const samples = await runMeasurement(m, runs);
        const figureMs = summarize(samples.figure);
        const limitMs = samples.limit ? summarize(samples.limit) : undefined;
        results.push({ ...base, figureMs, limitMs, ...verdict(row.target, figureMs, limitMs), note: m.note });
      } catch (e) {
        if (e instanceof SkipRow) {
          log(`${row.name}: skipped (${e.message})`);
          results.push({ ...base, skipped: e.message });
        } else {
          // One row that fails (its input, its command) costs only its own figure, not the whole run's table.
          const message = (e as Error).message ?? String(e);
          log(`${row.name} at ${scale}x failed: ${(e as Error).stack ?? message}`);
          results.push({ ...base, failed: message });
        }
      }
    }
  }
  const doc = {
    date: new Date().toISOString(),
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    quick,
    runs,
    rows: results,
  };
  if (values.json) console.log(JSON.stringify(doc, null, 2));
  else {
    console.log(
      `\n${doc.date}, ${doc.cores} cores (${doc.cpu}), Node ${doc.node}; median of ${runs} runs after a warm-up, interleaved with the limit`,
    );
    console.log(table(results));
    console.log('');
    for (const row of rows) console.log(`${row.name}: ${row.figure}; limit: ${row.limit ?? 'none'}`);
    for (const r of results) if (r.note) console.log(`${r.name} ${r.scale}x: ${r.note}`);
  }
  return results.some((r) => r.failed) ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`bench: ${(e as Error).message}`);
    process.exit(1);
  },
);

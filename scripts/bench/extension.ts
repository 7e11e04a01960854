// Benchmark of the extension at lab scale, in a real VS Code (the VS Code server of code-server, driven by headless
// Chromium as the extension-host suite is). The workspace holds the paper-size dataset (2,772 questions, scale mode:
// no video) and result files of 2,772 lines (15 % of their lines with a 2 KB reasoning trace); a large file lies
// outside it and is loaded by the Load Result File command. scripts/bench/extensionHost.ts measures inside the host.
// The plain-Node limit (read and JSON.parse every question.json and every result line) is measured in the same run,
// and the engine's own load in plain Node beside it. Prints a table, or one JSON document with --json.
// Run: npm run bench:extension [-- --runs 5 --launches 3 --files 25 --big-mb 1024 --json]
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../../src/shared/diagnosis/random';
import { generatePaperSizeDataset } from './paperSizeDataset';
import { forEachLines } from './limits/lines.mjs';
import { engineLoad } from './lib/engineLoad';
import { NODE24, REPO_ROOT } from '../../test/vscode/harness/env';
import { runWithVsCodeServer } from '../../test/vscode/runServer';
import type { HostReport, HostRun } from './extensionHost';
import { driveClicks } from './clickDriver';
import { CLICK_DIR_ENV } from './clickRequest';
import { FIRST_LOAD_STAGES, type FirstLoadStage } from '../../src/perf/extensionStats';
import { DETECT_LIMITS } from '../../src/store/detect';
import { SETTINGS } from '../../src/ids';

/** The first load's stages as the table names them: each a time after activation started. */
const STAGE_LABELS: Record<FirstLoadStage, string> = {
  'detection.done': 'the workspace searched (detection done)',
  'dataset.shown': 'the dataset shown (its questions read)',
  'result.activeScored': 'the active file scored',
  'questions.scoresDrawn': 'the Questions view drew its scores',
  'dataset.resultsScored': 'every result file scored',
};

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    launches: { type: 'string', default: '3' },
    files: { type: 'string', default: '25' },
    'big-mb': { type: 'string', default: '1024' },
    seed: { type: 'string', default: '7' },
    json: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'heap-snapshot': { type: 'string' },
    'cpu-prof-load': { type: 'string' },
    'cpu-prof-compare': { type: 'string' },
    'quiet-load': { type: 'boolean', default: false },
    // An unminified build, so that a --cpu-prof's functions keep their names (not the shipped bundle: not a measurement).
    readable: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const launches = Number(values.launches);
const fileCount = Number(values.files);
const bigBytes = Number(values['big-mb']) * 1024 * 1024;
const say = (s: string) => {
  if (!values.json) console.log(s);
  else console.error(s);
};

/** Share of result lines that carry a reasoning trace, and its length: what a reasoning model writes. */
const REASONING_SHARE = 0.15;
const REASONING_CHARS = 2048;

interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}
function stat(xs: number[]): Stat {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s.length ? s[Math.floor(s.length / 2)] : NaN, min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN, n: s.length };
}

const TRACE_WORDS =
  'first I locate the chair in the frames then I estimate its direction relative to the door which is on my left so'.split(' ');
function trace(rand: () => number): string {
  let s = '';
  while (s.length < REASONING_CHARS) s += TRACE_WORDS[Math.floor(rand() * TRACE_WORDS.length)] + ' ';
  return s.slice(0, REASONING_CHARS);
}

async function makeInputs(root: string): Promise<{ dataset: string; files: string[]; big?: string }> {
  const workspace = path.join(root, 'workspace');
  const dataset = path.join(workspace, 'dataset');
  await generatePaperSizeDataset(dataset, values.seed);
  const generated = path.join(dataset, 'results');
  const sources = ['noisy-oracle', 'template-b', 'random'].map((n) =>
    readFileSync(path.join(generated, `${n}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n'),
  );
  rmSync(generated, { recursive: true, force: true }); // only the files below are in the workspace
  const resultsDir = path.join(workspace, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const rand = seededRandom(values.seed);
  const files: string[] = [];
  for (let k = 0; k < fileCount; k++) {
    // Each file mixes the three simulated models' lines in its own proportion, so no two files are alike.
    const lines = sources[0].map((_, i) => {
      const record = JSON.parse(sources[Math.floor(rand() * 3)][i]) as Record<string, unknown>;
      const extra = rand() < REASONING_SHARE ? { reasoning: trace(rand) } : {};
      return JSON.stringify({ ...record, model: `model-${k % 9}`, template: `t${k % 3}`, run: String(Math.floor(k / 9)), ...extra });
    });
    const file = path.join(resultsDir, `file-${String(k).padStart(2, '0')}.jsonl`);
    writeFileSync(file, lines.join('\n') + '\n');
    files.push(file);
  }
  // More files than a search opens by default: raise the limit, as a lab with that many would (its warning says how).
  if (fileCount > DETECT_LIMITS.maxJsonlFiles) {
    mkdirSync(path.join(workspace, '.vscode'));
    writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ [SETTINGS.detectionMaxJsonlFiles]: fileCount + 1 }));
    say(
      `${SETTINGS.detectionMaxJsonlFiles}: ${fileCount + 1} in the workspace's settings (the default opens ${DETECT_LIMITS.maxJsonlFiles})`,
    );
  }
  if (bigBytes <= 0) return { dataset, files };
  // The large file: the result lines again and again (repeated runs in one file), outside the workspace.
  const big = path.join(root, 'big.jsonl');
  const chunk = files.map((f) => readFileSync(f, 'utf8')).join('');
  const out = createWriteStream(big);
  for (let written = 0; written < bigBytes; written += chunk.length) {
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { dataset, files, big };
}

/** The limit: read and JSON.parse every question.json and every result line, nothing else. */
function plainNodeLimit(dataset: string, files: string[]): number {
  const t = performance.now();
  for (const d of readdirSync(dataset, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    try {
      JSON.parse(readFileSync(path.join(dataset, d.name, 'question.json'), 'utf8'));
    } catch {
      // not a question folder
    }
  }
  for (const f of files)
    forEachLines(f, (lines) => {
      for (const line of lines) if (line) JSON.parse(line);
    });
  return performance.now() - t;
}

/** The limit of the tree's first scores: the dataset and the active file (the first detected), read and parsed. */
function plainNodeFirstScoresLimit(dataset: string, files: string[]): number {
  return plainNodeLimit(dataset, files.slice(0, 1));
}

const ENGINE_LOAD_SCRIPT = path.join(REPO_ROOT, 'dist', 'bench', 'engineLoad.js');

/**
 * The same load in a fresh Node process (the bundle, as built for the host): the code runs for the first time,
 * as in a host's first load, where the same load's later runs in the benchmark's process find it compiled and optimised.
 */
function freshNodeEngine(node: string, dataset: string, files: readonly string[]): { ms: number; cpuMs: number } {
  const out = execFileSync(node, [ENGINE_LOAD_SCRIPT, dataset, ...files], { encoding: 'utf8' });
  return JSON.parse(out) as { ms: number; cpuMs: number };
}

async function launch(root: string, inputs: { files: string[]; big?: string }, withBig: boolean): Promise<HostReport> {
  const out = path.join(root, `host-report-${Date.now()}.json`);
  const clickDir = mkdtempSync(path.join(root, 'clicks-'));
  Object.assign(process.env, {
    [CLICK_DIR_ENV]: clickDir,
    GST_BENCH_OUT: out,
    GST_BENCH_RUNS: String(runs),
    GST_BENCH_FILES: inputs.files.join('\n'),
    GST_BENCH_BIG_FILE: withBig && inputs.big ? inputs.big : '',
    GST_BENCH_EVENT_LOOP: '1',
    // --quiet-load: the first load without the host entry's 2 ms gap timer and its tree snapshots every 5 ms.
    GST_BENCH_QUIET_LOAD: values['quiet-load'] ? '1' : '',
    // --cpu-prof <file>: a CPU profile of the extension host during the first Refresh.
    GST_BENCH_CPU_PROF: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : '',
    // --cpu-prof-load <file>: the same from the benchmark's start in the host to the first load's end.
    GST_BENCH_CPU_PROF_LOAD: values['cpu-prof-load'] ? path.resolve(values['cpu-prof-load']) : '',
    // --cpu-prof-compare <file>: the same over the Compare panel's opens.
    GST_BENCH_CPU_PROF_COMPARE: values['cpu-prof-compare'] ? path.resolve(values['cpu-prof-compare']) : '',
    // --heap-snapshot <file>: the extension host's heap once the 25 files are unloaded (what they leave behind).
    GST_BENCH_HEAP_SNAPSHOT: values['heap-snapshot'] ? path.resolve(values['heap-snapshot']) : '',
  });
  const code = await runWithVsCodeServer({
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: path.join(REPO_ROOT, 'dist', 'bench', 'extensionHost.js'),
    workspace: path.join(root, 'workspace'),
    drive: (page, signal) => driveClicks(page, clickDir, signal),
  });
  if (code !== 0) throw new Error(`the extension host's benchmark failed (exit ${code}); see the output above`);
  return JSON.parse(readFileSync(out, 'utf8')) as HostReport;
}

const mb = (n: number) => n / (1024 * 1024);

/** One way of timing the engine's load, run after run: its wall and CPU times. */
function engineTimes() {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  return {
    ms,
    cpuMs,
    add(t: { ms: number; cpuMs: number }) {
      ms.push(t.ms);
      cpuMs.push(t.cpuMs);
    },
  };
}

/** Each launch's longest GC pause of the first load, by kind and when: "major at 1,830 ms, minor at 612 ms". */
function gcKinds(hosts: readonly HostReport[]): string {
  return hosts
    .flatMap((h) => (h.firstLoad.gc ? [`${h.firstLoad.gc.longest.kind} at ${h.firstLoad.gc.longest.atMs.toFixed(0)} ms`] : []))
    .join(', ');
}

/** stdout; under --json the VS Code runner's own lines go to stderr, so stdout holds the document alone. */
const print = console.log.bind(console);
if (values.json) console.log = console.error.bind(console);

async function main() {
  // Minified, as the .vsix ships it: a user's webview parses the production bundle.
  say(`building the extension (${values.readable ? 'unminified, for a profile' : 'production, as packaged'}) and the benchmark bundle…`);
  const buildArgs = [path.join(REPO_ROOT, 'scripts', 'build.mjs'), ...(values.readable ? [] : ['--production'])];
  execFileSync(process.execPath, buildArgs, { cwd: REPO_ROOT, stdio: 'ignore' });
  const root = mkdtempSync(path.join(tmpdir(), 'gst-bench-extension-'));
  try {
    say(
      `generating the paper-size dataset (seed ${values.seed}), ${fileCount} result files${bigBytes > 0 ? ` and a ${mb(bigBytes)} MB file` : ''}…`,
    );
    const inputs = await makeInputs(root);
    const questions = readdirSync(inputs.dataset).filter((d) => statSync(path.join(inputs.dataset, d)).isDirectory()).length;
    const limit: number[] = [];
    const firstLimit: number[] = [];
    // The engine's load: in this process, in a fresh process of this Node, and in one of the host's Node.
    const engine = engineTimes();
    const freshEngine = engineTimes();
    const hostNodeEngine = engineTimes();
    plainNodeLimit(inputs.dataset, inputs.files); // warm-up
    const hosts: HostReport[] = [];
    for (let l = 0; l < launches; l++) {
      for (let r = 0; r < Math.ceil(runs / launches); r++) {
        limit.push(plainNodeLimit(inputs.dataset, inputs.files));
        firstLimit.push(plainNodeFirstScoresLimit(inputs.dataset, inputs.files));
        engine.add(await engineLoad(inputs.dataset, inputs.files));
        freshEngine.add(freshNodeEngine(process.execPath, inputs.dataset, inputs.files));
        hostNodeEngine.add(freshNodeEngine(NODE24, inputs.dataset, inputs.files));
      }
      say(`launch ${l + 1} of ${launches}…`);
      hosts.push(await launch(root, inputs, l === 0));
    }
    const resultBytes = inputs.files.reduce((a, f) => a + statSync(f).size, 0);
    const limitStat = stat(limit);
    const firstLoad = stat(hosts.map((h) => h.firstLoad.ms));
    const firstCpu = stat(hosts.flatMap((h) => h.firstLoad.cpuMs ?? []));
    const firstScores = stat(hosts.flatMap((h) => h.firstLoad.firstScoresMs ?? []));
    const firstLimitStat = stat(firstLimit);
    const reloads = stat(hosts.flatMap((h) => h.reloads.map((r) => r.ms)));
    const blocks = (rs: HostRun[]) => rs.map((r) => r.eventLoopMaxMs ?? NaN);
    const firstBlock = stat(blocks(hosts.map((h) => h.firstLoad)));
    const reloadBlock = stat(blocks(hosts.flatMap((h) => h.reloads)));
    const heap = stat(hosts.map((h) => h.memory.heapUsedDelta));
    const rss = stat(hosts.map((h) => h.memory.rssDelta));
    const lives = hosts.flatMap((h) => (h.memory.live ? [h.memory.live] : []));
    const held = stat(lives.map((l) => l.loaded - l.unloaded));
    const loadBack = stat(lives.map((l) => l.reload.ms));
    const big = hosts[0].big;
    const doc = {
      date: new Date().toISOString(),
      cores: (await import('node:os')).cpus().length,
      inputs: { questions, resultFiles: fileCount, linesPerFile: 2772, resultBytes, seed: values.seed, bigBytes: big?.bytes },
      runs,
      launches,
      limit: {
        readAndParse: limitStat,
        engineInPlainNode: stat(engine.ms),
        engineCpuInPlainNode: stat(engine.cpuMs),
        engineInFreshNode: stat(freshEngine.ms),
        engineCpuInFreshNode: stat(freshEngine.cpuMs),
        engineInHostNode: stat(hostNodeEngine.ms),
        engineCpuInHostNode: stat(hostNodeEngine.cpuMs),
        benchmarkNode: process.version,
        hostNode: hosts[0]?.nodeVersion ?? '',
        firstScoresReadAndParse: firstLimitStat,
      },
      activationMs: stat(hosts.map((h) => h.activationMs)),
      firstLoad: {
        ...firstLoad,
        ratio: firstLoad.median / limitStat.median,
        eventLoopMaxMs: firstBlock,
        cpuMs: firstCpu,
        quiet: values['quiet-load'],
        longestGap: hosts.map((h) => h.firstLoad.longestGap),
        gc: hosts.map((h) => h.firstLoad.gc),
        firstScores: { ...firstScores, ratio: firstScores.median / firstLimitStat.median },
        timeline: Object.fromEntries(
          FIRST_LOAD_STAGES.map((s) => [
            s,
            stat(hosts.flatMap((h) => (h.firstLoad.timeline?.[s] === undefined ? [] : [h.firstLoad.timeline[s]]))),
          ]),
        ),
      },
      reload: { ...reloads, ratio: reloads.median / limitStat.median, eventLoopMaxMs: reloadBlock },
      memory: {
        heapUsedDelta: heap,
        rssDelta: rss,
        heapRatio: heap.median / resultBytes,
        rssRatio: rss.median / resultBytes,
        heldByFiles: held,
        heldRatio: held.median / resultBytes,
        loadBackMs: { ...loadBack, ratio: loadBack.median / limitStat.median },
      },
      filterSortMs: stat(hosts.flatMap((h) => h.filterSort)),
      compareFirstOpenMs: stat(hosts.map((h) => h.compareOpen[0]).filter((x) => x !== undefined)),
      compareOpenMs: stat(hosts.flatMap((h) => h.compareOpen.slice(1))),
      emptyPanelOpenMs: stat(hosts.flatMap((h) => h.emptyPanelOpen)),
      compareEventLoopMaxMs: stat(hosts.flatMap((h) => h.compareEventLoopMaxMs)),
      compareStagesMs: {
        boot: stat(hosts.flatMap((h) => h.compareStages.map((s) => s.boot))),
        host: stat(hosts.flatMap((h) => h.compareStages.map((s) => s.host))),
        paint: stat(hosts.flatMap((h) => h.compareStages.map((s) => s.paint))),
        render: stat(hosts.flatMap((h) => h.compareStages.map((s) => s.render))),
        // The page's wait from ready to the table, less the host's part: the two messages' transit.
        transit: stat(hosts.flatMap((h) => h.compareStages.map((s) => s.sinceReady - s.host))),
      },
      pressToPaintMs: stat(hosts.flatMap((h) => h.pressToPaint ?? [])),
      clickToPaintMs: stat(hosts.flatMap((h) => h.clickToPaint)),
      clickStagesMs: {
        host: stat(hosts.flatMap((h) => h.clickStages.map((s) => s.host))),
        render: stat(hosts.flatMap((h) => h.clickStages.map((s) => s.render))),
        transit: stat(hosts.flatMap((h) => h.clickStages.map((s) => s.transit))),
      },
      big,
      treeShowsScores: hosts.every((h) => h.treeShowsScores),
      resultFilesLoaded: hosts.map((h) => h.resultFiles),
      errors: hosts.flatMap((h) => h.errors),
    };
    if (values.json) {
      print(JSON.stringify(doc, null, 2));
      return;
    }
    const f = (s: Stat, unit = 'ms') => `${s.median.toFixed(0)} ${unit} (${s.min.toFixed(0)}-${s.max.toFixed(0)}, n=${s.n})`;
    const watched = (s: Stat) => (values['quiet-load'] ? 'not watched (--quiet-load)' : f(s));
    const ofFloor = (s: Stat) => `${(s.median / doc.emptyPanelOpenMs.median).toFixed(2)}x of the floor`;
    const rows: Array<[string, string, string, string]> = [
      ['figure', 'measured: median (min-max, n)', 'limit (same run)', 'target'],
      ['plain-Node limit: read + JSON.parse', f(limitStat), '', ''],
      [
        "the engine's load in plain Node, in the benchmark's process (its code run before)",
        f(doc.limit.engineInPlainNode),
        `${(doc.limit.engineInPlainNode.median / limitStat.median).toFixed(2)}x`,
        '',
      ],
      [
        `the engine's load in a fresh Node ${doc.limit.benchmarkNode} process (its code run for the first time, as in the host)`,
        f(doc.limit.engineInFreshNode),
        `${(doc.limit.engineInFreshNode.median / limitStat.median).toFixed(2)}x`,
        '',
      ],
      [
        `the same in a fresh process of the host's Node ${doc.limit.hostNode}`,
        f(doc.limit.engineInHostNode),
        `${(doc.limit.engineInHostNode.median / limitStat.median).toFixed(2)}x`,
        '',
      ],
      ['activation', f(doc.activationMs), '', '< 150 ms'],
      [
        `activation to tree with scores${values['quiet-load'] ? ' (--quiet-load: not watched while it runs)' : ''}`,
        f(firstLoad),
        `${doc.firstLoad.ratio.toFixed(2)}x; ${(firstLoad.median / doc.limit.engineInHostNode.median).toFixed(2)}x the engine in a fresh process of the host's Node, ${(firstLoad.median / doc.limit.engineInFreshNode.median).toFixed(2)}x of the benchmark's Node, ${(firstLoad.median / doc.limit.engineInPlainNode.median).toFixed(2)}x in the benchmark's process`,
        '<= 2x',
      ],
      ['  longest event-loop block', f(firstBlock), '', '< 100 ms'],
      [
        "  the host process's CPU time in it (every thread)",
        f(firstCpu),
        `${(firstCpu.median / doc.limit.engineCpuInHostNode.median).toFixed(2)}x the fresh engine's ${f(doc.limit.engineCpuInHostNode)} in the host's Node; ${(firstCpu.median / doc.limit.engineCpuInFreshNode.median).toFixed(2)}x its ${f(doc.limit.engineCpuInFreshNode)} in the benchmark's; ${(firstCpu.median / doc.limit.engineCpuInPlainNode.median).toFixed(2)}x the benchmark process's ${f(doc.limit.engineCpuInPlainNode)}`,
        '',
      ],
      [
        "  the tree's first scores (the active file; the rest still loading)",
        watched(firstScores),
        values['quiet-load'] ? '' : `${doc.firstLoad.firstScores.ratio.toFixed(2)}x of ${firstLimitStat.median.toFixed(0)} ms`,
        'reported',
      ],
      ...FIRST_LOAD_STAGES.map((s): [string, string, string, string] => [`  ${STAGE_LABELS[s]}`, f(doc.firstLoad.timeline[s]), '', '']),
      ['  the benchmark entry started after activation', f(stat(hosts.map((h) => h.firstLoad.entryAfterMs ?? NaN))), '', ''],
      ['  longest gap after the entry (2 ms timer)', watched(stat(hosts.flatMap((h) => h.firstLoad.longestGap?.wallMs ?? []))), '', ''],
      ['    host process CPU in that gap', watched(stat(hosts.flatMap((h) => h.firstLoad.longestGap?.processCpuMs ?? []))), '', ''],
      ['  longest GC pause after the entry', watched(stat(hosts.flatMap((h) => h.firstLoad.gc?.longest.ms ?? []))), gcKinds(hosts), ''],
      ['    GC pauses in all after the entry', watched(stat(hosts.flatMap((h) => h.firstLoad.gc?.totalMs ?? []))), '', ''],
      ['Refresh, every file changed', f(reloads), `${doc.reload.ratio.toFixed(2)}x`, '<= 2x'],
      ['  longest event-loop block', f(reloadBlock), '', '< 100 ms'],
      [
        `host heap, ${fileCount} files`,
        `${mb(heap.median).toFixed(0)} MB`,
        `${doc.memory.heapRatio.toFixed(2)}x of ${mb(resultBytes).toFixed(0)} MB`,
        '<= 3x',
      ],
      [
        `live heap the ${fileCount} files hold (loaded - unloaded, after a GC)`,
        `${mb(held.median).toFixed(0)} MB (${mb(held.min).toFixed(0)}-${mb(held.max).toFixed(0)}, n=${held.n})`,
        `${doc.memory.heldRatio.toFixed(2)}x of ${mb(resultBytes).toFixed(0)} MB`,
        '<= 3x',
      ],
      [`${fileCount} files loaded back (dataset loaded)`, f(loadBack), `${doc.memory.loadBackMs.ratio.toFixed(2)}x`, ''],
      [
        `host RSS, ${fileCount} files`,
        `${mb(rss.median).toFixed(0)} MB`,
        `${doc.memory.rssRatio.toFixed(2)}x of ${mb(resultBytes).toFixed(0)} MB`,
        '<= 3x',
      ],
      ['filter or sort step, 2 files', f(doc.filterSortMs), '', '< 50 ms'],
      [`Compare panel, ${fileCount} files, first open`, f(doc.compareFirstOpenMs), ofFloor(doc.compareFirstOpenMs), '< 1 s'],
      [`Compare panel, ${fileCount} files, opened again`, f(doc.compareOpenMs), ofFloor(doc.compareOpenMs), '< 1 s'],
      ['  longest event-loop block', f(doc.compareEventLoopMaxMs), '', '< 100 ms'],
      ['  page boots (command to ready)', f(doc.compareStagesMs.boot), '', ''],
      ['  host (ready to table sent)', f(doc.compareStagesMs.host), '', ''],
      ['  table sent to painted', f(doc.compareStagesMs.paint), '', ''],
      ['    of which the page renders it', f(doc.compareStagesMs.render), '', ''],
      ['  ready and table messages in transit', f(doc.compareStagesMs.transit), '', ''],
      ['a bare webview panel opened (the floor)', f(doc.emptyPanelOpenMs), '', ''],
      ["tree click to sample painted (the row pressed with Chromium's mouse)", f(doc.pressToPaintMs), '', '< 100 ms'],
      ['tree command to the sample painted, reported back (the host)', f(doc.clickToPaintMs), '', ''],
      ['  host (command to sample posted)', f(doc.clickStagesMs.host), '', ''],
      ['  page (sample arrived to painted)', f(doc.clickStagesMs.render), '', ''],
      ['  the two messages in transit', f(doc.clickStagesMs.transit), '', ''],
    ];
    if (big)
      rows.push(
        [`${mb(big.bytes).toFixed(0)} MB file load`, `${(big.ms / 1000).toFixed(1)} s`, `${big.parses} parse(s)`, ''],
        ['  longest event-loop block', `${(big.eventLoopMaxMs ?? NaN).toFixed(0)} ms`, '', '< 100 ms'],
        ['  peak host RSS', `${mb(big.peakRss).toFixed(0)} MB`, `+${mb(big.peakRss - big.rssBefore).toFixed(0)} MB`, 'reported'],
      );
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
    console.log(
      `\n${doc.cores} cores, ${doc.date}; ${questions} questions, ${fileCount} files of 2,772 lines, ${mb(resultBytes).toFixed(0)} MB`,
    );
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
    if (!doc.treeShowsScores) console.log('WARNING: the tree did not show scores after the load');
    for (const e of doc.errors) console.log(`error: ${e}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  console.error(`bench:extension: ${e.message}`);
  process.exit(1);
});

// The extension benchmark's half that runs inside the extension host (bundled to dist/bench/extensionHost.js and
// loaded as VS Code's --extensionTestsPath by scripts/bench/extension.ts). The workspace holds the paper-size
// dataset and the result files; activation loads them. It measures, through the extension's API and its commands,
// and writes one JSON document to $GST_BENCH_OUT.
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { writeHeapSnapshot } from 'node:v8';
import * as vscode from 'vscode';
import type { InspectorApi, TreeSnapshotNode } from '../../src/api';
import { COMMANDS } from '../../src/ids';
import { FIRST_LOAD_STAGES, type FirstLoadStage } from '../../src/perf/extensionStats';
import { CLICK_DIR_ENV, requestClicks, type ClickRequest } from './clickRequest';
import { watchGc, type GcPauses } from './lib/gcPauses';

const EXTENSION_ID = 'gst-bench.gst-bench-inspector';
/** How long a profile of the Compare panel's opens goes on after the last, for the work it leaves after its paint. */
const PROFILE_TAIL_MS = 3000;
/** How long one measured step may take before the benchmark gives up on it. */
const STEP_TIMEOUT_MS = 5 * 60_000;

export interface HostRun {
  ms: number;
  eventLoopMaxMs?: number;
  /** For the first load: how long after activation this entry started (what of the load it can profile). */
  entryAfterMs?: number;
  /** For the first load, after this entry started: the longest gap between two ticks of a 2 ms timer, and the host
   * process's CPU time in it (all its threads). Much less CPU than wall time: the host waited for a core. `endedAtUs`
   * is the monotonic clock at its end (a CPU profile's timestamps), to find in --cpu-prof-load what ran in it. */
  longestGap?: Gap;
  /** For the first load, after this entry started: the garbage collections' pauses of the host's thread (a GC runs on
   * it in one go, so a long pause is an event-loop block of its own). */
  gc?: GcPauses;
}

export interface HostReport {
  /** The Node.js the extension host runs (code-server's), which the engine's load is also timed on. */
  nodeVersion: string;
  activationMs: number;
  /** From activate() to whenIdle() and the tree's first level with the active file's scores. */
  firstLoad: HostRun & {
    /** From activate() to the first tree snapshot that shows the active file's scores (the other files still loading);
     * not watched under --quiet-load. */
    firstScoresMs?: number;
    /** The extension host process's CPU time (every thread) from activate() to the tree. */
    cpuMs?: number;
    /** When each of the first load's stages came, in ms after activate() started. */
    timeline?: Partial<Record<FirstLoadStage, number>>;
  };
  /** Refresh after every result file changed on disk (the dataset and every file read again), repeated. */
  reloads: HostRun[];
  memory: {
    heapUsedDelta: number;
    rssDelta: number;
    resultBytes: number;
    rss: number;
    /** After a full GC: the heap with the files loaded, with them unloaded, and the load that brought them back. */
    live?: { loaded: number; unloaded: number; reload: HostRun };
  };
  filterSort: number[];
  /** Command to table painted: the first open after the ticks settled (the table computed ahead, off the host's thread), then again. */
  compareOpen: number[];
  /** Each open in stages: command to page ready (the webview boots), ready to table sent (the host), sent to painted. */
  compareStages: Array<{ boot: number; host: number; paint: number; render: number; sinceReady: number }>;
  /** The floor VS Code sets: a bare webview panel, from its creation to its page's first frame (after one warm-up). */
  emptyPanelOpen: number[];
  /** The longest event-loop block of each compare open. */
  compareEventLoopMaxMs: number[];
  clickToPaint: number[];
  /** Each click in stages: command to the sample posted (the host), the page's render (arrival to paint), the rest (transit). */
  clickStages: Array<{ host: number; render: number; transit: number }>;
  /** The tree's row pressed with the mouse in the workbench to the viewer's frame showing the question (the page
   * driver's clicks: scripts/bench/clickDriver.ts); absent when the runner drives no page. */
  pressToPaint?: number[];
  big?: { ms: number; eventLoopMaxMs?: number; peakRss: number; rssBefore: number; bytes: number; parses: number };
  treeShowsScores: boolean;
  resultFiles: number;
  errors: string[];
}

const env = (name: string) => process.env[name] ?? '';

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Opens a webview panel whose page only says when its first frame is drawn; resolves with that time, closed. */
async function openEmptyPanel(): Promise<number> {
  const t = performance.now();
  const panel = vscode.window.createWebviewPanel('gstBenchEmpty', 'empty', vscode.ViewColumn.Active, { enableScripts: true });
  try {
    const painted = new Promise<number>((resolve) => {
      panel.webview.onDidReceiveMessage((m: { type?: string }) => m.type === 'painted' && resolve(performance.now()));
    });
    const nonce = String(Math.random()).slice(2);
    panel.webview.html = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}';"></head><body>empty<script nonce="${nonce}">const api = acquireVsCodeApi(); requestAnimationFrame(() => api.postMessage({ type: 'painted' }));</script></body></html>`;
    const at = await Promise.race([
      painted,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no paint')), STEP_TIMEOUT_MS)),
    ]);
    return at - t;
  } finally {
    panel.dispose();
  }
}

interface Gap {
  wallMs: number;
  processCpuMs: number;
  endedAtUs: number;
}

/** The longest gap between ticks of a 2 ms timer until `stop`, with the process's CPU time during it. */
function watchGaps(): { stop(): Gap } {
  let longest: Gap = { wallMs: 0, processCpuMs: 0, endedAtUs: 0 };
  let lastAt = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const at = performance.now();
    const cpu = process.cpuUsage();
    if (at - lastAt > longest.wallMs)
      longest = {
        wallMs: at - lastAt,
        processCpuMs: (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000,
        endedAtUs: Number(process.hrtime.bigint() / 1000n),
      };
    lastAt = at;
    lastCpu = cpu;
  }, 2);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}

/**
 * When the tree first shows scores, while the rest still loads: the tree's first two levels are asked for every few
 * milliseconds (a snapshot of 3 groups and 12 subtasks, well under a millisecond).
 */
function watchFirstScores(api: InspectorApi): { stop(): number | undefined } {
  let at: number | undefined;
  let stopped = false;
  void (async () => {
    while (!stopped && at === undefined) {
      if (hasScores(await api.questionsTree(2))) at = performance.now();
      else await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    stop() {
      stopped = true;
      return at;
    },
  };
}

function hasScores(roots: TreeSnapshotNode[]): boolean {
  return roots.some((r) => (r.children ?? []).some((s) => /^\d+\.\d\d/.test(s.description ?? '')));
}

export async function run(): Promise<void> {
  const out = env('GST_BENCH_OUT');
  const entryAt = performance.now();
  const runs = Number(env('GST_BENCH_RUNS') || '5');
  const errors: string[] = [];
  const ext = vscode.extensions.getExtension<InspectorApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this host`);
  // --cpu-prof-load: the part of the first load still running when this entry starts (activation comes first).
  const loadProfile = env('GST_BENCH_CPU_PROF_LOAD') ? await startProfile() : undefined;
  // --quiet-load: the first load without this entry's own watchers (a 2 ms timer, and the tree asked for every 5 ms).
  const watch = env('GST_BENCH_QUIET_LOAD') !== '1';
  const gaps = watch ? watchGaps() : undefined;
  const gcPauses = watch ? watchGc(entryAt) : undefined;
  const api = await ext.activate();
  const firstScores = watch ? watchFirstScores(api) : undefined;
  await api.whenIdle();
  // The view's first two levels: what a user sees before expanding a subtask.
  let roots = await api.questionsTree(2);
  const loadedAt = performance.now();
  const cpuSinceActivation = process.cpuUsage(api.stats().cpuAtActivation);
  const firstScoresAt = firstScores?.stop();
  const longestGap = gaps?.stop();
  const gc = await gcPauses?.stop();
  if (loadProfile) await loadProfile(env('GST_BENCH_CPU_PROF_LOAD'));
  const s0 = api.stats({ resetEventLoop: true });
  const mem = process.memoryUsage();
  const resultFiles = (await api.resultsTree()).map((r) => r.id);
  const files = env('GST_BENCH_FILES').split('\n').filter(Boolean);
  const resultBytes = files.reduce((a, f) => a + statSync(f).size, 0);
  const report: HostReport = {
    nodeVersion: process.version,
    activationMs: s0.activationMs,
    firstLoad: {
      ms: loadedAt - s0.activationStartedAt,
      cpuMs: (cpuSinceActivation.user + cpuSinceActivation.system) / 1000,
      firstScoresMs: firstScoresAt === undefined ? undefined : firstScoresAt - s0.activationStartedAt,
      eventLoopMaxMs: s0.eventLoopMaxMs,
      entryAfterMs: entryAt - s0.activationStartedAt,
      timeline: Object.fromEntries(
        FIRST_LOAD_STAGES.filter((s) => s0.stages[s] !== undefined).map((s) => [s, s0.stages[s] - s0.activationStartedAt]),
      ),
      longestGap,
      gc,
    },
    reloads: [],
    memory: {
      heapUsedDelta: mem.heapUsed - s0.memoryAtActivation.heapUsed,
      rssDelta: mem.rss - s0.memoryAtActivation.rss,
      resultBytes,
      rss: mem.rss,
    },
    filterSort: [],
    compareOpen: [],
    compareStages: [],
    emptyPanelOpen: [],
    compareEventLoopMaxMs: [],
    clickToPaint: [],
    clickStages: [],
    treeShowsScores: hasScores(roots),
    resultFiles: resultFiles.length,
    errors,
  };

  // What the files hold: the live heap (after a full GC) with them loaded, then unloaded; then loaded back.
  try {
    const loaded = await liveHeapUsed();
    for (const f of files) await vscode.commands.executeCommand(COMMANDS.unloadResultFile, vscode.Uri.file(f));
    await api.whenIdle();
    const unloaded = await liveHeapUsed();
    if (env('GST_BENCH_HEAP_SNAPSHOT')) writeHeapSnapshot(env('GST_BENCH_HEAP_SNAPSHOT'));
    api.stats({ resetEventLoop: true });
    const t = performance.now();
    for (const f of files) await vscode.commands.executeCommand(COMMANDS.loadResultFile, vscode.Uri.file(f));
    await api.whenIdle();
    report.memory.live = { loaded, unloaded, reload: { ms: performance.now() - t, eventLoopMaxMs: api.stats().eventLoopMaxMs } };
  } catch (e) {
    errors.push(`live heap: ${(e as Error).message}`);
  }

  // Reloads: Refresh reads the dataset again, so every result file is scored again against it.
  for (let r = 0; r < runs; r++) {
    const profile = r === 0 && env('GST_BENCH_CPU_PROF') ? await startProfile() : undefined;
    // Every result file changed on disk (a new mtime), so none is answered from the read cache.
    const now = new Date(Date.now() + r * 1000);
    for (const f of files) utimesSync(f, now, now);
    api.stats({ resetEventLoop: true });
    const t = performance.now();
    await vscode.commands.executeCommand(COMMANDS.refresh);
    await api.whenIdle();
    roots = await api.questionsTree(2);
    report.reloads.push({ ms: performance.now() - t, eventLoopMaxMs: api.stats().eventLoopMaxMs });
    if (profile) await profile(env('GST_BENCH_CPU_PROF'));
  }

  // The floor: a bare webview panel that posts once its first frame is drawn. The first open of a webview in a
  // window also starts the webview machinery (service worker), so one warm-up open is not counted.
  try {
    for (let r = 0; r <= runs; r++) {
      const ms = await openEmptyPanel();
      if (r > 0) report.emptyPanelOpen.push(ms);
    }
  } catch (e) {
    errors.push(`empty panel: ${(e as Error).message}`);
  }

  // The Compare panel on every loaded file: from the command to the table painted in the webview.
  try {
    for (const f of files)
      if (!api.comparedResults().includes(f)) await vscode.commands.executeCommand(COMMANDS.toggleCompareResult, vscode.Uri.file(f));
    await api.whenIdle();
    // A user ticks the files, then opens the panel: by then the table has been computed ahead, off the host's thread.
    await api.compareSettled();
    // --cpu-prof-compare: a CPU profile of the host over every open, and the work each open leaves after its paint.
    const compareProfile = env('GST_BENCH_CPU_PROF_COMPARE') ? await startProfile() : undefined;
    for (let r = 0; r < runs; r++) {
      const before = api.stats().painted.compare?.at ?? 0;
      api.stats({ resetEventLoop: true });
      const t = performance.now();
      await vscode.commands.executeCommand(COMMANDS.compareResults);
      const page = await until('the compare panel to paint', () => {
        const p = api.stats().painted.compare;
        return p && p.at > before ? p : undefined;
      });
      const at = page.at;
      report.compareOpen.push(at - t);
      report.compareEventLoopMaxMs.push(api.stats().eventLoopMaxMs ?? NaN);
      const { stages } = api.stats();
      const ready = stages['compare.ready'] ?? NaN;
      const sent = stages['compare.sent'] ?? NaN;
      report.compareStages.push({
        boot: ready - t,
        host: sent - ready,
        paint: at - sent,
        render: page.pageMs ?? NaN,
        sinceReady: page.sinceReadyMs ?? NaN,
      });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
    if (compareProfile) {
      await api.whenIdle();
      await new Promise((r) => setTimeout(r, PROFILE_TAIL_MS)); // what the last open left to run after its paint
      await compareProfile(env('GST_BENCH_CPU_PROF_COMPARE'));
    }
  } catch (e) {
    errors.push(`compare: ${(e as Error).message}`);
  }

  // Filter and sort with 2 result files: each step changes the filter and builds the tree the view asks for.
  for (const f of files.slice(2)) await vscode.commands.executeCommand(COMMANDS.unloadResultFile, vscode.Uri.file(f));
  await api.whenIdle();
  const steps: Array<[string, unknown]> = [
    [COMMANDS.filterStatus, 'failed'],
    [COMMANDS.sortOrder, 'scoreAsc'],
    [COMMANDS.filterText, 'the'],
    [COMMANDS.sortOrder, 'dataset'],
    [COMMANDS.filterStatus, 'all'],
    [COMMANDS.filterText, ''],
  ];
  for (let r = 0; r < runs; r++)
    for (const [command, arg] of steps) {
      const t = performance.now();
      await vscode.commands.executeCommand(command, arg);
      await api.questionsTree();
      report.filterSort.push(performance.now() - t);
    }

  // Tree click to sample painted: the row's command, then the viewer's paint report.
  try {
    const uids = questionUids(await api.questionsTree()).slice(0, runs + 1);
    for (const [i, uid] of uids.entries()) {
      const t = performance.now();
      await vscode.commands.executeCommand(COMMANDS.openQuestion, uid);
      const page = await until(`the viewer to paint ${uid}`, () => {
        const p = api.stats().painted.viewer;
        return p && p.what === uid && p.at > t ? p : undefined;
      });
      if (i === 0) continue; // the first opens the panel and loads its page
      report.clickToPaint.push(page.at - t);
      const host = (api.stats().stages['viewer.sent'] ?? NaN) - t;
      const render = page.pageMs ?? NaN;
      report.clickStages.push({ host, render, transit: page.at - t - host - render });
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  } catch (e) {
    errors.push(`viewer: ${(e as Error).message}`);
  }

  // The same click as a user makes it: the runner's page driver presses the tree's row with Chromium's mouse.
  if (env(CLICK_DIR_ENV))
    try {
      const answer = await requestClicks(env(CLICK_DIR_ENV), clickRequest(await api.questionsTree(), runs + 1), STEP_TIMEOUT_MS);
      report.pressToPaint = answer.clickToPaint;
      errors.push(...answer.errors);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } catch (e) {
      errors.push(`tree click: ${(e as Error).message}`);
    }

  // A large result file: loaded by the Load Result File command, memory sampled while it loads.
  const big = env('GST_BENCH_BIG_FILE');
  if (big) {
    for (const f of files.slice(0, 2)) await vscode.commands.executeCommand(COMMANDS.unloadResultFile, vscode.Uri.file(f));
    await api.whenIdle();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    const parses = api.stats({ resetEventLoop: true }).resultParses;
    const t = performance.now();
    utimesSync(big, new Date(), new Date());
    await vscode.commands.executeCommand(COMMANDS.loadResultFile, vscode.Uri.file(big));
    await api.whenIdle();
    const ms = performance.now() - t;
    clearInterval(sampler);
    const s = api.stats();
    report.big = { ms, eventLoopMaxMs: s.eventLoopMaxMs, peakRss, rssBefore, bytes: statSync(big).size, parses: s.resultParses - parses };
  }
  writeFileSync(out, JSON.stringify(report));
  // The runner prints this file as the suite's report.
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder) writeFileSync(`${folder}.suite-report.txt`, `extension benchmark: measured, ${errors.length} error(s)\n`);
}

/** `heapUsed` after a full garbage collection (through node:inspector), so garbage is not counted as held. */
async function liveHeapUsed(): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (err) => (err ? reject(err) : resolve())));
  } finally {
    session.disconnect();
  }
  return process.memoryUsage().heapUsed;
}

/** A CPU profile of this extension host (node:inspector in-process); the returned function writes it. */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  return async (file) => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** The first `count` questions of the first subtask that has that many, in the tree's order, as rows to click. */
function clickRequest(roots: TreeSnapshotNode[], count: number): ClickRequest {
  for (const competency of roots)
    for (const subtask of competency.children ?? []) {
      const questions = (subtask.children ?? []).filter((q) => q.id.startsWith('question:') && q.description);
      if (questions.length < count) continue;
      return {
        targets: questions.slice(0, count).map((q) => ({
          uid: q.id.slice('question:'.length),
          competency: competency.label,
          subtask: subtask.label,
          description: q.description ?? '',
        })),
      };
    }
  throw new Error(`no subtask has ${count} questions to click`);
}

function questionUids(roots: TreeSnapshotNode[]): string[] {
  const out: string[] = [];
  const walk = (n: TreeSnapshotNode) => {
    if (n.id.startsWith('question:')) out.push(n.id.slice('question:'.length));
    n.children?.forEach(walk);
  };
  roots.forEach(walk);
  return out;
}

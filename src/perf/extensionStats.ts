// Counters and timestamps the extension keeps about its own work, for the extension-host tests (a file unchanged on
// disk is not parsed again; activation reads no result file) and the extension benchmark (scripts/bench/extension.ts).
// Times are `performance.now()` of the extension host, so a reader in the same host can subtract them.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Set in the extension host's environment by the benchmark: activation then starts an event-loop delay monitor. */
export const EVENT_LOOP_MONITOR_ENV = 'GST_BENCH_EVENT_LOOP';
/** The monitor's sampling resolution: fine enough to see a 100 ms block, coarse enough to cost nothing. */
const EVENT_LOOP_RESOLUTION_MS = 10;

export interface PaintedMark {
  /** What was painted: a question uid for the viewer, the panel's kind otherwise. */
  what: string;
  at: number;
  /** The page's own time for it, when it says: from the message's arrival to the frame after its render. */
  pageMs?: number;
  /** The page's time from its `ready` to the message's arrival, when it says. */
  sinceReadyMs?: number;
}

export interface ExtensionStats {
  /** `performance.now()` when `activate()` began, and how long it took. */
  activationStartedAt: number;
  activationMs: number;
  /** The extension host's heap and RSS when activation began, in bytes. */
  memoryAtActivation: { heapUsed: number; rss: number };
  /** The extension host process's CPU time when activation began (`process.cpuUsage()`, every thread, in µs). */
  cpuAtActivation: { user: number; system: number };
  /** Datasets read (a folder's question files or an annotations file). */
  datasetReads: number;
  /** Dataset reads and result parses that had started when `activate()` returned: none, it only wires things up. */
  readsDuringActivation: number;
  /** Result files read and scored from their bytes or an editor's text, in all and per file (by its absolute path). */
  resultParses: number;
  resultParsesByFile: Record<string, number>;
  /** Media refs already checked when the last dataset read for the first time was shown: none, they are checked after. */
  mediaCheckedAtFirstShow: number;
  /** Loads answered from the cache because the file's size and mtime had not changed. */
  resultCacheHits: number;
  /** Result loads stopped before their end: a Cancel in the progress notification, or a newer load of the file. */
  resultLoadsCancelled: number;
  /** The last paint each panel reported. */
  painted: Record<string, PaintedMark>;
  /** When each stage last happened (`compare.ready`: its page said ready; `compare.sent`: its table was posted), or first
   * happened for the first load's (`FIRST_LOAD_STAGES`). */
  stages: Record<string, number>;
  /** The longest event-loop block since activation or the last reset, in ms; only under the benchmark. */
  eventLoopMaxMs?: number;
}

const stats: ExtensionStats = {
  activationStartedAt: 0,
  activationMs: 0,
  memoryAtActivation: { heapUsed: 0, rss: 0 },
  cpuAtActivation: { user: 0, system: 0 },
  datasetReads: 0,
  readsDuringActivation: 0,
  resultParses: 0,
  resultParsesByFile: {},
  mediaCheckedAtFirstShow: 0,
  resultCacheHits: 0,
  resultLoadsCancelled: 0,
  painted: {},
  stages: {},
};
let eventLoop: IntervalHistogram | undefined;

let readsAtActivationStart = 0;

export function activationStarted(): void {
  stats.activationStartedAt = performance.now();
  readsAtActivationStart = stats.datasetReads + stats.resultParses;
  const m = process.memoryUsage();
  stats.memoryAtActivation = { heapUsed: m.heapUsed, rss: m.rss };
  stats.cpuAtActivation = process.cpuUsage();
  if (process.env[EVENT_LOOP_MONITOR_ENV] && !eventLoop) {
    eventLoop = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    eventLoop.enable();
  }
}

export function activationFinished(): void {
  stats.activationMs = performance.now() - stats.activationStartedAt;
  stats.readsDuringActivation = stats.datasetReads + stats.resultParses - readsAtActivationStart;
}

export function countDatasetRead(): void {
  stats.datasetReads++;
}

/** A dataset read for the first time is shown, `checkedRefs` of its media refs already checked. */
export function markFirstShow(checkedRefs: number): void {
  stats.mediaCheckedAtFirstShow = checkedRefs;
  markStage('dataset.shown');
}

export function countResultParse(file: string): void {
  stats.resultParses++;
  stats.resultParsesByFile[file] = (stats.resultParsesByFile[file] ?? 0) + 1;
}

export function countResultCacheHit(): void {
  stats.resultCacheHits++;
}

export function countResultLoadCancelled(): void {
  stats.resultLoadsCancelled++;
}

export function markPainted(panel: string, what: string, page: { ms?: number; sinceReady?: number } = {}): void {
  stats.painted[panel] = {
    what,
    at: performance.now(),
    ...(page.ms === undefined ? {} : { pageMs: page.ms }),
    ...(page.sinceReady === undefined ? {} : { sinceReadyMs: page.sinceReady }),
  };
}

export function markStage(stage: string): void {
  stats.stages[stage] = performance.now();
}

/** Marks a stage the first time only: a stage of the first load, which later loads pass through again. */
export function markStageOnce(stage: FirstLoadStage): void {
  stats.stages[stage] ??= performance.now();
}

/** The first load's stages, in the order they come; the benchmark reports each one's time after activation. */
export const FIRST_LOAD_STAGES = [
  'detection.done',
  'dataset.shown',
  'result.activeScored',
  'questions.scoresDrawn',
  'dataset.resultsScored',
] as const;
export type FirstLoadStage = (typeof FIRST_LOAD_STAGES)[number];

/** A copy of the counters; `resetEventLoop` starts a new window for the longest block. */
export function extensionStats(options: { resetEventLoop?: boolean } = {}): ExtensionStats {
  const copy: ExtensionStats = {
    ...stats,
    painted: { ...stats.painted },
    stages: { ...stats.stages },
    resultParsesByFile: { ...stats.resultParsesByFile },
  };
  if (eventLoop) {
    // The histogram is in nanoseconds; its max includes the resolution's own wait.
    copy.eventLoopMaxMs = Math.max(0, eventLoop.max / 1e6 - EVENT_LOOP_RESOLUTION_MS);
    if (options.resetEventLoop) eventLoop.reset();
  }
  return copy;
}

// The garbage collections' pauses of this thread over a stretch of time, for bench:extension's first load: a GC
// runs on the thread in one go, so a long pause is an event-loop block of its own.
import { PerformanceObserver, constants } from 'node:perf_hooks';

export interface GcPauses {
  /** The longest pause, its kind (major: mark-compact; minor: scavenge; incremental: a marking step) and when it
   * started, in ms after the watch's `since`. */
  longest: { ms: number; kind: string; atMs: number };
  totalMs: number;
  majorCount: number;
  count: number;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** Every garbage collection's pause until `stop`: the longest, their sum and how many were major. `since` is a
 * `performance.now()` time. */
export function watchGc(since: number): { stop(): Promise<GcPauses> } {
  const pauses: GcPauses = { longest: { ms: 0, kind: '', atMs: 0 }, totalMs: 0, majorCount: 0, count: 0 };
  const add = (entries: readonly PerformanceEntry[]) => {
    for (const e of entries) {
      const kind = GC_KINDS[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      pauses.count++;
      pauses.totalMs += e.duration;
      if (kind === 'major') pauses.majorCount++;
      if (e.duration > pauses.longest.ms) pauses.longest = { ms: e.duration, kind, atMs: e.startTime - since };
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // Node records a collection's entry on the turn after it, and delivers it to the callback later still.
      await new Promise((resolve) => setImmediate(resolve));
      add(observer.takeRecords());
      observer.disconnect();
      return pauses;
    },
  };
}

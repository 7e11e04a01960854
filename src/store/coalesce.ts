// Runs a recompute once for a burst of store changes: a watcher that finds 25 result files fires 25
// results changes within a few milliseconds, and rebuilding a board or a comparison for each is wasted work.
// The run waits for a quiet moment, but never longer than a bound after the first change, so a panel behind a
// steady stream of changes still follows them.

export interface CoalesceTiming {
  /** Runs once no change came for this long. */
  quietMs: number;
  /** ... or at the latest this long after the first change of the burst. */
  maxWaitMs: number;
}

/** Short enough to feel immediate after a click; long enough to cover a burst of file loads. */
export const PANEL_UPDATE_TIMING: CoalesceTiming = { quietMs: 40, maxWaitMs: 250 };

export interface Coalesced {
  /** A change happened: run later, once for all the changes until then. */
  schedule(): void;
  /** Resolves once no run is pending (at once when none is). */
  idle(): Promise<void>;
  /** Drops a pending run. */
  dispose(): void;
}

export function coalesce(run: () => void, timing: CoalesceTiming = PANEL_UPDATE_TIMING): Coalesced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  let waiters: Array<() => void> = [];
  const release = () => {
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };
  const fire = () => {
    timer = undefined;
    try {
      run();
    } finally {
      release();
    }
  };
  return {
    schedule() {
      const now = Date.now();
      if (timer === undefined) firstAt = now;
      else clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(timing.quietMs, firstAt + timing.maxWaitMs - now)));
    },
    idle() {
      return timer === undefined ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      release();
    },
  };
}

/**
 * Resolves once `work` settles or `maxMs` has passed, whichever is first: for work that should wait for the loads
 * in flight, but not for a very long one. Never rejects; the timer is cleared either way.
 */
export async function settledOrAfter(work: Promise<unknown>, maxMs: number): Promise<'settled' | 'timed out'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), maxMs)));
  try {
    return await Promise.race([work.then(settled, settled), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
const settled = () => 'settled' as const;

// Work that waits on the file system shares one thread better two at a time: while one file's read waits for the
// disk, the other's lines are scored. The extension's loads and the CLI's many-file commands both use it.

/** Result files parsed at once: more only interleave on one thread and hold more of their bytes (and garbage) at once. */
export const CONCURRENT_RESULT_PARSES = 2;

/** Runs at most `slots` tasks at once, the others in the order they came, except that a task asked `first` goes ahead of
 * those waiting: the active file's parse, whose scores the views show, does not wait behind a queue of other files. */
export class TaskLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>, options: { first?: boolean } = {}): Promise<T> {
    if (this.running >= this.slots)
      await new Promise<void>((resolve) => (options.first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** What a task not started after another failed settles with. */
const SKIPPED = Symbol('skipped after a failure');

/**
 * `task` of every item, `slots` at a time, with the results in the items' order. Once a task fails, no further one
 * starts; the call rejects, when the tasks running then have ended, with the first failure in the items' order
 * (the one a loop over the items would have met).
 */
export async function mapInOrder<T, R>(items: readonly T[], task: (item: T) => Promise<R>, slots = CONCURRENT_RESULT_PARSES): Promise<R[]> {
  const limiter = new TaskLimiter(slots);
  let failed = false;
  const settled = await Promise.allSettled(
    items.map((item) =>
      limiter.run(async () => {
        if (failed) throw SKIPPED;
        try {
          return await task(item);
        } catch (e) {
          failed = true;
          throw e;
        }
      }),
    ),
  );
  const results: R[] = [];
  for (const s of settled) {
    if (s.status === 'fulfilled') results.push(s.value);
    else if (s.reason !== SKIPPED) throw s.reason;
  }
  return results;
}

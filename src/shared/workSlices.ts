// How a long computation shares its thread: it asks after each step whether its slice is spent, and then pauses.
// The host side's implementation is core/io/timeSlices.ts.

export interface WorkSlicer {
  /** True when the work done since the last pause has used up the slice. */
  due(): boolean;
  /** Lets other work run; resolves when this work may go on. */
  pause(): Promise<void>;
}

/** Runs steps (a generator that yields between them) to the end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs steps, pausing between two of them whenever the slice is spent. */
export async function runStepsInSlices<T>(steps: Generator<void, T>, slicer: WorkSlicer): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slicer.due()) await slicer.pause();
  }
}

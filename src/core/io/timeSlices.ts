// Cooperative loops on a host's event loop (the extension host's): work in slices of a few milliseconds of time,
// not of a fixed count of items, since an item's cost varies a hundredfold (a short answer or a long trace).
import type { WorkSlicer } from '../../shared/workSlices';

/** The longest run of work, in ms, a loop does before it lets the event loop turn. */
export const WORK_SLICE_MS = 8;

/** A loop's slices: `due` after `sliceMs` of work; `pause` lets the event loop run (I/O, timers, other loops), then starts the next. */
export class TimeSlicer implements WorkSlicer {
  private sliceEnd: number;

  constructor(private readonly sliceMs = WORK_SLICE_MS) {
    this.sliceEnd = performance.now() + sliceMs;
  }

  due(): boolean {
    return performance.now() >= this.sliceEnd;
  }

  /** A slicer for an optional slice length: none (never pausing) when the caller gave no slice. */
  static optional(sliceMs: number | undefined): TimeSlicer | undefined {
    return sliceMs === undefined ? undefined : new TimeSlicer(sliceMs);
  }

  async pause(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceEnd = performance.now() + this.sliceMs;
  }
}

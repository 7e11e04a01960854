// The comparison slice: which result files are compared (shown side by side in the viewer and the coming
// comparison panel) and which of them is the baseline the others are measured against.
import { Emitter } from './emitter';

export interface ComparisonChange {
  compared: string[];
  baseline: string | undefined;
}

export class ComparisonSlice {
  private readonly comparedIds = new Set<string>();
  private baselineId: string | undefined;
  private readonly emitter = new Emitter<ComparisonChange>();
  readonly onDidChange = this.emitter.event;

  /** In the order they were ticked. */
  compared(): string[] {
    return [...this.comparedIds];
  }

  isCompared(id: string): boolean {
    return this.comparedIds.has(id);
  }

  baseline(): string | undefined {
    return this.baselineId;
  }

  setCompared(id: string, compared: boolean): void {
    if (this.comparedIds.has(id) === compared) return;
    if (compared) this.comparedIds.add(id);
    else {
      this.comparedIds.delete(id);
      if (this.baselineId === id) this.baselineId = undefined;
    }
    this.changed();
  }

  /** The baseline must be compared: setting one ticks it. `undefined` clears it. */
  setBaseline(id: string | undefined): void {
    if (this.baselineId === id) return;
    if (id !== undefined) this.comparedIds.add(id);
    this.baselineId = id;
    this.changed();
  }

  /** A file was unloaded: it is no longer compared or the baseline. */
  forget(id: string): void {
    if (!this.comparedIds.has(id) && this.baselineId !== id) return;
    this.comparedIds.delete(id);
    if (this.baselineId === id) this.baselineId = undefined;
    this.changed();
  }

  private changed(): void {
    this.emitter.fire({ compared: this.compared(), baseline: this.baselineId });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

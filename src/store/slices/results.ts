// The results slice: loaded result files, their evaluations and colours, and which one is active.
// Active (drives the tree's scores, the status bar and "next failure") is independent of compared (comparison.ts).
import type { Evaluation, ResultFormatInfo } from '../../core';
import type { ResultFileState } from '../../model';
import { Emitter } from './emitter';

export interface ResultsChange {
  kind: 'added' | 'removed' | 'evaluation' | 'active';
  ids: string[];
}

export class ResultsSlice {
  private readonly entries = new Map<string, ResultFileState>();
  private nextColorIndex = 0;
  private activeId: string | undefined;
  private readonly emitter = new Emitter<ResultsChange>();
  readonly onDidChange = this.emitter.event;

  /** In load order (the colour order). */
  all(): ResultFileState[] {
    return [...this.entries.values()];
  }

  get(id: string): ResultFileState | undefined {
    return this.entries.get(id);
  }

  active(): ResultFileState | undefined {
    return this.activeId ? this.entries.get(this.activeId) : undefined;
  }

  /** Adds a file with the next colour; a file already loaded is returned as it is. */
  add(id: string): { entry: ResultFileState; isNew: boolean } {
    const existing = this.entries.get(id);
    if (existing) return { entry: existing, isNew: false };
    const entry: ResultFileState = { id, file: id, colorIndex: this.nextColorIndex++, active: false, compared: false };
    this.entries.set(id, entry);
    this.emitter.fire({ kind: 'added', ids: [id] });
    return { entry, isNew: true };
  }

  /** Removes a file; when it was active, the first remaining file becomes active. */
  remove(id: string): boolean {
    if (!this.entries.delete(id)) return false;
    this.emitter.fire({ kind: 'removed', ids: [id] });
    if (this.activeId === id) {
      this.activeId = undefined;
      const next = this.entries.values().next().value as ResultFileState | undefined;
      if (next) this.setActive(next.id);
    }
    return true;
  }

  setActive(id: string): void {
    if (!this.entries.has(id) || this.activeId === id) return;
    const previous = this.activeId;
    this.activeId = id;
    for (const r of this.entries.values()) r.active = r.id === id;
    this.emitter.fire({ kind: 'active', ids: previous ? [previous, id] : [id] });
  }

  setEvaluation(
    id: string,
    outcome: { evaluation: Evaluation; format?: ResultFormatInfo } | { error: string; needsMapping?: boolean } | { evaluation: undefined },
  ): void {
    const r = this.entries.get(id);
    if (!r) return;
    r.evaluation = 'evaluation' in outcome ? outcome.evaluation : undefined;
    r.error = 'error' in outcome ? outcome.error : undefined;
    r.needsMapping = 'error' in outcome ? outcome.needsMapping : undefined;
    // A rescore into an editor keeps the format it was read with.
    if ('format' in outcome) r.format = outcome.format;
    else if (!('evaluation' in outcome && outcome.evaluation)) r.format = undefined;
    this.emitter.fire({ kind: 'evaluation', ids: [id] });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

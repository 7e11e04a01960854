// The filter slice: the Questions view's status/scene/text filter and sort order.
import { DEFAULT_FILTER, isFilterActive, type FilterState } from '../../model';
import { Emitter } from './emitter';

export interface FilterChange {
  filter: Readonly<FilterState>;
  previous: Readonly<FilterState>;
}

export class FilterSlice {
  private state: FilterState = { ...DEFAULT_FILTER };
  private readonly emitter = new Emitter<FilterChange>();
  readonly onDidChange = this.emitter.event;

  get(): Readonly<FilterState> {
    return this.state;
  }

  isActive(): boolean {
    return isFilterActive(this.state);
  }

  set(patch: Partial<FilterState>): void {
    const next = { ...this.state, ...patch };
    if (next.text !== undefined && next.text.trim() === '') next.text = undefined;
    this.replace(next);
  }

  clear(): void {
    this.replace({ ...DEFAULT_FILTER });
  }

  private replace(next: FilterState): void {
    const previous = this.state;
    this.state = next;
    this.emitter.fire({ filter: next, previous });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

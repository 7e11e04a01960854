// The selection slice: the question the user is looking at. A tree click or the viewer's j/k/n sets it;
// the viewer shows it and the tree reveals it.
import { Emitter } from './emitter';

export interface SelectionChange {
  uid: string;
  previous: string | undefined;
}

export class SelectionSlice {
  private current: string | undefined;
  private readonly emitter = new Emitter<SelectionChange>();
  readonly onDidChange = this.emitter.event;

  uid(): string | undefined {
    return this.current;
  }

  /** Selects a question; selecting the current one again fires nothing. */
  select(uid: string): void {
    if (uid === this.current) return;
    const previous = this.current;
    this.current = uid;
    this.emitter.fire({ uid, previous });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

// A typed event without `vscode`, so slices are unit-testable; its `event` has the shape of vscode.Event.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

export class Emitter<T> implements Disposable {
  private readonly listeners = new Set<(e: T) => unknown>();

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  /** Calls every listener; one that throws does not stop the others (it is reported and the rest still run). */
  fire(e: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(e);
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** One event that fires whenever any of these fires. */
export function anyEvent(...events: Array<Event<unknown>>): Event<unknown> {
  return (listener, thisArgs, disposables) => {
    const subs = events.map((e) => e(listener, thisArgs));
    const all = { dispose: () => subs.forEach((s) => s.dispose()) };
    disposables?.push(all);
    return all;
  };
}

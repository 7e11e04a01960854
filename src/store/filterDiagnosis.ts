// The diagnosis filter may name a file that is not the active one (a scoreboard line's button). When that file's
// diagnosis is dropped (its evaluation was replaced: a rescore, a reload), it is computed again, as the service
// does for the active file; otherwise the filter would match nothing until the file became active.
import type { Disposable } from './slices';
import type { InspectorState } from './state';

export function keepFilterFileDiagnosed(state: InspectorState, ensure: (resultId: string) => Promise<unknown>): Disposable {
  const { diagnosis, filter } = state.slices;
  return diagnosis.onDidChange((e) => {
    const id = filter.get().diagnosis?.resultId;
    if (id !== undefined && e.ids.includes(id) && !diagnosis.get(id)) void ensure(id).catch(() => undefined);
  });
}

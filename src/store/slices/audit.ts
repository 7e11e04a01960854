// The audit slice: the reviewers' verdicts as read from each dataset's sidecar (gst-audit.jsonl), with each
// question's audit state derived from them. Reading and writing the sidecars belong to src/store/auditSidecars.ts.
import type { AuditEntry } from '../../shared/audit/format';
import { auditStates, type QuestionAuditState } from '../../shared/audit/state';
import type { Problem } from '../../shared/problems';
import { Emitter } from './emitter';

/** One sidecar as loaded: where it is, whether verdicts can be written there, and what it holds. */
export interface LoadedSidecar {
  file: string;
  /** The dataset root it belongs to. */
  root: string;
  writable: boolean;
  /** Why it cannot be written, and what to do. */
  reason?: string;
  entries: AuditEntry[];
  /** Unreadable lines (with their line numbers) and repeated verdicts, for the Problems panel. */
  problems: Problem[];
}

export interface AuditChange {
  /** The sidecar loaded, reloaded or dropped. */
  file: string;
  /** Uids whose verdicts may have changed. */
  uids: string[];
}

export class AuditSlice {
  private readonly sidecars = new Map<string, LoadedSidecar>();
  private cachedStates: Map<string, QuestionAuditState> | undefined;
  private readonly emitter = new Emitter<AuditChange>();
  readonly onDidChange = this.emitter.event;

  /** The loaded sidecars, by file. */
  all(): LoadedSidecar[] {
    return [...this.sidecars.values()];
  }

  sidecar(file: string): LoadedSidecar | undefined {
    return this.sidecars.get(file);
  }

  /** The sidecar of a dataset root. */
  forRoot(root: string): LoadedSidecar | undefined {
    return this.all().find((s) => s.root === root);
  }

  entries(): AuditEntry[] {
    return this.all().flatMap((s) => s.entries);
  }

  /** Each audited question's state (verdict or mixed, flagged, reviewers disagree), over every sidecar. */
  states(): ReadonlyMap<string, QuestionAuditState> {
    this.cachedStates ??= auditStates(this.entries());
    return this.cachedStates;
  }

  state(uid: string): QuestionAuditState | undefined {
    return this.states().get(uid);
  }

  problems(): Problem[] {
    return this.all().flatMap((s) => s.problems);
  }

  /** Replaces a sidecar's content (a first read, a reload after another writer, the result of a write). */
  load(sidecar: LoadedSidecar): void {
    const before = this.sidecars.get(sidecar.file);
    this.sidecars.set(sidecar.file, sidecar);
    this.changed(sidecar.file, before, sidecar);
  }

  remove(file: string): void {
    const before = this.sidecars.get(file);
    if (!before) return;
    this.sidecars.delete(file);
    this.changed(file, before, undefined);
  }

  private changed(file: string, before: LoadedSidecar | undefined, after: LoadedSidecar | undefined): void {
    const key = (e: AuditEntry) => JSON.stringify(e);
    const old = new Set((before?.entries ?? []).map(key));
    const now = new Set((after?.entries ?? []).map(key));
    const uids = new Set<string>();
    for (const e of before?.entries ?? []) if (!now.has(key(e))) uids.add(e.uid);
    for (const e of after?.entries ?? []) if (!old.has(key(e))) uids.add(e.uid);
    const sameMeta =
      before !== undefined &&
      after !== undefined &&
      before.writable === after.writable &&
      before.reason === after.reason &&
      JSON.stringify(before.problems) === JSON.stringify(after.problems);
    if (uids.size === 0 && sameMeta) return;
    this.cachedStates = undefined;
    this.emitter.fire({ file, uids: [...uids] });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

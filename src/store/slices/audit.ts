// The audit slice: the reviewer's verdicts on single questions, kept in a sidecar file beside the results.
// It holds what is loaded; reading and writing the sidecar belong to the audit panel.
import { Emitter } from './emitter';

type AuditVerdict = 'agree' | 'disagree' | 'unsure';

export interface AuditEntry {
  uid: string;
  verdict: AuditVerdict;
  note?: string;
}

export interface AuditChange {
  sidecar: string | undefined;
  /** Uids whose verdict changed; every uid when a sidecar was loaded or closed. */
  uids: string[];
}

export class AuditSlice {
  private sidecarPath: string | undefined;
  private readonly verdicts = new Map<string, AuditEntry>();
  private readonly emitter = new Emitter<AuditChange>();
  readonly onDidChange = this.emitter.event;

  sidecar(): string | undefined {
    return this.sidecarPath;
  }

  verdict(uid: string): AuditEntry | undefined {
    return this.verdicts.get(uid);
  }

  all(): AuditEntry[] {
    return [...this.verdicts.values()];
  }

  /** Replaces everything with a loaded sidecar (or none). */
  load(sidecar: string | undefined, entries: readonly AuditEntry[]): void {
    const uids = new Set([...this.verdicts.keys(), ...entries.map((e) => e.uid)]);
    this.sidecarPath = sidecar;
    this.verdicts.clear();
    for (const e of entries) this.verdicts.set(e.uid, { ...e });
    this.emitter.fire({ sidecar, uids: [...uids] });
  }

  /** Sets or (with `undefined`) clears one question's verdict. */
  setVerdict(uid: string, entry: Omit<AuditEntry, 'uid'> | undefined): void {
    const before = this.verdicts.get(uid);
    if (!entry && !before) return;
    if (entry && before && before.verdict === entry.verdict && before.note === entry.note) return;
    if (entry) this.verdicts.set(uid, { uid, ...entry });
    else this.verdicts.delete(uid);
    this.emitter.fire({ sidecar: this.sidecarPath, uids: [uid] });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

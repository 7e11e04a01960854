// The audit sidecars of the loaded datasets: found (gst-audit.jsonl in each dataset root, or the configured
// file), read into the audit slice, and written through the core's audit writer, which re-reads and merges under
// a lock before each atomic write, so another window's or reviewer's verdicts are never lost. No vscode import.
import { locateAuditFile } from '../core/audit/location';
import { readAuditFile, updateAuditFile } from '../core/audit/auditFile';
import { resolveReviewer } from '../core/audit/reviewer';
import type { AuditEntry } from '../shared/audit/format';
import type { AuditVerdict } from '../shared/audit/verdicts';
import type { TypedAnswer } from '../shared/answers/typedAnswer';
import type { InspectorState } from './state';
import type { LoadedSidecar } from './slices';

export interface AuditSettings {
  /** A configured sidecar path (for a read-only dataset); empty or undefined: gst-audit.jsonl in the dataset root. */
  file(): string | undefined;
  /** The configured reviewer name, used when git has none. */
  reviewer(): string | undefined;
  /** What a relative configured path is resolved against (the first workspace folder). */
  relativeTo(): string;
}

export interface VerdictInput {
  uid: string;
  /** Null takes this reviewer's verdict back. */
  verdict: AuditVerdict | null;
  note: string;
  proposed: TypedAnswer | null;
}

export class AuditSidecars {
  private readonly reviewers = new Map<string, Promise<string>>();
  /** Bumps per root on every read, so an older read finishing late does not overwrite a newer one. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly state: InspectorState,
    private readonly settings: AuditSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The roots of the loaded datasets: each has one sidecar. */
  roots(): string[] {
    return [...new Set(this.state.loadedDatasets().map((d) => d.root))];
  }

  /** Reads the sidecar of every loaded dataset, and drops those of datasets no longer loaded. */
  async sync(): Promise<void> {
    const roots = this.roots();
    const audit = this.state.slices.audit;
    for (const s of audit.all()) if (!roots.includes(s.root)) audit.remove(s.file);
    await Promise.all(roots.map((r) => this.reload(r)));
  }

  /** Re-reads one dataset's sidecar (after another writer changed it). */
  async reload(root: string): Promise<void> {
    const generation = (this.generations.get(root) ?? 0) + 1;
    this.generations.set(root, generation);
    const location = await locateAuditFile(root, this.settings.file(), this.settings.relativeTo());
    let loaded: LoadedSidecar;
    try {
      const read = await readAuditFile(location.file);
      loaded = { ...location, root, file: read.file, entries: read.doc.entries, problems: read.doc.problems };
    } catch (e) {
      const problem = { file: location.file, severity: 'error' as const, message: `cannot read the audit file: ${(e as Error).message}` };
      loaded = { ...location, root, entries: [], problems: [problem] };
    }
    if (this.generations.get(root) !== generation) return;
    const audit = this.state.slices.audit;
    const before = audit.forRoot(root);
    if (before && before.file !== loaded.file) audit.remove(before.file);
    audit.load(loaded);
  }

  /** The reviewer for a dataset root: git's user.name there, else the setting, else the OS user. */
  reviewer(root: string): Promise<string> {
    const key = `${root}\n${this.settings.reviewer() ?? ''}`;
    let name = this.reviewers.get(key);
    if (!name) {
      name = resolveReviewer(root, this.settings.reviewer());
      this.reviewers.set(key, name);
    }
    return name;
  }

  /** The dataset root that holds a question. */
  rootOf(uid: string): string | undefined {
    return this.state.getQuestion(uid)?.dataset.root;
  }

  /**
   * Sets (or takes back) this reviewer's verdict on a question: the sidecar is re-read and merged, then written
   * atomically; the slice then holds what was written, other writers' lines included.
   */
  async setVerdict(input: VerdictInput): Promise<LoadedSidecar> {
    const root = this.rootOf(input.uid);
    if (!root) throw new Error(`no loaded question has the uid ${input.uid}`);
    const location = await locateAuditFile(root, this.settings.file(), this.settings.relativeTo());
    if (!location.writable) throw new Error(`cannot write verdicts: ${location.reason}`);
    const reviewer = await this.reviewer(root);
    const entry: AuditEntry = {
      uid: input.uid,
      reviewer,
      verdict: input.verdict ?? 'ok',
      note: input.note,
      proposed_answer: input.proposed,
      time: this.now().toISOString(),
    };
    const change = input.verdict === null ? { remove: { uid: input.uid, reviewer } } : { set: entry };
    const update = await updateAuditFile(location.file, [change]);
    this.generations.set(root, (this.generations.get(root) ?? 0) + 1); // a read in flight is older than this
    const loaded: LoadedSidecar = {
      ...location,
      root,
      file: update.state.file,
      entries: update.state.doc.entries,
      problems: update.state.doc.problems,
    };
    const audit = this.state.slices.audit;
    const before = audit.forRoot(root);
    if (before && before.file !== loaded.file) audit.remove(before.file);
    audit.load(loaded);
    return loaded;
  }
}

// What the scoreboard and the compare panel need of the diagnosis, and the sections they send. No `vscode`
// import: the store's implementation is in src/commands/diagnosisFilter.ts, unit tests give their own.
import type { FileDiagnosis, DiagnosisClass } from '../../shared/diagnosis';
import { diagnosisLines } from '../../shared/diagnosis/views';
import { visibilityCoverageSentence, type VisibilityCoverage } from '../../shared/diagnosis/visibilityCoverage';
import type { FileDiagnosisView } from '../../shared/protocol/diagnosis';
import type { SubtaskKey } from '../../shared/subtasks';
import type { CoalesceTiming } from '../../store/coalesce';
import type { Event } from '../../store/slices';

/**
 * Files' diagnoses come in one by one, a few a second: a panel sends its diagnosis sections at most about once a
 * second while they do, not once per file (each send builds and posts every file's section: quadratic in the files).
 */
export const DIAGNOSIS_PUSH_TIMING: CoalesceTiming = { quietMs: 250, maxWaitMs: 1000 };

export interface DiagnosisHost {
  /** The file's diagnosis of its current evaluation, if it is computed. */
  get(id: string): FileDiagnosis | undefined;
  /** Computes it (once per evaluation); the change event follows. */
  ensure(id: string): Promise<FileDiagnosis | undefined>;
  /** Filters the Questions tree on the file's class (in one subtask) and reveals it; how many questions show. */
  showQuestions(id: string, cls: DiagnosisClass, subtask?: SubtaskKey): Promise<number>;
  /** For how many visual-localisation questions of the file visibility is known, once diagnosed. */
  visibilityCoverage?(id: string): VisibilityCoverage | undefined;
  /** Diagnoses were computed or dropped. */
  readonly onDidChange: Event<{ ids: string[] }>;
}

/** The files' sections from the diagnoses computed; the missing ones are asked for and show as pending. */
export function fileDiagnosisViews(
  files: ReadonlyArray<{ id: string; name: string; colorIndex: number }>,
  host: DiagnosisHost,
): FileDiagnosisView[] {
  return files.map((f) => {
    const d = host.get(f.id);
    if (!d) void host.ensure(f.id).catch(() => undefined);
    const coverage = d && host.visibilityCoverage?.(f.id);
    const visibilityNote = coverage && visibilityCoverageSentence(coverage);
    return {
      ...(visibilityNote ? { visibilityNote, ...(coverage.known < coverage.total ? { visibilityIncomplete: true } : {}) } : {}),
      id: f.id,
      name: f.name,
      colorIndex: f.colorIndex,
      pending: d === undefined,
      overall: d?.overall ?? null,
      subtasks: d ? diagnosisLines(d) : [],
    };
  });
}

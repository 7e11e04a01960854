// The Questions view's diagnosis filter: the questions of one class of a result file's diagnosis, optionally of one
// subtask (the scoreboard's line), and each question's class in its tooltip. Pure: no vscode.
import type { FileDiagnosis, QuestionDiagnosis } from '../shared/diagnosis';
import { CLASS_NOUNS, inDiagnosisClass, questionDiagnosisWords } from '../shared/diagnosis/views';
import type { DiagnosisClass } from '../shared/diagnosis';
import { subtaskInfo, type SubtaskKey } from '../shared/subtasks';

export interface DiagnosisFilter {
  /** The result file whose diagnosis decides (the active one when set from the Filter button). */
  resultId: string;
  cls: DiagnosisClass;
  /** Only this subtask's questions (a scoreboard line is one subtask's). */
  subtask?: SubtaskKey;
  /** Named in the view's description: set when the file is not the active one, whose scores the rows show. */
  fileName?: string;
}

/** What the tree needs of the diagnoses: the filter's file's per-question classes and the active file's diagnosis. */
export interface TreeDiagnosis {
  /** Per question of the filter's file; undefined while it is being diagnosed (nothing matches yet). */
  filter?: ReadonlyMap<string, QuestionDiagnosis>;
  /** The active file's, for the tooltips. */
  active?: FileDiagnosis;
}

export function matchesDiagnosisFilter(
  uid: string,
  subtask: string,
  f: DiagnosisFilter,
  byUid: ReadonlyMap<string, QuestionDiagnosis> | undefined,
): boolean {
  if (f.subtask !== undefined && subtask !== f.subtask) return false;
  return inDiagnosisClass(byUid?.get(uid), f.cls);
}

/** "sign flips in EDs", "unit slips (template-b)". */
export function describeDiagnosisFilter(f: DiagnosisFilter): string {
  const where = f.subtask ? ` in ${subtaskInfo(f.subtask)?.abbreviation ?? f.subtask}` : '';
  return `${CLASS_NOUNS[f.cls][1]}${where}${f.fileName ? ` (${f.fileName})` : ''}`;
}

/** The question's class under the active file in words, or undefined when it has none (or is not diagnosed yet). */
export function diagnosisTooltipWords(d: FileDiagnosis | undefined, uid: string, subtask: string): string | undefined {
  return d ? questionDiagnosisWords(d, uid, subtask) : undefined;
}

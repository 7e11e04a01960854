// What the scoreboard and the compare panel show of the diagnosis (src/shared/diagnosis/views.ts builds it), and
// the request that opens a line's questions in the Questions tree.
import type { DiagnosisClass } from '../diagnosis';
import type { DiagnosisDelta, SubtaskDiagnosisLines } from '../diagnosis/views';
import type { SubtaskKey } from '../subtasks';

/** One file's diagnosis section; `pending` while the host diagnoses it. */
export interface FileDiagnosisView {
  id: string;
  name: string;
  colorIndex: number;
  pending: boolean;
  overall: number | null;
  subtasks: SubtaskDiagnosisLines[];
  /** For how many EDv, EDistv and GPv questions the target's visible frames are known, in words. */
  visibilityNote?: string;
  /** True when some of them are not known (the section then offers Find Target Frames in Videos). */
  visibilityIncomplete?: boolean;
}

/** A compared file against the baseline: the classes whose counts differ. */
export interface DiagnosisDeltaView {
  baseline: { id: string; name: string };
  other: { id: string; name: string; colorIndex: number };
  pending: boolean;
  deltas: DiagnosisDelta[];
}

/** Filters the Questions tree on file `file`'s class `cls` in `subtask` and reveals it; how many questions show. */
export type ShowDiagnosisQuestionsRequest = {
  showDiagnosisQuestions: { params: { file: string; cls: DiagnosisClass; subtask?: SubtaskKey }; result: { shown: number } };
};

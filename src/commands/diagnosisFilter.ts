// What the diagnosis filter needs from the store: the active file's class totals for the Filter pick, and the
// filter a scoreboard line sets (that file's class in that subtask), with the Questions view revealed.
import * as vscode from 'vscode';
import { resultLabel, type DiagnosisFilter } from '../model';
import type { DiagnosisClass } from '../shared/diagnosis';
import { classTotals } from '../shared/diagnosis/views';
import type { SubtaskKey } from '../shared/subtasks';
import { VIEWS } from '../ids';
import type { InspectorStore } from '../store/store';
import type { DiagnosisPick } from './filterPick';
import type { DiagnosisHost } from '../panels/common/diagnosisHost';

export async function activeDiagnosisPick(store: InspectorStore): Promise<DiagnosisPick | undefined> {
  const active = store.activeResult();
  if (!active?.evaluation) return undefined;
  const d = store.slices.diagnosis.get(active.id) ?? (await store.diagnosis.ensure(active.id));
  return d ? { fileName: resultLabel(active), totals: classTotals(d) } : undefined;
}

/** Filters the Questions tree on a file's class (in one subtask) and shows the view; how many questions match. */
export async function showDiagnosisQuestions(
  store: InspectorStore,
  resultId: string,
  cls: DiagnosisClass,
  subtask?: SubtaskKey,
): Promise<number> {
  const r = store.result(resultId);
  const d = r && (store.slices.diagnosis.get(r.id) ?? (await store.diagnosis.ensure(r.id)));
  if (!r || !d) return 0;
  const filter: DiagnosisFilter = { resultId: r.id, cls, ...(subtask ? { subtask } : {}) };
  if (!r.active) filter.fileName = resultLabel(r);
  // Exactly the line's questions: the other filters would hide some of them.
  store.setFilter({ status: 'all', audit: undefined, scene: undefined, text: undefined, diagnosis: filter });
  await vscode.commands.executeCommand(`${VIEWS.questions}.focus`);
  return store.tree().order.length;
}

/** The store's diagnosis for the panels. */
export function createDiagnosisHost(store: InspectorStore): DiagnosisHost {
  return {
    get: (id) => store.slices.diagnosis.get(id),
    ensure: (id) => store.diagnosis.ensure(id),
    showQuestions: (id, cls, subtask) => showDiagnosisQuestions(store, id, cls, subtask),
    visibilityCoverage: (id) => store.diagnosis.visibilityCoverage(id),
    onDidChange: store.slices.diagnosis.onDidChange,
  };
}

// The status filter's quick pick with the audit filters after a separator, then the active file's diagnosis
// classes with their counts. Each pick sets its own part of the filter (status, audit or diagnosis); "All
// questions" clears all three.
import * as vscode from 'vscode';
import type { StatusFilter } from '../api';
import { AUDIT_FILTER_CHOICES, isAuditFilter, isStatusFilter, STATUS_FILTERS, type AuditFilter, type FilterState } from '../model';
import type { DiagnosisClass } from '../shared/diagnosis';
import { CLASS_NOUNS, isDiagnosisClass, type ClassTotal } from '../shared/diagnosis/views';

/** A diagnosis class of the active file, as a pick's value and the command's argument: "diagnosis:sign_flip". */
export type DiagnosisChoice = `diagnosis:${DiagnosisClass}`;
export type FilterChoice = StatusFilter | AuditFilter | DiagnosisChoice;

const DIAGNOSIS_PREFIX = 'diagnosis:';
const diagnosisClassOf = (v: string): DiagnosisClass | undefined => {
  const cls = v.startsWith(DIAGNOSIS_PREFIX) ? v.slice(DIAGNOSIS_PREFIX.length) : undefined;
  return isDiagnosisClass(cls) ? cls : undefined;
};

export const isFilterChoice = (v: string): v is FilterChoice => isStatusFilter(v) || isAuditFilter(v) || diagnosisClassOf(v) !== undefined;

/** The part of the filter a choice sets; a diagnosis class is the active file's (`activeId`), all subtasks. */
export function filterPatch(choice: FilterChoice, activeId?: string): Partial<FilterState> {
  if (isAuditFilter(choice)) return { audit: choice };
  const cls = diagnosisClassOf(choice);
  if (cls) return { diagnosis: activeId === undefined ? undefined : { resultId: activeId, cls } };
  return choice === 'all' ? { status: 'all', audit: undefined, diagnosis: undefined } : { status: choice as StatusFilter };
}

type Item = vscode.QuickPickItem & { value?: FilterChoice };

/** The active file's diagnosis for the pick: its class totals and its name. */
export interface DiagnosisPick {
  fileName: string;
  totals: readonly ClassTotal[];
}

export function filterPickItems(current: Readonly<FilterState>, diagnosis?: DiagnosisPick): Item[] {
  const mark = (on: boolean) => (on ? '(current)' : undefined);
  const noneElse = current.audit === undefined && current.diagnosis === undefined;
  const currentClass = current.diagnosis && current.diagnosis.subtask === undefined ? current.diagnosis.cls : undefined;
  return [
    ...STATUS_FILTERS.map((s) => ({
      label: s.label,
      detail: s.detail,
      value: s.value,
      description: mark(s.value === current.status && (s.value !== 'all' || noneElse)),
    })),
    { label: 'Audit', kind: vscode.QuickPickItemKind.Separator },
    ...AUDIT_FILTER_CHOICES.map((a) => ({
      label: a.label,
      detail: a.detail,
      value: a.value,
      description: mark(a.value === current.audit),
    })),
    ...(diagnosis && diagnosis.totals.length > 0
      ? [
          { label: `Diagnosis of ${diagnosis.fileName}`, kind: vscode.QuickPickItemKind.Separator },
          ...diagnosis.totals.map((t) => ({
            label: capitalised(CLASS_NOUNS[t.cls][1]),
            description: [`${t.count} ${t.count === 1 ? 'question' : 'questions'}`, mark(t.cls === currentClass)].filter(Boolean).join(' '),
            detail: t.where,
            value: `${DIAGNOSIS_PREFIX}${t.cls}` as DiagnosisChoice,
          })),
        ]
      : []),
  ];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// The status filter's quick pick with the audit filters after a separator. Each pick sets its own part of the
// filter (status or audit); "All questions" clears both.
import * as vscode from 'vscode';
import type { StatusFilter } from '../api';
import { AUDIT_FILTER_CHOICES, isAuditFilter, isStatusFilter, STATUS_FILTERS, type AuditFilter, type FilterState } from '../model';

export type FilterChoice = StatusFilter | AuditFilter;

export const isFilterChoice = (v: string): v is FilterChoice => isStatusFilter(v) || isAuditFilter(v);

/** The part of the filter a choice sets. */
export function filterPatch(choice: FilterChoice): Partial<FilterState> {
  if (isAuditFilter(choice)) return { audit: choice };
  return choice === 'all' ? { status: 'all', audit: undefined } : { status: choice };
}

type Item = vscode.QuickPickItem & { value?: FilterChoice };

export function filterPickItems(current: Readonly<FilterState>): Item[] {
  const mark = (on: boolean) => (on ? '(current)' : undefined);
  return [
    ...STATUS_FILTERS.map((s) => ({
      label: s.label,
      detail: s.detail,
      value: s.value,
      description: mark(s.value === current.status && (s.value !== 'all' || current.audit === undefined)),
    })),
    { label: 'Audit', kind: vscode.QuickPickItemKind.Separator },
    ...AUDIT_FILTER_CHOICES.map((a) => ({
      label: a.label,
      detail: a.detail,
      value: a.value,
      description: mark(a.value === current.audit),
    })),
  ];
}

// Filtering and sorting of questions in the Questions tree. Pure: no vscode import.
import { readByFallbackRule, type Question, type QuestionOutcome } from '../core';
import type { SortOrder, StatusFilter } from '../api';
import { statusOfOutcome } from './status';
import { AUDIT_FILTER_CHOICES, matchesAuditFilter, type AuditFilter, type QuestionAuditState } from './auditFilter';
import { describeDiagnosisFilter, matchesDiagnosisFilter, type DiagnosisFilter } from './diagnosisFilter';
import type { QuestionDiagnosis } from '../shared/diagnosis';

export interface FilterState {
  status: StatusFilter;
  /** Exact scene name (question.scene), or undefined for all scenes. */
  scene?: string;
  /** Case-insensitive text searched in the uid and the question texts. */
  text?: string;
  /** Audit state (audited, not audited, flagged, reviewers disagree), or undefined for any. */
  audit?: AuditFilter;
  /** A class of a result file's diagnosis, or undefined for any. */
  diagnosis?: DiagnosisFilter;
  sort: SortOrder;
}

export const DEFAULT_FILTER: Readonly<FilterState> = { status: 'all', sort: 'dataset' };

export const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string; detail: string }> = [
  { value: 'all', label: 'All questions', detail: 'no status filter' },
  { value: 'failed', label: 'Failed', detail: 'score below 1 (partial, wrong or unparsed)' },
  { value: 'wrong', label: 'Wrong', detail: 'parsed, score 0' },
  { value: 'unparsed', label: 'Unparsed', detail: 'the prediction could not be parsed' },
  { value: 'none', label: 'No prediction', detail: 'the active result file has no line for the question' },
  {
    value: 'fallback',
    label: 'Read by a fallback rule',
    detail: "the answer was not in the prompt's format: the strict reader would not accept it (lenient reader)",
  },
  { value: 'ambiguous', label: 'Ambiguous', detail: 'the answer is ambiguous (a range, a clock position…) and read by a documented rule' },
];

export const SORT_ORDERS: ReadonlyArray<{ value: SortOrder; label: string; short: string }> = [
  { value: 'dataset', label: 'Dataset order', short: 'dataset order' },
  { value: 'scoreAsc', label: 'Score, lowest first', short: 'score ↑' },
  { value: 'errorDesc', label: 'Error, largest first', short: 'error ↓' },
];

export function isStatusFilter(v: unknown): v is StatusFilter {
  return STATUS_FILTERS.some((s) => s.value === v);
}

export function isSortOrder(v: unknown): v is SortOrder {
  return SORT_ORDERS.some((s) => s.value === v);
}

/** True when the question passes the filter under the active result's outcome (and its audit state, if any). */
export function matchesFilter(
  q: Question,
  outcome: QuestionOutcome | undefined,
  f: FilterState,
  audit?: ReadonlyMap<string, QuestionAuditState>,
  diagnosis?: ReadonlyMap<string, QuestionDiagnosis>,
): boolean {
  if (!matchesStatus(outcome, f.status)) return false;
  if (f.audit !== undefined && !matchesAuditFilter(audit?.get(q.uid), f.audit)) return false;
  if (f.diagnosis !== undefined && !matchesDiagnosisFilter(q.uid, q.subtask, f.diagnosis, diagnosis)) return false;
  if (f.scene !== undefined && q.scene !== f.scene) return false;
  const text = f.text?.trim().toLowerCase();
  if (text) {
    const inUid = q.uid.toLowerCase().includes(text);
    if (!inUid && !q.texts.some((t) => t.toLowerCase().includes(text))) return false;
  }
  return true;
}

function matchesStatus(outcome: QuestionOutcome | undefined, status: StatusFilter): boolean {
  const s = statusOfOutcome(outcome);
  switch (status) {
    case 'all':
      return true;
    case 'failed':
      return outcome !== undefined && outcome.score < 1;
    case 'wrong':
      return s === 'wrong';
    case 'unparsed':
      return s === 'unparsed';
    case 'none':
      return s === 'none';
    case 'fallback':
      return outcome !== undefined && readByFallbackRule(outcome.parse);
    case 'ambiguous':
      return outcome?.parse.ambiguous !== undefined;
  }
}

/**
 * Sorts questions of one subtask. Ties keep dataset order. Score ascending puts questions without a
 * prediction last; error descending puts questions without an error (choice, unparsed, none) last.
 */
export function sortQuestions<T extends { question: Question; outcome?: QuestionOutcome; order: number }>(
  items: T[],
  order: SortOrder,
): T[] {
  const byDataset = (a: T, b: T) => a.order - b.order;
  const copy = [...items];
  switch (order) {
    case 'dataset':
      return copy.sort(byDataset);
    case 'scoreAsc':
      return copy.sort((a, b) => keyAsc(a.outcome?.score) - keyAsc(b.outcome?.score) || byDataset(a, b));
    case 'errorDesc':
      return copy.sort((a, b) => keyDesc(a.outcome?.detail?.error) - keyDesc(b.outcome?.detail?.error) || byDataset(a, b));
  }
}

const keyAsc = (v: number | undefined) => (v === undefined ? Number.POSITIVE_INFINITY : v);
const keyDesc = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? Number.POSITIVE_INFINITY : -v);

export function isFilterActive(f: FilterState): boolean {
  return (
    f.status !== 'all' ||
    f.scene !== undefined ||
    f.audit !== undefined ||
    f.diagnosis !== undefined ||
    !!f.text?.trim() ||
    f.sort !== 'dataset'
  );
}

/** The Questions view's description for a filter, e.g. "failed · scene_2 · “armchair” · score ↑"; undefined when none. */
export function describeFilter(f: FilterState): string | undefined {
  const parts: string[] = [];
  if (f.status !== 'all') parts.push(STATUS_FILTERS.find((s) => s.value === f.status)!.label.toLowerCase());
  if (f.audit !== undefined) parts.push(AUDIT_FILTER_CHOICES.find((a) => a.value === f.audit)!.short);
  if (f.diagnosis !== undefined) parts.push(describeDiagnosisFilter(f.diagnosis));
  if (f.scene !== undefined) parts.push(f.scene);
  if (f.text?.trim()) parts.push(`“${f.text.trim()}”`);
  if (f.sort !== 'dataset') parts.push(SORT_ORDERS.find((s) => s.value === f.sort)!.short);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

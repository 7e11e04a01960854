// The Questions view's audit filters and the question rows' audit decoration, as plain data. Pure: no vscode.
import { AUDIT_FILTERS, auditProgressLabel, matchesAuditFilter, type AuditFilter, type QuestionAuditState } from '../shared/audit/state';
import { formatTypedAnswer } from '../shared/answers/typedAnswer';

export { AUDIT_FILTERS, matchesAuditFilter, type AuditFilter, type QuestionAuditState };

/** The audit entries of the filter quick pick, after the status filters. */
export const AUDIT_FILTER_CHOICES: ReadonlyArray<{ value: AuditFilter; label: string; short: string; detail: string }> = [
  { value: 'audited', label: 'Audited', short: 'audited', detail: 'at least one reviewer gave a verdict' },
  { value: 'not-audited', label: 'Not audited', short: 'not audited', detail: 'no verdict yet' },
  { value: 'flagged', label: 'Flagged', short: 'flagged', detail: 'some reviewer gave a verdict other than ok' },
  { value: 'disagree', label: 'Reviewers disagree', short: 'reviewers disagree', detail: 'different verdicts or proposed answers' },
];

export function isAuditFilter(v: unknown): v is AuditFilter {
  return (AUDIT_FILTERS as readonly unknown[]).includes(v);
}

/**
 * The decoration of an audited question row: a one-character badge (✓ all ok, ⚑ flagged, ≠ reviewers disagree,
 * which wins since it needs a second look first), a theme colour id, and a tooltip with every reviewer's verdict.
 */
export interface AuditDecoration {
  badge: string;
  color?: 'list.warningForeground' | 'list.errorForeground';
  tooltip: string;
}

export function auditDecoration(state: QuestionAuditState | undefined): AuditDecoration | undefined {
  if (!state) return undefined;
  const tooltip = state.entries
    .map((e) => {
      const proposed = e.proposed_answer ? `, proposes ${formatTypedAnswer(e.proposed_answer)}` : '';
      const note = e.note.trim() ? `: ${e.note.trim()}` : '';
      return `${e.verdict} by ${e.reviewer}${proposed}${note}`;
    })
    .join('; ');
  if (state.disagree) return { badge: '≠', color: 'list.errorForeground', tooltip: `Reviewers disagree: ${tooltip}` };
  if (state.flagged) return { badge: '⚑', color: 'list.warningForeground', tooltip: `Flagged: ${tooltip}` };
  return { badge: '✓', tooltip: `Audited: ${tooltip}` };
}

/**
 * The Questions view's description: "audited 812 / 2,762 · flagged", the progress once some verdict exists, then
 * the filter's description; undefined when there is neither.
 */
export function questionsDescription(
  states: ReadonlyMap<string, QuestionAuditState>,
  uids: readonly string[],
  filterDescription: string | undefined,
): string | undefined {
  const progress = states.size > 0 && uids.length > 0 ? auditProgressLabel(states, uids) : undefined;
  return [progress, filterDescription].filter((p) => p !== undefined).join(' · ') || undefined;
}

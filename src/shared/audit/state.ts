// Each question's audit state, as the tree and the viewer show it: its verdicts, whether it is flagged or its
// reviewers disagree; the tree's audit filters, the progress count, and "next question without a verdict".
import type { AuditEntry } from './format';
import { entriesByUid, reviewersDisagree } from './merge';
import { isFlagged, type AuditVerdict } from './verdicts';

export interface QuestionAuditState {
  /** One per reviewer, sorted by reviewer. */
  entries: AuditEntry[];
  /** The verdict all reviewers gave, or "mixed" when they differ. */
  verdict: AuditVerdict | 'mixed';
  /** Some reviewer gave a verdict other than ok. */
  flagged: boolean;
  /** Reviewers gave different verdicts or proposed different answers. */
  disagree: boolean;
}

export function auditStates(entries: readonly AuditEntry[]): Map<string, QuestionAuditState> {
  const out = new Map<string, QuestionAuditState>();
  for (const [uid, list] of entriesByUid(entries)) {
    const verdicts = new Set(list.map((e) => e.verdict));
    out.set(uid, {
      entries: list,
      verdict: verdicts.size === 1 ? list[0].verdict : 'mixed',
      flagged: list.some((e) => isFlagged(e.verdict)),
      disagree: reviewersDisagree(list),
    });
  }
  return out;
}

export const AUDIT_FILTERS = ['audited', 'not-audited', 'flagged', 'disagree'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

/** Whether a question with this state (undefined: no verdict yet) passes the tree's audit filter. */
export function matchesAuditFilter(state: QuestionAuditState | undefined, filter: AuditFilter): boolean {
  switch (filter) {
    case 'audited':
      return state !== undefined;
    case 'not-audited':
      return state === undefined;
    case 'flagged':
      return state?.flagged === true;
    case 'disagree':
      return state?.disagree === true;
  }
}

/** 2762 -> "2,762", the same in every locale. */
export function groupThousands(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return n < 0 ? `-${out}` : out;
}

/** "audited 812 / 2,762": the questions of the dataset that have at least one verdict. */
export function auditProgressLabel(states: ReadonlyMap<string, QuestionAuditState>, uids: readonly string[]): string {
  const audited = uids.reduce((n, uid) => n + (states.has(uid) ? 1 : 0), 0);
  return `audited ${groupThousands(audited)} / ${groupThousands(uids.length)}`;
}

/** The first question after `current` in `order` (wrapping around) without a verdict; null when all have one. */
export function nextUnaudited(
  order: readonly string[],
  current: string | null,
  states: ReadonlyMap<string, QuestionAuditState>,
): string | null {
  const start = current === null ? -1 : order.indexOf(current);
  for (let k = 1; k <= order.length; k++) {
    const uid = order[(start + k + order.length) % order.length];
    if (!states.has(uid)) return uid;
  }
  return null;
}

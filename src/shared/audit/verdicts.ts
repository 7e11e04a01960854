// The audit verdicts, in the order of the viewer's keys 1..7. The paper's reviewers checked whether the target
// can be recognised in the video and whether the off-path query view can be located; those are two of them.
export const AUDIT_VERDICTS = [
  'ok',
  'wrong-answer',
  'ambiguous',
  'target-not-recognisable',
  'view-not-locatable',
  'media-problem',
  'other',
] as const;

export type AuditVerdict = (typeof AUDIT_VERDICTS)[number];

export function isAuditVerdict(v: unknown): v is AuditVerdict {
  return typeof v === 'string' && (AUDIT_VERDICTS as readonly string[]).includes(v);
}

/** The verdict of key "1".."7"; undefined for any other key. */
export function verdictForKey(key: string): AuditVerdict | undefined {
  const i = key.length === 1 ? key.charCodeAt(0) - 0x31 : -1;
  return i >= 0 && i < AUDIT_VERDICTS.length ? AUDIT_VERDICTS[i] : undefined;
}

/** Any verdict other than `ok` flags the question. */
export const isFlagged = (v: AuditVerdict): boolean => v !== 'ok';

// The audit sidecar, gst-audit.jsonl: one line per (question, reviewer), sorted by uid then reviewer, with a fixed
// key order, so that changing one verdict changes one line of a diff. Lines that cannot be read are kept verbatim.
import type { Problem } from '../problems';
import { excerpt } from '../text/messageText';
import { typedAnswerProblem, type TypedAnswer } from '../answers/typedAnswer';
import { AUDIT_VERDICTS, isAuditVerdict, type AuditVerdict } from './verdicts';

export const AUDIT_FILE_NAME = 'gst-audit.jsonl';

export interface AuditEntry {
  uid: string;
  reviewer: string;
  verdict: AuditVerdict;
  /** Free text; "" when there is none. */
  note: string;
  /** The answer the reviewer believes correct, typed by answer kind; null when none is proposed. */
  proposed_answer: TypedAnswer | null;
  /** When the verdict was set: ISO 8601 with a time zone, e.g. 2026-12-01T09:30:00.000Z. */
  time: string;
  /** Fields a later version may add, kept in their order after the known ones so a rewrite loses nothing. */
  extra?: Record<string, unknown>;
}

/** A line that is not a valid entry: reported with its line number, and written back exactly as it was. */
export interface CorruptLine {
  line: number;
  text: string;
}

export interface AuditDocument {
  entries: AuditEntry[];
  corrupt: CorruptLine[];
  problems: Problem[];
}

/** The known fields, in the order every line is written with. */
export const AUDIT_FIELDS = ['uid', 'reviewer', 'verdict', 'note', 'proposed_answer', 'time'] as const;

// Date, time, optional fraction, zone: one pass, no nested quantifiers.
const ISO_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

export function isIsoTime(v: unknown): v is string {
  return typeof v === 'string' && ISO_TIME_RE.test(v) && !Number.isNaN(Date.parse(v));
}

/** Why a parsed JSON value is not an audit entry, or null when it is one. */
export function auditEntryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'an audit line must be a JSON object';
  const v = value as Record<string, unknown>;
  for (const field of AUDIT_FIELDS) if (!(field in v)) return `missing "${field}"`;
  if (typeof v.uid !== 'string' || v.uid === '') return '"uid" must be a non-empty string';
  if (typeof v.reviewer !== 'string' || v.reviewer.trim() === '') return '"reviewer" must be a non-empty string';
  if (!isAuditVerdict(v.verdict)) return `"verdict" must be one of ${AUDIT_VERDICTS.join(', ')}`;
  if (typeof v.note !== 'string') return '"note" must be a string';
  if (v.proposed_answer !== null) {
    const p = typedAnswerProblem(v.proposed_answer);
    if (p) return `"proposed_answer" ${p}`;
  }
  if (!isIsoTime(v.time)) return '"time" must be an ISO 8601 time with a zone, e.g. 2026-12-01T09:30:00.000Z';
  return null;
}

function entryFrom(v: Record<string, unknown>): AuditEntry {
  const entry: AuditEntry = {
    uid: v.uid as string,
    reviewer: v.reviewer as string,
    verdict: v.verdict as AuditVerdict,
    note: v.note as string,
    proposed_answer: v.proposed_answer as TypedAnswer | null,
    time: v.time as string,
  };
  const extraKeys = Object.keys(v).filter((k) => !(AUDIT_FIELDS as readonly string[]).includes(k));
  if (extraKeys.length > 0) entry.extra = Object.fromEntries(extraKeys.map((k) => [k, v[k]]));
  return entry;
}

/** Code-unit order, the same on every machine and locale. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function compareEntries(a: Pick<AuditEntry, 'uid' | 'reviewer'>, b: Pick<AuditEntry, 'uid' | 'reviewer'>): number {
  return compareText(a.uid, b.uid) || compareText(a.reviewer, b.reviewer);
}

/** The identity of an entry in the file: one line per (uid, reviewer). The length prefix keeps it unambiguous. */
export const entryKey = (e: Pick<AuditEntry, 'uid' | 'reviewer'>): string => `${e.uid.length}:${e.uid}${e.reviewer}`;

/** The answer with its fields in the written order (kind first), whatever order it was read in. */
export function canonicalAnswer(a: TypedAnswer | null): TypedAnswer | null {
  if (!a) return null;
  switch (a.kind) {
    case 'point':
      return { kind: a.kind, x: a.x, y: a.y };
    case 'choice':
      return { kind: a.kind, letter: a.letter };
    default:
      return { kind: a.kind, value: a.value };
  }
}

/** One line, without its newline: the known fields in AUDIT_FIELDS order, then any extra fields. */
export function formatAuditEntry(e: AuditEntry): string {
  const known = {
    uid: e.uid,
    reviewer: e.reviewer,
    verdict: e.verdict,
    note: e.note,
    proposed_answer: canonicalAnswer(e.proposed_answer),
    time: e.time,
  };
  return JSON.stringify(e.extra ? { ...known, ...withoutKnown(e.extra) } : known);
}

function withoutKnown(extra: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extra).filter(([k]) => !(AUDIT_FIELDS as readonly string[]).includes(k)));
}

/** Of two entries for the same (uid, reviewer), the one to keep: the later time; on a tie, the larger line. */
export function laterEntry(a: AuditEntry, b: AuditEntry): AuditEntry {
  const ta = Date.parse(a.time);
  const tb = Date.parse(b.time);
  if (ta !== tb) return ta > tb ? a : b;
  return compareText(formatAuditEntry(a), formatAuditEntry(b)) >= 0 ? a : b;
}

/**
 * Reads the sidecar's text. A line that is not valid JSON or not a valid entry becomes a problem with its
 * line number and is kept verbatim; blank lines carry nothing and are dropped. Two lines for the same
 * (uid, reviewer) keep the later one, with a warning.
 */
export function parseAuditText(text: string, file: string): AuditDocument {
  const byKey = new Map<string, { entry: AuditEntry; line: number }>();
  const corrupt: CorruptLine[] = [];
  const problems: Problem[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, i) => {
    const line = i + 1;
    let body = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (i === 0 && body.charCodeAt(0) === 0xfeff) body = body.slice(1);
    if (body.trim() === '') return;
    let value: unknown;
    let problem: string | null;
    try {
      value = JSON.parse(body);
      problem = auditEntryProblem(value);
    } catch (e) {
      problem = `not valid JSON (${(e as Error).message})`;
    }
    if (problem) {
      corrupt.push({ line, text: raw });
      problems.push({ file, line, severity: 'error', message: `${problem}; the line is kept as it is` });
      return;
    }
    const entry = entryFrom(value as Record<string, unknown>);
    const key = entryKey(entry);
    const before = byKey.get(key);
    if (before) {
      const kept = laterEntry(before.entry, entry);
      problems.push({
        file,
        line,
        severity: 'warning',
        uid: entry.uid,
        message: `a second verdict by ${excerpt(entry.reviewer)} for ${excerpt(entry.uid)} (also line ${before.line}); the later one is kept`,
      });
      byKey.set(key, kept === entry ? { entry, line } : before);
    } else byKey.set(key, { entry, line });
  });
  const entries = [...byKey.values()].map((v) => v.entry).sort(compareEntries);
  return { entries, corrupt, problems };
}

/** The file's text: entries sorted by uid then reviewer, then the kept corrupt lines in their order. */
export function formatAuditDocument(doc: Pick<AuditDocument, 'entries' | 'corrupt'>): string {
  const lines = [...doc.entries].sort(compareEntries).map(formatAuditEntry);
  for (const c of doc.corrupt) lines.push(c.text);
  return lines.map((l) => `${l}\n`).join('');
}

// The audit report: verdict counts per subtask, the flagged questions, and agreement between reviewers
// (Cohen's kappa with its large-sample standard error), as data, Markdown and CSV.
import type { Problem } from '../problems';
import { formatParsed, type ParsedValue } from '../parsing/parsedValue';
import { formatTypedAnswer } from '../answers/typedAnswer';
import { OTHER, SUBTASKS, type AnswerKind, type SubtaskOrOther } from '../subtasks';
import { formatScore } from '../format';
import { Z95 } from '../report/normalInterval';
import { excerpt } from '../text/messageText';
import { csvField, csvTable, markdownCell, markdownTable } from '../report/cells';
import { compareEntries, compareText, type AuditEntry } from './format';
import { auditStates } from './state';
import { AUDIT_VERDICTS, isFlagged, type AuditVerdict } from './verdicts';

/** What the report needs to know of a dataset question. */
export interface AuditQuestionInfo {
  uid: string;
  subtask: SubtaskOrOther;
  kind: AnswerKind | null;
  truth: ParsedValue | null;
}

/** Audited uids the dataset does not have are counted in a row of their own. */
export const NOT_IN_DATASET = 'not-in-dataset' as const;
export type AuditRowKey = SubtaskOrOther | typeof NOT_IN_DATASET;

export interface VerdictCounts {
  row: AuditRowKey | 'all';
  label: string;
  questions: number;
  /** Questions with at least one verdict. */
  audited: number;
  /** Questions whose reviewers all gave this verdict. */
  verdicts: Record<AuditVerdict, number>;
  /** Questions whose reviewers gave different verdicts. */
  mixed: number;
}

export interface FlaggedRow {
  uid: string;
  subtask: AuditRowKey;
  reviewer: string;
  verdict: AuditVerdict;
  note: string;
  proposed: string;
  truth: string;
  disagree: boolean;
  time: string;
}

export interface ReviewerAgreement {
  reviewers: [string, string];
  /** Questions both reviewed. */
  n: number;
  /** Share of those with the same verdict, in [0, 1]. */
  observed: number;
  /** Agreement expected by chance from the two reviewers' verdict frequencies. */
  expected: number;
  /** (observed - expected) / (1 - expected); null when expected is 1 (both gave one verdict only). */
  kappa: number | null;
  /** Cohen's (1960) large-sample standard error, sqrt(po (1 - po) / (n (1 - pe)^2)); null with kappa. */
  standardError: number | null;
}

export interface AuditReport {
  questions: number;
  audited: number;
  reviewers: string[];
  counts: VerdictCounts[];
  total: VerdictCounts;
  flagged: FlaggedRow[];
  /** Questions on which reviewers gave different verdicts or proposed different answers. */
  disagreements: Array<{ uid: string; entries: Array<Pick<AuditEntry, 'reviewer' | 'verdict' | 'proposed_answer'>> }>;
  agreement: ReviewerAgreement[];
  problems: Problem[];
}

const zeroVerdicts = () => Object.fromEntries(AUDIT_VERDICTS.map((v) => [v, 0])) as Record<AuditVerdict, number>;

const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

function rowLabel(row: AuditRowKey): string {
  const info = SUBTASKS.find((s) => s.key === row);
  return info ? info.abbreviation : row === OTHER ? 'other task' : 'not in dataset';
}

/** Cohen's kappa of two reviewers over the questions both reviewed, on the seven verdicts. */
export function cohensKappa(pairs: ReadonlyArray<readonly [AuditVerdict, AuditVerdict]>): Omit<ReviewerAgreement, 'reviewers'> {
  const n = pairs.length;
  const a = zeroVerdicts();
  const b = zeroVerdicts();
  let same = 0;
  for (const [x, y] of pairs) {
    a[x]++;
    b[y]++;
    if (x === y) same++;
  }
  const observed = n > 0 ? same / n : 0;
  const expected = n > 0 ? AUDIT_VERDICTS.reduce((s, v) => s + (a[v] / n) * (b[v] / n), 0) : 0;
  if (n === 0 || expected === 1) return { n, observed, expected, kappa: null, standardError: null };
  return {
    n,
    observed,
    expected,
    kappa: (observed - expected) / (1 - expected),
    standardError: Math.sqrt((observed * (1 - observed)) / (n * (1 - expected) ** 2)),
  };
}

/** Builds the report of a sidecar's entries against the dataset's questions. */
export function buildAuditReport(entries: readonly AuditEntry[], questions: readonly AuditQuestionInfo[], file: string): AuditReport {
  const states = auditStates([...entries].sort(compareEntries));
  const questionOf = new Map(questions.map((q) => [q.uid, q]));
  const problems: Problem[] = [];
  const rows = new Map<AuditRowKey, VerdictCounts>();
  const rowFor = (key: AuditRowKey) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { row: key, label: rowLabel(key), questions: 0, audited: 0, verdicts: zeroVerdicts(), mixed: 0 }));
    return r;
  };
  for (const q of questions) rowFor(q.subtask).questions++;

  const flagged: FlaggedRow[] = [];
  const disagreements: AuditReport['disagreements'] = [];
  for (const [uid, { entries: list, verdict, disagree }] of states) {
    const q = questionOf.get(uid);
    if (!q) problems.push({ file, severity: 'warning', uid, message: `audited uid not in the dataset: ${excerpt(uid)}` });
    const row = rowFor(q ? q.subtask : NOT_IN_DATASET);
    row.audited++;
    if (verdict === 'mixed') row.mixed++;
    else row.verdicts[verdict]++;
    if (disagree)
      disagreements.push({
        uid,
        entries: list.map((e) => ({ reviewer: e.reviewer, verdict: e.verdict, proposed_answer: e.proposed_answer })),
      });
    for (const e of list) {
      if (q?.kind && e.proposed_answer && e.proposed_answer.kind !== q.kind) {
        problems.push({
          file,
          severity: 'warning',
          uid,
          message: `${excerpt(e.reviewer)} proposed ${withArticle(e.proposed_answer.kind)} answer for ${excerpt(uid)}, ${withArticle(q.kind)} question`,
        });
      }
      if (!isFlagged(e.verdict)) continue;
      flagged.push({
        uid,
        subtask: q ? q.subtask : NOT_IN_DATASET,
        reviewer: e.reviewer,
        verdict: e.verdict,
        note: e.note,
        proposed: e.proposed_answer ? formatTypedAnswer(e.proposed_answer) : '',
        truth: q?.truth ? formatParsed(q.truth) : '',
        disagree,
        time: e.time,
      });
    }
  }

  const order: AuditRowKey[] = [...SUBTASKS.map((s) => s.key), OTHER, NOT_IN_DATASET];
  const counts = order.flatMap((k) => (rows.has(k) ? [rows.get(k)!] : []));
  const total: VerdictCounts = { row: 'all', label: 'all', questions: 0, audited: 0, verdicts: zeroVerdicts(), mixed: 0 };
  for (const r of counts) {
    total.questions += r.questions;
    total.audited += r.audited;
    total.mixed += r.mixed;
    for (const v of AUDIT_VERDICTS) total.verdicts[v] += r.verdicts[v];
  }

  const reviewers = [...new Set(entries.map((e) => e.reviewer))].sort(compareText);
  const agreement: ReviewerAgreement[] = [];
  for (let i = 0; i < reviewers.length; i++) {
    for (let j = i + 1; j < reviewers.length; j++) {
      const pairs: Array<[AuditVerdict, AuditVerdict]> = [];
      for (const { entries: list } of states.values()) {
        const x = list.find((e) => e.reviewer === reviewers[i]);
        const y = list.find((e) => e.reviewer === reviewers[j]);
        if (x && y) pairs.push([x.verdict, y.verdict]);
      }
      if (pairs.length > 0) agreement.push({ reviewers: [reviewers[i], reviewers[j]], ...cohensKappa(pairs) });
    }
  }
  const known = questions.length;
  return {
    questions: known,
    audited: total.audited - (rows.get(NOT_IN_DATASET)?.audited ?? 0),
    reviewers,
    counts,
    total,
    flagged,
    disagreements,
    agreement,
    problems,
  };
}

/** "[0.07, 1.00]": kappa ± 1.96 SE, clipped to kappa's range [-1, 1]. */
export function kappaInterval(a: ReviewerAgreement): string {
  if (a.kappa === null || a.standardError === null) return '—';
  const lo = Math.max(-1, a.kappa - Z95 * a.standardError);
  const hi = Math.min(1, a.kappa + Z95 * a.standardError);
  return `[${formatScore(lo)}, ${formatScore(hi)}]`;
}

const countCells = (r: VerdictCounts) => [
  String(r.questions),
  String(r.audited),
  ...AUDIT_VERDICTS.map((v) => String(r.verdicts[v])),
  String(r.mixed),
];
const COUNT_HEADER = ['questions', 'audited', ...AUDIT_VERDICTS, 'mixed'];
const FLAGGED_HEADER = ['uid', 'subtask', 'reviewer', 'verdict', 'note', 'proposed answer', 'truth', 'reviewers disagree', 'time'];
const AGREEMENT_HEADER = ['reviewers', 'n', 'observed agreement %', "Cohen's kappa", 'kappa 95% CI'];
const agreementCells = (a: ReviewerAgreement) => [String(a.n), formatScore(100 * a.observed), formatScore(a.kappa), kappaInterval(a)];

export function auditReportMarkdown(report: AuditReport, title: string): string {
  const out: string[] = [`# GST-Bench audit report: ${markdownCell(title)}`, ''];
  out.push(
    `Audited ${report.audited} of ${report.questions} questions; reviewers: ${report.reviewers.map(markdownCell).join(', ') || 'none'}.`,
    '',
  );
  out.push(
    '## Verdicts per subtask',
    '',
    'A question counts under a verdict when all its reviewers gave it; under "mixed" when they differ.',
    '',
  );
  out.push(
    markdownTable(
      ['subtask', ...COUNT_HEADER],
      [...report.counts, report.total].map((r) => [r.label, ...countCells(r)]),
    ),
    '',
  );
  out.push(`## Flagged questions (${report.flagged.length})`, '');
  if (report.flagged.length === 0) out.push('None: every verdict is `ok`.', '');
  else {
    const rows = report.flagged.map((f) =>
      [f.uid, rowLabel(f.subtask), f.reviewer, f.verdict, f.note, f.proposed, f.truth, f.disagree ? 'yes' : '', f.time].map(markdownCell),
    );
    out.push(markdownTable(FLAGGED_HEADER, rows), '');
  }
  out.push(`## Reviewers disagree (${report.disagreements.length})`, '');
  for (const d of report.disagreements) {
    const who = d.entries.map(
      (e) =>
        `${markdownCell(e.reviewer)}: ${e.verdict}${e.proposed_answer ? ` (${markdownCell(formatTypedAnswer(e.proposed_answer))})` : ''}`,
    );
    out.push(`- ${markdownCell(d.uid)}: ${who.join('; ')}`);
  }
  if (report.disagreements.length > 0) out.push('');
  out.push('## Agreement between reviewers', '');
  if (report.agreement.length === 0) out.push('No two reviewers reviewed the same question.', '');
  else {
    out.push(
      "Cohen's kappa over the questions both reviewed (n), on the seven verdicts. The interval is kappa ± 1.96 standard errors (Cohen's large-sample formula): wide for small n. With one verdict only on both sides kappa is undefined (—).",
      '',
    );
    out.push(
      markdownTable(
        AGREEMENT_HEADER,
        report.agreement.map((a) => [markdownCell(a.reviewers.join(' / ')), ...agreementCells(a)]),
      ),
      '',
    );
  }
  if (report.problems.length > 0) {
    out.push(`## Problems (${report.problems.length})`, '');
    for (const p of report.problems)
      out.push(`- ${markdownCell(`${p.file}${p.line !== undefined ? `:${p.line}` : ''}: ${p.severity}: ${p.message}`)}`);
    out.push('');
  }
  return out.join('\n');
}

export type AuditCsvTable = 'counts' | 'flagged' | 'agreement';
export const AUDIT_CSV_TABLES: readonly AuditCsvTable[] = ['counts', 'flagged', 'agreement'];

/** One of the report's tables as CSV. Counts and kappa are unrounded here, for further analysis. */
export function auditReportCsv(report: AuditReport, table: AuditCsvTable): string {
  switch (table) {
    case 'counts':
      return csvTable(
        ['subtask', ...COUNT_HEADER],
        [...report.counts, report.total].map((r) => [csvField(r.label), ...countCells(r)]),
      );
    case 'flagged':
      return csvTable(
        FLAGGED_HEADER,
        report.flagged.map((f) => [
          csvField(f.uid, true),
          csvField(rowLabel(f.subtask)),
          csvField(f.reviewer, true),
          f.verdict,
          csvField(f.note, true),
          csvField(f.proposed),
          csvField(f.truth),
          f.disagree ? 'yes' : '',
          f.time,
        ]),
      );
    case 'agreement':
      return csvTable(
        ['reviewer_a', 'reviewer_b', 'n', 'observed', 'expected', 'kappa', 'standard_error'],
        report.agreement.map((a) => [
          csvField(a.reviewers[0], true),
          csvField(a.reviewers[1], true),
          String(a.n),
          String(a.observed),
          String(a.expected),
          csvField(a.kappa),
          csvField(a.standardError),
        ]),
      );
  }
}

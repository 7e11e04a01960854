// The audit report as the extension's export writes it: the Markdown report at the chosen path and its three
// CSV tables beside it (same name, .csv), each written atomically. The same texts as `gst-bench audit report`.
import * as path from 'node:path';
import type { AuditEntry } from '../../shared/audit/format';
import { AUDIT_CSV_TABLES, auditReportCsv, auditReportMarkdown, buildAuditReport, type AuditQuestionInfo } from '../../shared/audit/report';
import type { Problem } from '../../shared/problems';
import { writeFileAtomic } from '../io/atomicWrite';

export interface AuditReportTexts {
  markdown: string;
  csv: string;
  problems: Problem[];
}

export function auditReportTexts(
  entries: readonly AuditEntry[],
  questions: readonly AuditQuestionInfo[],
  sidecar: string,
  title: string,
  sidecarProblems: readonly Problem[] = [],
): AuditReportTexts {
  const report = buildAuditReport(entries, questions, sidecar);
  const problems = [...sidecarProblems, ...report.problems];
  return {
    markdown: `${auditReportMarkdown({ ...report, problems }, title)}\n`,
    csv: AUDIT_CSV_TABLES.map((t) => auditReportCsv(report, t)).join('\r\n'),
    problems,
  };
}

/** The CSV file that goes with a Markdown report: "report.md" -> "report.csv". */
export function csvPathFor(markdownFile: string): string {
  const ext = path.extname(markdownFile);
  return `${ext ? markdownFile.slice(0, -ext.length) : markdownFile}.csv`;
}

export async function writeAuditReport(markdownFile: string, texts: AuditReportTexts): Promise<{ markdown: string; csv: string }> {
  const csv = csvPathFor(markdownFile);
  await writeFileAtomic(markdownFile, texts.markdown);
  await writeFileAtomic(csv, texts.csv);
  return { markdown: markdownFile, csv };
}

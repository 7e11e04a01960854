// gst-bench audit: the audit report of a dataset's sidecar, and the merge of two sidecars (also as a git
// merge driver: `gst-bench audit merge %O %A %B` writes the merge into %A).
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { readAuditFile, writeAuditFile } from '../core/audit/auditFile';
import { locateAuditFile } from '../core/audit/location';
import { readDataset } from '../core/dataset/reader';
import { removeTempsOnSignals } from '../core/io/atomicWrite';
import { formatAuditDocument } from '../shared/audit/format';
import { mergeAuditDocuments } from '../shared/audit/merge';
import { AUDIT_CSV_TABLES, auditReportCsv, auditReportMarkdown, buildAuditReport, type AuditCsvTable } from '../shared/audit/report';
import { formatProblem, type Problem } from '../shared/problems';
import { escapeControlChars, excerpt } from '../shared/text/messageText';
import { CliUsageError } from './errors';

const AUDIT_USAGE = `Usage:
  gst-bench audit report <dataset> [--audit <file>] [--markdown | --csv [--table counts|flagged|agreement] | --json]
  gst-bench audit merge <A> <B> [-o <out>]          two-way union of two sidecars; stdout unless -o
  gst-bench audit merge <base> <ours> <theirs>      three-way, writes <ours> (git merge driver: %O %A %B)

Options:
  --audit <file>   the sidecar to read (default: gst-audit.jsonl in the dataset root)
  --markdown       the report as Markdown (default)
  --csv            the report's tables as CSV; all three separated by a blank line unless --table picks one
  --json           the report as one JSON document, numbers unrounded
  -o, --output     where merge writes (atomically)

Exit status: 0 done (a merge keeps and lists unreadable lines); 1 report: the sidecar has lines that could not be read; 2 usage or I/O error.`;

/** Input text in a one-line message: control characters visible, long values cut. */
const shown = (s: string) => escapeControlChars(excerpt(s));
const rel = (p: string) => path.relative(process.cwd(), p) || '.';
const relProblems = (ps: Problem[]) => ps.map((p) => ({ ...p, file: rel(p.file) }));

async function report(positionals: string[], values: Record<string, string | boolean | undefined>): Promise<number> {
  if (positionals.length !== 1) throw new CliUsageError('audit report takes exactly one dataset path');
  const formats = (['markdown', 'csv', 'json'] as const).filter((f) => values[f]);
  if (formats.length > 1) throw new CliUsageError('choose one of --markdown, --csv, --json');
  const table = values.table as string | undefined;
  if (table !== undefined && !(AUDIT_CSV_TABLES as readonly string[]).includes(table))
    throw new CliUsageError(`--table takes ${AUDIT_CSV_TABLES.join(', ')}`);
  if (table !== undefined && formats[0] !== 'csv') throw new CliUsageError('--table goes with --csv');
  let dataset;
  try {
    dataset = await readDataset(positionals[0]);
  } catch (e) {
    throw new CliUsageError(`cannot read dataset ${positionals[0]}: ${(e as Error).message}`);
  }
  const file = values.audit ? path.resolve(values.audit as string) : (await locateAuditFile(dataset.root)).file;
  if (!existsSync(file)) console.error(`gst-bench audit: no audit file at ${rel(file)}; nothing is audited yet`);
  const state = await readAuditFile(file);
  const r = buildAuditReport(state.doc.entries, dataset.questions, state.file);
  const problems = [...state.doc.problems, ...r.problems];
  switch (formats[0] ?? 'markdown') {
    case 'json':
      process.stdout.write(`${JSON.stringify({ file: rel(state.file), ...r, problems: relProblems(problems) }, null, 2)}\n`);
      break;
    case 'csv':
      process.stdout.write((table ? [table as AuditCsvTable] : AUDIT_CSV_TABLES).map((t) => auditReportCsv(r, t)).join('\r\n'));
      break;
    default:
      process.stdout.write(`${auditReportMarkdown({ ...r, problems: relProblems(problems) }, path.basename(dataset.root))}\n`);
  }
  if (formats[0] !== 'markdown' && formats[0] !== undefined) for (const p of relProblems(problems)) console.error(formatProblem(p));
  return state.doc.corrupt.length > 0 ? 1 : 0;
}

async function merge(positionals: string[], output: string | undefined): Promise<number> {
  if (positionals.length !== 2 && positionals.length !== 3)
    throw new CliUsageError('audit merge takes two files (A B) or three (base ours theirs)');
  for (const f of positionals) if (!existsSync(f)) throw new CliUsageError(`no such file: ${f}`);
  const states = await Promise.all(positionals.map((f) => readAuditFile(f)));
  const [base, ours, theirs] = states.length === 3 ? states : [null, ...states];
  const merged = mergeAuditDocuments(base?.doc ?? null, ours!.doc, theirs!.doc);
  for (const p of relProblems(states.flatMap((s) => s.doc.problems))) console.error(formatProblem(p));
  for (const c of merged.conflicts) {
    const who = `${shown(c.uid)}: ${shown(c.reviewer)}`;
    console.error(
      `gst-bench audit: ${who} changed the verdict on both sides; kept the later (${c.kept?.verdict}, ${c.kept?.time}) over ${c.dropped?.verdict} (${c.dropped?.time})`,
    );
  }
  const target = output ?? (states.length === 3 ? positionals[1] : undefined);
  if (target) {
    removeTempsOnSignals();
    await writeAuditFile(target, merged);
  } else process.stdout.write(formatAuditDocument(merged));
  // 0 even with corrupt lines: they are kept and listed, and the merged file is a valid sidecar. A git merge
  // driver's non-zero status would mark the file as conflicted.
  return 0;
}

/** Runs `gst-bench audit ...`; returns the exit status. Errors are printed here, not thrown. */
export async function runAuditCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    if (!sub || sub === 'help' || sub === '--help' || sub === '-h') {
      console.log(AUDIT_USAGE);
      return sub ? 0 : 2;
    }
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        audit: { type: 'string' },
        markdown: { type: 'boolean' },
        csv: { type: 'boolean' },
        json: { type: 'boolean' },
        table: { type: 'string' },
        output: { type: 'string', short: 'o' },
      },
    });
    if (sub === 'report') return await report(positionals, values);
    if (sub === 'merge') {
      if (values.audit || values.markdown || values.csv || values.json || values.table) throw new CliUsageError('merge takes only -o');
      return await merge(positionals, values.output);
    }
    throw new CliUsageError(`unknown audit command "${sub}"`);
  } catch (e) {
    if (e instanceof CliUsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`gst-bench audit: ${(e as Error).message}\n\n${AUDIT_USAGE}`);
    } else console.error(`gst-bench audit: ${(e as Error).message}`);
    return 2;
  }
}

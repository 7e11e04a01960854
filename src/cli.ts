// gst-bench: the command-line face of the core library (rescore, summary, validate, convert, formats).
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ADAPTERS,
  convertResultFile,
  DEFAULT_PROFILE,
  DEFAULT_READER,
  evaluateResultFile,
  summarizeResultFile,
  mapInOrder,
  type FileSummary,
  formatLossTable,
  isReaderName,
  largestFormatLossSentence,
  formatProblem,
  formatScore,
  isScoringProfile,
  readDataset,
  removeTempsOnSignals,
  rescoreResultFile,
  untouchedReason,
  subtaskDetailTable,
  subtaskTable,
  toSummary,
  type Dataset,
  type Evaluation,
  type FieldMap,
  type FormatRescore,
  type FormatOptions,
  type Problem,
  type ReaderName,
  type ScoringProfile,
  type SubtaskKey,
} from './core';
import { parseGroups, parseSeed, reportFormat, runCompare, runScoreboard, summaryExport } from './cli/compare';
import { runAuditCommand } from './cli/audit';
import { CliError, CliUsageError } from './cli/errors';
import { enclosingLayoutADataset } from './core/dataset/datasetHint';
import { describeFsError } from './core/dataset/safeRead';
import { subtaskCountTable } from './shared/report/countTable';
import { escapeControlChars } from './shared/text/messageText';
import { PredictionMemos } from './shared/parsing/repeatedPredictions';
import { DIAGNOSE_USAGE, runDiagnose } from './cli/diagnose';

const USAGE = `gst-bench — score and inspect GST-Bench results

Usage:
  gst-bench rescore <result-file> --dataset <dir-or-file> [--profile paper|vsibench] [--reader strict|lenient] [--dry-run] [--json]
  gst-bench summary <result-file>... --dataset <dir-or-file> [--profile paper|vsibench] [--reader strict|lenient] [--json|--markdown|--csv|--latex]
  gst-bench compare <A> <B> [C...] --dataset <dir-or-file> [--baseline A] [--seed N] [--disagreements EDv] [--json|--markdown|--csv]
  gst-bench scoreboard [<result-file>...] --dataset <dir-or-file> [--groups proprietary,open-source,...] [--seed N] [--json|--markdown|--csv|--latex]
  gst-bench validate <dataset> [--json]
  gst-bench convert <result-file> --to jsonl --dataset <dir-or-file> [--out <file.jsonl>]
  gst-bench formats [--json]
  gst-bench audit report <dataset> | audit merge <A> <B>   audit verdicts (gst-bench audit help)
  ${DIAGNOSE_USAGE}

A result file may be of any format \`gst-bench formats\` lists; it is detected from its content. JSON lines
files are rescored in place; others (.xlsx, .eval, .json, .csv) get the sidecar <file>.gst-scores.jsonl.

Options:
  --dataset <path>            dataset folder (layout A) or annotations .json/.jsonl (layout B)
  --profile <name>            scoring profile: paper (default, exact decimals) or vsibench (VSI-Bench doubles)
  --reader <name>             answer reader: lenient (default, what a careful grader reads) or strict (the prompt's
                              format only); summary also shows both and their difference, the format loss
  --uid-field <path>          dotted path of the uid in each result line (default: uid), e.g. doc.uid
  --prediction-field <path>   dotted path (or column) of the model output (default: prediction), e.g. filtered_resps.0
  --id-field <path>           a field or column holding ids that are joined to uids (not uids themselves)
  --gold-field <path>         the gold answer's field or column (kept in conversions)
  --format <name>             skip detection (see \`gst-bench formats\`)
  --requests <file.jsonl>     batch request file whose lines name each custom_id's (or key's) uid
  --id-pattern <regex>        the uid inside each id: the group named uid, else group 1, else the match
  --index-subtask <key>       positional ids (doc_id, index) count within this subtask, e.g. ed_v
  --out <file>                convert: the output file (default <file>.gst.jsonl)
  --dry-run                   rescore without writing the file
  --json                      print exactly one JSON document on stdout
  --markdown, --csv, --latex  print the table in that format (the numbers are the same in every format)
  --baseline <file>           compare: the file the deltas are against (default: the first)
  --seed <N>                  compare, scoreboard: seed of the bootstrap, permutations and random baseline (default fixed)
  --disagreements <subtask>   compare: list that subtask's questions where each file and the baseline disagree
  --groups <list>             scoreboard: the paper's groups to show (proprietary, open-source, embodied, random, human, fine-tuned)

Exit status: 0 every line scored; 1 some lines skipped (listed; the other lines are still scored); 2 usage or I/O error
(a file that cannot be read or written: one line on stderr, and a rescore leaves the file untouched).`;

const rel = (p: string) => path.relative(process.cwd(), p) || '.';
/** A path or value from the input, safe to print inside a line of text output. */
const shown = (s: string) => escapeControlChars(s);
const relProblems = (ps: Problem[]) => ps.map((p) => ({ ...p, file: rel(p.file) }));

/**
 * Only `validate` reports on media (missing files, their types); the scoring commands never show them, so they
 * do not look at media files at all.
 */
async function loadDataset(p: string | undefined, media: 'validate' | 'skip' = 'skip'): Promise<Dataset> {
  if (!p) throw new CliUsageError('--dataset <path> is required');
  try {
    return await readDataset(p, media === 'validate' ? { sniffMedia: true } : { sniffMedia: false, checkMedia: false });
  } catch (e) {
    throw new CliError(`cannot read dataset ${p}: ${describeFsError(e)}`);
  }
}

type FormatFlags = {
  'uid-field'?: string;
  'id-field'?: string;
  'prediction-field'?: string;
  'gold-field'?: string;
  format?: string;
  requests?: string;
  'id-pattern'?: string;
  'index-subtask'?: string;
};

function fieldsFrom(values: FormatFlags): FieldMap | undefined {
  if (values['uid-field'] !== undefined && values['id-field'] !== undefined)
    throw new CliUsageError('give --uid-field or --id-field, not both');
  const id = values['id-field'] ?? values['uid-field'];
  if (id === undefined && values['prediction-field'] === undefined && values['gold-field'] === undefined) return undefined;
  return {
    id,
    idRole: values['id-field'] !== undefined ? 'other' : 'uid',
    prediction: values['prediction-field'],
    gold: values['gold-field'],
  };
}

function formatOptionsFrom(values: FormatFlags & { profile?: string; reader?: string }): FormatOptions {
  let idPattern: RegExp | undefined;
  if (values['id-pattern'] !== undefined) {
    try {
      idPattern = new RegExp(values['id-pattern']);
    } catch (e) {
      throw new CliUsageError(`--id-pattern: ${(e as Error).message}`);
    }
  }
  return {
    profile: profileFrom(values.profile),
    reader: readerFrom(values.reader),
    format: values.format,
    fields: fieldsFrom(values),
    requestsFile: values.requests,
    // The Joiner refuses a key that is not a subtask.
    join: { idPattern, indexSubtask: values['index-subtask'] as SubtaskKey | undefined },
  };
}

/**
 * Refuses a --dataset that is one question folder of a larger dataset, when the result file has uids beyond
 * it: every other line would be "uid not in the dataset" and the overall 0.00, which helps nobody.
 */
async function checkNotOneQuestionFolder(dataset: Dataset, evaluations: ReadonlyArray<Pick<Evaluation, 'problems'>>): Promise<void> {
  const parent = await enclosingLayoutADataset(dataset);
  if (!parent) return;
  const misses = evaluations.reduce((n, e) => n + e.problems.filter((p) => p.uid !== undefined && !dataset.byUid.has(p.uid)).length, 0);
  if (misses === 0) return;
  throw new CliError(
    `--dataset ${rel(dataset.root)} is a single question folder of the dataset in ${rel(parent)}, and ${misses} result line(s) name other questions; pass --dataset ${rel(parent)}`,
  );
}

function profileFrom(v: string | undefined): ScoringProfile {
  const p = v ?? DEFAULT_PROFILE;
  if (!isScoringProfile(p)) throw new CliUsageError(`unknown profile "${p}" (use paper or vsibench)`);
  return p;
}

function readerFrom(v: string | undefined): ReaderName {
  const r = v ?? DEFAULT_READER;
  if (!isReaderName(r)) throw new CliUsageError(`unknown reader "${r}" (use strict or lenient)`);
  return r;
}

/** What became of a rescored file, for the CLI's last line. */
function rescoreTargetText(result: Pick<FormatRescore, 'written' | 'detection' | 'report'>, file: string): string {
  const { written: w, report } = result;
  if (w.kind === 'none') return 'dry run, not written';
  if (w.kind === 'sidecar') return `rescored ${file} (${result.detection.adapter.name}) into ${shown(rel(w.path))}`;
  if (w.kind === 'unchanged') return `rescored ${file}, left untouched (${untouchedReason(report)})`;
  return `rescored ${file}`;
}

/** What became of a rescored file, for `rescore --json`: the text line's facts, the path relative as printed. */
function rescoreWrittenJson(result: Pick<FormatRescore, 'written' | 'report'>): { kind: string; path?: string; reason?: string } {
  const w = result.written;
  if (w.kind === 'none') return { kind: 'none' };
  if (w.kind === 'unchanged') return { kind: w.kind, path: rel(w.path), reason: untouchedReason(result.report) };
  return { kind: w.kind, path: rel(w.path) };
}

function printProblems(problems: Problem[], out: (s: string) => void) {
  for (const p of relProblems(problems)) out(formatProblem(p));
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'audit') return runAuditCommand(rest);
  if (command === 'diagnose') return runDiagnose(rest);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      dataset: { type: 'string' },
      profile: { type: 'string' },
      reader: { type: 'string' },
      'uid-field': { type: 'string' },
      'id-field': { type: 'string' },
      'prediction-field': { type: 'string' },
      'gold-field': { type: 'string' },
      format: { type: 'string' },
      requests: { type: 'string' },
      'id-pattern': { type: 'string' },
      'index-subtask': { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
      markdown: { type: 'boolean' },
      csv: { type: 'boolean' },
      latex: { type: 'boolean' },
      baseline: { type: 'string' },
      seed: { type: 'string' },
      groups: { type: 'string' },
      disagreements: { type: 'string' },
    },
  });
  const json = values.json === true;
  const emit = (doc: unknown) => process.stdout.write(JSON.stringify(doc, null, 2) + '\n');

  switch (command) {
    case 'rescore': {
      if (positionals.length !== 1) throw new CliUsageError('rescore takes exactly one result file');
      const dataset = await loadDataset(values.dataset);
      const file = positionals[0];
      if (!values['dry-run']) removeTempsOnSignals(); // Ctrl-C or a kill leaves the old file and no temp file
      const options = formatOptionsFrom(values);
      let result;
      try {
        // A read-only pass first, only when the dataset may be the wrong folder, so that nothing is written then.
        if (await enclosingLayoutADataset(dataset))
          await checkNotOneQuestionFolder(dataset, [(await evaluateResultFile(dataset, file, options)).evaluation]);
        // Only the report is printed, so only scores are kept of each line; nothing else runs on this thread, so the
        // file is read and written with blocking calls.
        result = await rescoreResultFile(dataset, file, { ...options, dryRun: values['dry-run'], outcomes: 'scores', blockingIo: true });
      } catch (e) {
        if (e instanceof CliError) throw e;
        // What became of the file is said once: here, unless the core's message already says it.
        const said = /nothing was written/.test((e as Error).message);
        throw new CliError(`cannot rescore ${file}: ${describeFsError(e)}${said ? '' : '; the file was left untouched'}`);
      }
      const { report } = result;
      if (json)
        emit({
          ...toSummary(report),
          problems: relProblems(report.problems),
          overallBefore: report.overallBefore,
          changed: report.changed,
          added: report.added,
          written: rescoreWrittenJson(result),
        });
      else {
        console.log(subtaskDetailTable(report.subtasks, report.overall));
        console.log(
          `\n${rescoreTargetText(result, shown(file))}: ${report.scored}/${report.lines} lines scored, ${report.skipped} skipped, ${report.changed} scores changed; overall ${formatScore(report.overallBefore)} -> ${formatScore(report.overall)}`,
        );
        printProblems(report.problems, console.error);
      }
      return report.skipped > 0 ? 1 : 0;
    }
    case 'summary': {
      if (positionals.length === 0) throw new CliUsageError('summary takes at least one result file');
      const dataset = await loadDataset(values.dataset);
      const options = { ...formatOptionsFrom(values), predictionMemos: new PredictionMemos() };
      const reader = options.reader ?? DEFAULT_READER;
      const evals: FileSummary[] = [];
      const notes: string[] = [];
      // Two files at a time: one's lines are scored while the other waits for the disk.
      const summaries = await mapInOrder(positionals, (file) => summarizeResultFile(dataset, file, options));
      for (const result of summaries) {
        if (!result.ok) throw new CliError(`cannot read ${result.file}: ${result.error}`);
        const s = result.summary;
        evals.push(s);
        if (s.format.name !== 'canonical') notes.push(`${rel(s.file)}: ${s.format.label} (${s.format.reason})`);
        if (s.sidecar)
          notes.push(
            `${rel(s.file)}: scores last written to ${rel(s.sidecar.path)}${s.sidecar.stale ? ', which is older than the file: rescore to refresh it' : ''}`,
          );
      }
      const losses = evals.map((e) => e.formatLoss);
      await checkNotOneQuestionFolder(dataset, evals);
      const exportFormat = reportFormat(values, ['json', 'markdown', 'csv', 'latex']);
      if (exportFormat !== 'text' && exportFormat !== 'json') {
        console.log(summaryExport(evals, exportFormat));
        for (const e of evals) printProblems(e.problems, console.error);
      } else if (json) {
        const docs = evals.map((e, i) => ({ ...toSummary(e), reader, formatLoss: losses[i], problems: relProblems(e.problems) }));
        emit(
          docs.length === 1
            ? docs[0]
            : { results: evals.map((e, i) => ({ file: rel(e.file), model: e.model, template: e.template, ...docs[i] })) },
        );
      } else {
        const rows = evals.map((e) => ({
          label: shown([e.model, e.template].filter(Boolean).join(' / ') || path.basename(e.file)),
          subtasks: e.subtasks,
          overall: e.overall,
        }));
        console.log(subtaskTable(rows));
        console.log(`\n${subtaskCountTable(rows)}`);
        for (const n of notes) console.error(shown(n));
        evals.forEach((e, i) => {
          console.log(`\n${shown(rel(e.file))}: ${e.scored}/${e.lines} lines scored with the ${reader} reader, ${e.skipped} skipped`);
          const worst = largestFormatLossSentence(losses[i]);
          if (worst) console.log(`format loss (lenient - strict): ${rows[i].label} ${worst}\n${formatLossTable(losses[i])}`);
          else console.log('format loss (lenient - strict): none');
          printProblems(e.problems, console.error);
        });
      }
      return evals.some((e) => e.skipped > 0) ? 1 : 0;
    }
    case 'validate': {
      if (positionals.length !== 1) throw new CliUsageError('validate takes exactly one dataset path');
      const dataset = await loadDataset(positionals[0], 'validate');
      const errors = dataset.problems.filter((p) => p.severity === 'error').length;
      const warnings = dataset.problems.length - errors;
      const missingMedia = dataset.problems.filter((p) => /^missing (video|image)/.test(p.message)).length;
      if (json) emit({ questions: dataset.questions.length, errors, warnings, missingMedia, problems: relProblems(dataset.problems) });
      else {
        printProblems(dataset.problems, console.log);
        const perSubtask = new Map<string, number>();
        for (const q of dataset.questions) perSubtask.set(q.subtask, (perSubtask.get(q.subtask) ?? 0) + 1);
        console.log(
          `\n${shown(rel(dataset.root))}: ${dataset.questions.length} questions (${[...perSubtask].map(([k, n]) => `${k} ${n}`).join(', ')})`,
        );
        console.log(`${errors} errors, ${warnings} warnings (${missingMedia} missing media files)`);
      }
      return errors > 0 ? 1 : 0;
    }
    case 'compare':
    case 'scoreboard': {
      const dataset = await loadDataset(values.dataset);
      const o = {
        profile: profileFrom(values.profile),
        // The reader stays the default, as it always was for these two commands.
        formats: { ...formatOptionsFrom(values), reader: undefined },
        seed: parseSeed(values.seed),
        format: reportFormat(values, command === 'compare' ? ['json', 'markdown', 'csv'] : ['json', 'markdown', 'csv', 'latex']),
        cwd: process.cwd(),
        out: (t: string) => console.log(t),
        err: (t: string) => console.error(t),
        disagreements: values.disagreements,
      };
      return command === 'compare'
        ? runCompare(dataset, positionals, values.baseline, o)
        : runScoreboard(dataset, positionals, parseGroups(values.groups), o);
    }
    case 'convert': {
      if (positionals.length !== 1) throw new CliUsageError('convert takes exactly one result file');
      if (values.to !== 'jsonl') throw new CliUsageError('convert needs --to jsonl (the canonical format)');
      const dataset = await loadDataset(values.dataset);
      const file = positionals[0];
      const out = values.out ?? `${file}.gst.jsonl`;
      if (path.resolve(out) === path.resolve(file)) throw new CliUsageError('--out must differ from the input file');
      let result;
      try {
        result = await convertResultFile(dataset, file, out, formatOptionsFrom(values));
      } catch (e) {
        throw new CliUsageError(`cannot convert ${file}: ${(e as Error).message}`);
      }
      const e = result.evaluation;
      if (json)
        emit({
          out: rel(out),
          format: result.detection.adapter.name,
          written: result.written,
          records: e.lines,
          skipped: e.skipped,
          joins: result.joins,
          problems: relProblems(e.problems),
        });
      else {
        console.log(
          `${rel(file)} (${result.detection.adapter.label}) -> ${rel(out)}: ${result.written} of ${e.lines} records written, ${e.skipped} not joined or without a prediction`,
        );
        printProblems(e.problems, console.error);
      }
      return e.skipped > 0 ? 1 : 0;
    }
    case 'formats': {
      if (json)
        emit(
          ADAPTERS.map((a) => ({
            name: a.name,
            label: a.label,
            reads: a.reads,
            needs: a.needs,
            extensions: a.extensions,
            rescore: a.inPlace ? 'in place' : 'sidecar',
          })),
        );
      else {
        for (const a of ADAPTERS) {
          console.log(
            `${a.name.padEnd(14)} ${a.label}\n${' '.repeat(15)}reads: ${a.reads}\n${' '.repeat(15)}needs: ${a.needs}\n${' '.repeat(15)}rescore: ${a.inPlace ? 'in place' : 'sidecar <file>.gst-scores.jsonl'}`,
          );
        }
      }
      return 0;
    }
    default:
      throw new CliUsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e) => {
    if (e instanceof CliUsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`gst-bench: ${shown((e as Error).message)}\n\n${USAGE}`);
    } else if (e instanceof CliError) console.error(`gst-bench: ${shown(e.message)}`);
    else console.error(`gst-bench: ${(e as Error).stack ?? e}`);
    process.exitCode = 2;
  },
);

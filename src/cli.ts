// gst-bench: the command-line face of the core library (rescore, summary, validate).
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_FIELDS,
  DEFAULT_PROFILE,
  evaluateFile,
  formatProblem,
  formatScore,
  isScoringProfile,
  readDataset,
  removeTempsOnSignals,
  rescoreFile,
  subtaskDetailTable,
  subtaskTable,
  toSummary,
  type Dataset,
  type Evaluation,
  type FieldMapping,
  type Problem,
  type ScoringProfile,
} from './core';
import { runAuditCommand } from './cli/audit';
import { enclosingLayoutADataset } from './core/dataset/datasetHint';
import { describeFsError } from './core/dataset/safeRead';
import { subtaskCountTable } from './shared/report/countTable';
import { escapeControlChars } from './shared/text/messageText';

const USAGE = `gst-bench — score and inspect GST-Bench results

Usage:
  gst-bench rescore <results.jsonl> --dataset <dir-or-file> [--profile paper|vsibench] [--dry-run] [--json]
  gst-bench summary <results.jsonl>... --dataset <dir-or-file> [--profile paper|vsibench] [--json]
  gst-bench validate <dataset> [--json]
  gst-bench audit report <dataset> | audit merge <A> <B>   audit verdicts (gst-bench audit help)

Options:
  --dataset <path>            dataset folder (layout A) or annotations .json/.jsonl (layout B)
  --profile <name>            scoring profile: paper (default, exact decimals) or vsibench (VSI-Bench doubles)
  --uid-field <path>          dotted path of the uid in each result line (default: uid), e.g. doc.uid
  --prediction-field <path>   dotted path of the model output (default: prediction), e.g. filtered_resps.0
  --dry-run                   rescore without writing the file
  --json                      print exactly one JSON document on stdout

Exit status: 0 every line scored; 1 some lines skipped (listed; the file is still written); 2 usage or I/O error
(a file that cannot be read or written: one line on stderr, and a rescore leaves the file untouched).`;

/** A failure the user can act on, printed as one line (exit 2). */
class CliError extends Error {}
/** A mistake in the command line: printed with the usage text (exit 2). */
class UsageError extends CliError {}

const rel = (p: string) => path.relative(process.cwd(), p) || '.';
/** A path or value from the input, safe to print inside a line of text output. */
const shown = (s: string) => escapeControlChars(s);
const relProblems = (ps: Problem[]) => ps.map((p) => ({ ...p, file: rel(p.file) }));

async function loadDataset(p: string | undefined): Promise<Dataset> {
  if (!p) throw new UsageError('--dataset <path> is required');
  try {
    return await readDataset(p);
  } catch (e) {
    throw new CliError(`cannot read dataset ${p}: ${describeFsError(e)}`);
  }
}

/**
 * Refuses a --dataset that is one question folder of a larger dataset, when the result file has uids beyond
 * it: every other line would be "uid not in the dataset" and the overall 0.00, which helps nobody.
 */
async function checkNotOneQuestionFolder(dataset: Dataset, evaluations: Evaluation[]): Promise<void> {
  const parent = await enclosingLayoutADataset(dataset);
  if (!parent) return;
  const misses = evaluations.reduce((n, e) => n + e.problems.filter((p) => p.uid !== undefined && !dataset.byUid.has(p.uid)).length, 0);
  if (misses === 0) return;
  throw new CliError(
    `--dataset ${rel(dataset.root)} is a single question folder of the dataset in ${rel(parent)}, and ${misses} result line(s) name other questions; pass --dataset ${rel(parent)}`,
  );
}

function fieldsFrom(values: { 'uid-field'?: string; 'prediction-field'?: string }): FieldMapping {
  return { uidField: values['uid-field'] ?? DEFAULT_FIELDS.uidField, predictionField: values['prediction-field'] ?? DEFAULT_FIELDS.predictionField };
}

function profileFrom(v: string | undefined): ScoringProfile {
  const p = v ?? DEFAULT_PROFILE;
  if (!isScoringProfile(p)) throw new UsageError(`unknown profile "${p}" (use paper or vsibench)`);
  return p;
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
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      dataset: { type: 'string' },
      profile: { type: 'string' },
      'uid-field': { type: 'string' },
      'prediction-field': { type: 'string' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  const json = values.json === true;
  const emit = (doc: unknown) => process.stdout.write(JSON.stringify(doc, null, 2) + '\n');

  switch (command) {
    case 'rescore': {
      if (positionals.length !== 1) throw new UsageError('rescore takes exactly one result file');
      const dataset = await loadDataset(values.dataset);
      const file = positionals[0];
      if (!values['dry-run']) removeTempsOnSignals(); // Ctrl-C or a kill leaves the old file and no temp file
      const options = { profile: profileFrom(values.profile), fields: fieldsFrom(values) };
      let result;
      try {
        // A read-only pass first, only when the dataset may be the wrong folder, so that nothing is written then.
        if (await enclosingLayoutADataset(dataset)) await checkNotOneQuestionFolder(dataset, [await evaluateFile(dataset, file, options)]);
        result = await rescoreFile(dataset, file, { ...options, dryRun: values['dry-run'] });
      } catch (e) {
        if (e instanceof CliError) throw e;
        // What became of the file is said once: here, unless the core's message already says it.
        const said = /nothing was written/.test((e as Error).message);
        throw new CliError(`cannot rescore ${file}: ${describeFsError(e)}${said ? '' : '; the file was left untouched'}`);
      }
      const { report } = result;
      if (json) emit({ ...toSummary(report), problems: relProblems(report.problems) });
      else {
        console.log(subtaskDetailTable(report.subtasks, report.overall));
        console.log(
          `\n${values['dry-run'] ? 'dry run, not written' : `rescored ${shown(file)}`}: ${report.scored}/${report.lines} lines scored, ${report.skipped} skipped, ${report.changed} scores changed; overall ${formatScore(report.overallBefore)} -> ${formatScore(report.overall)}`,
        );
        printProblems(report.problems, console.error);
      }
      return report.skipped > 0 ? 1 : 0;
    }
    case 'summary': {
      if (positionals.length === 0) throw new UsageError('summary takes at least one result file');
      const dataset = await loadDataset(values.dataset);
      const profile = profileFrom(values.profile);
      const evals = [];
      for (const file of positionals) {
        try {
          evals.push(await evaluateFile(dataset, file, { profile, fields: fieldsFrom(values) }));
        } catch (e) {
          throw new CliError(`cannot read ${file}: ${describeFsError(e)}`);
        }
      }
      await checkNotOneQuestionFolder(dataset, evals);
      if (json) {
        const docs = evals.map((e) => ({ ...toSummary(e), problems: relProblems(e.problems) }));
        emit(docs.length === 1 ? docs[0] : { results: evals.map((e, i) => ({ file: rel(e.file), model: e.model, template: e.template, ...docs[i] })) });
      } else {
        const rows = evals.map((e) => ({ label: shown([e.model, e.template].filter(Boolean).join(' / ') || path.basename(e.file)), subtasks: e.subtasks, overall: e.overall }));
        console.log(subtaskTable(rows));
        console.log(`\n${subtaskCountTable(rows)}`);
        for (const e of evals) {
          console.log(`\n${shown(rel(e.file))}: ${e.scored}/${e.lines} lines scored, ${e.skipped} skipped`);
          printProblems(e.problems, console.error);
        }
      }
      return evals.some((e) => e.skipped > 0) ? 1 : 0;
    }
    case 'validate': {
      if (positionals.length !== 1) throw new UsageError('validate takes exactly one dataset path');
      const dataset = await loadDataset(positionals[0]);
      const errors = dataset.problems.filter((p) => p.severity === 'error').length;
      const warnings = dataset.problems.length - errors;
      const missingMedia = dataset.problems.filter((p) => /^missing (video|image)/.test(p.message)).length;
      if (json) emit({ questions: dataset.questions.length, errors, warnings, missingMedia, problems: relProblems(dataset.problems) });
      else {
        printProblems(dataset.problems, console.log);
        const perSubtask = new Map<string, number>();
        for (const q of dataset.questions) perSubtask.set(q.subtask, (perSubtask.get(q.subtask) ?? 0) + 1);
        console.log(`\n${shown(rel(dataset.root))}: ${dataset.questions.length} questions (${[...perSubtask].map(([k, n]) => `${k} ${n}`).join(', ')})`);
        console.log(`${errors} errors, ${warnings} warnings (${missingMedia} missing media files)`);
      }
      return errors > 0 ? 1 : 0;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e) => {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`gst-bench: ${shown((e as Error).message)}\n\n${USAGE}`);
    } else if (e instanceof CliError) console.error(`gst-bench: ${shown(e.message)}`);
    else console.error(`gst-bench: ${(e as Error).stack ?? e}`);
    process.exitCode = 2;
  },
);

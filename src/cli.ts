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
  rescoreFile,
  subtaskDetailTable,
  subtaskTable,
  toSummary,
  type Dataset,
  type FieldMapping,
  type Problem,
  type ScoringProfile,
} from './core';

const USAGE = `gst-bench — score and inspect GST-Bench results

Usage:
  gst-bench rescore <results.jsonl> --dataset <dir-or-file> [--profile paper|vsibench] [--dry-run] [--json]
  gst-bench summary <results.jsonl>... --dataset <dir-or-file> [--profile paper|vsibench] [--json]
  gst-bench validate <dataset> [--json]

Options:
  --dataset <path>            dataset folder (layout A) or annotations .json/.jsonl (layout B)
  --profile <name>            scoring profile: paper (default, exact decimals) or vsibench (VSI-Bench doubles)
  --uid-field <path>          dotted path of the uid in each result line (default: uid), e.g. doc.uid
  --prediction-field <path>   dotted path of the model output (default: prediction), e.g. filtered_resps.0
  --dry-run                   rescore without writing the file
  --json                      print exactly one JSON document on stdout

Exit status: 0 every line scored; 1 some lines skipped (listed; the file is still written); 2 usage or I/O error.`;

class UsageError extends Error {}

const rel = (p: string) => path.relative(process.cwd(), p) || '.';
const relProblems = (ps: Problem[]) => ps.map((p) => ({ ...p, file: rel(p.file) }));

async function loadDataset(p: string | undefined): Promise<Dataset> {
  if (!p) throw new UsageError('--dataset <path> is required');
  try {
    return await readDataset(p);
  } catch (e) {
    throw new UsageError(`cannot read dataset ${p}: ${(e as Error).message}`);
  }
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
      let result;
      try {
        result = await rescoreFile(dataset, file, { profile: profileFrom(values.profile), fields: fieldsFrom(values), dryRun: values['dry-run'] });
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`cannot rescore ${file}: ${(e as Error).message}; the file was left untouched`);
      }
      const { report } = result;
      if (json) emit({ ...toSummary(report), problems: relProblems(report.problems) });
      else {
        console.log(subtaskDetailTable(report.subtasks, report.overall));
        console.log(
          `\n${values['dry-run'] ? 'dry run, not written' : `rescored ${file}`}: ${report.scored}/${report.lines} lines scored, ${report.skipped} skipped, ${report.changed} scores changed; overall ${formatScore(report.overallBefore)} -> ${formatScore(report.overall)}`,
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
          throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
        }
      }
      if (json) {
        const docs = evals.map((e) => ({ ...toSummary(e), problems: relProblems(e.problems) }));
        emit(
          docs.length === 1
            ? docs[0]
            : { results: evals.map((e, i) => ({ file: rel(e.file), model: e.model, template: e.template, ...docs[i] })) },
        );
      } else {
        console.log(subtaskTable(evals.map((e) => ({ label: [e.model, e.template].filter(Boolean).join(' / ') || path.basename(e.file), subtasks: e.subtasks, overall: e.overall }))));
        for (const e of evals) {
          console.log(`\n${rel(e.file)}: ${e.scored}/${e.lines} lines scored, ${e.skipped} skipped`);
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
        console.log(`\n${rel(dataset.root)}: ${dataset.questions.length} questions (${[...perSubtask].map(([k, n]) => `${k} ${n}`).join(', ')})`);
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
      console.error(`gst-bench: ${(e as Error).message}\n\n${USAGE}`);
    } else console.error(`gst-bench: ${(e as Error).stack ?? e}`);
    process.exitCode = 2;
  },
);

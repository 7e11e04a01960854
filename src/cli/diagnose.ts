// gst-bench diagnose: why a result file's answers are wrong, and what each kind of error costs (the what-if).
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_FIELDS,
  DEFAULT_PROFILE,
  diagnoseFile,
  diagnosisJson,
  diagnosisMarkdown,
  diagnosisText,
  formatProblem,
  isScoringProfile,
  parseFrameSampling,
  readDataset,
  type FileDiagnosisReport,
  type FrameSampling,
} from '../core';
import { describeFsError } from '../core/dataset/safeRead';
import { CliError, CliUsageError } from './errors';

export const DIAGNOSE_USAGE = `gst-bench diagnose <results.jsonl>... --dataset <dir-or-file> [--frames "32 frames, uniform"] [--frames-field <path>] [--detect-red-box] [--profile paper|vsibench] [--json|--markdown]

  Classifies every wrong or partial answer (sign flips, unit slips, swapped axes, position bias, format
  failures, targets never in the sampled frames, ...) and gives, for each class, the score the file would
  have with that class corrected. --frames is the sampling assumed where a line has no "frames" field
  (a count, or the list of frame indices the model saw). --detect-red-box finds the target's frames in the
  annotated video with ffmpeg where the dataset's geometry does not give them.`;

const rel = (p: string) => path.relative(process.cwd(), p) || '.';

export async function runDiagnose(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dataset: { type: 'string' },
      profile: { type: 'string' },
      frames: { type: 'string' },
      'frames-field': { type: 'string' },
      'detect-red-box': { type: 'boolean' },
      'uid-field': { type: 'string' },
      'prediction-field': { type: 'string' },
      json: { type: 'boolean' },
      markdown: { type: 'boolean' },
    },
  });
  if (positionals.length === 0) throw new CliUsageError('diagnose takes at least one result file');
  if (!values.dataset) throw new CliUsageError('--dataset <path> is required');
  if (values.json && values.markdown) throw new CliUsageError('--json and --markdown exclude each other');
  const profile = values.profile ?? DEFAULT_PROFILE;
  if (!isScoringProfile(profile)) throw new CliUsageError(`unknown profile "${profile}" (use paper or vsibench)`);
  let sampling: FrameSampling | undefined;
  if (values.frames !== undefined) {
    const s = parseFrameSampling(values.frames);
    if (typeof s === 'string') throw new CliUsageError(s);
    sampling = s;
  }
  const dataset = await readDataset(values.dataset).catch((e: Error) => {
    throw new CliError(`cannot read dataset ${values.dataset}: ${describeFsError(e)}`);
  });
  const fields = {
    uidField: values['uid-field'] ?? DEFAULT_FIELDS.uidField,
    predictionField: values['prediction-field'] ?? DEFAULT_FIELDS.predictionField,
  };
  const reports: FileDiagnosisReport[] = [];
  for (const file of positionals) {
    try {
      reports.push(
        await diagnoseFile(dataset, file, {
          profile,
          fields,
          sampling,
          framesField: values['frames-field'],
          detectRedBox: values['detect-red-box'],
        }),
      );
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${describeFsError(e)}`);
    }
  }
  const label = (r: FileDiagnosisReport) =>
    [r.evaluation.model, r.evaluation.template].filter(Boolean).join(' / ') || path.basename(r.evaluation.file);
  if (values.json) {
    const docs = reports.map((r) => ({
      file: rel(r.evaluation.file),
      model: r.evaluation.model ?? null,
      template: r.evaluation.template ?? null,
      ...(diagnosisJson(r.diagnosis) as object),
      problems: r.evaluation.problems.map((p) => ({ ...p, file: rel(p.file) })),
    }));
    process.stdout.write(JSON.stringify(docs.length === 1 ? docs[0] : { results: docs }, null, 2) + '\n');
  } else {
    const render = values.markdown ? diagnosisMarkdown : diagnosisText;
    process.stdout.write(reports.map((r) => render(`${label(r)} (${rel(r.evaluation.file)})`, r.diagnosis)).join('\n\n') + '\n');
    for (const r of reports) for (const p of r.evaluation.problems) console.error(formatProblem({ ...p, file: rel(p.file) }));
  }
  return reports.some((r) => r.evaluation.skipped > 0) ? 1 : 0;
}

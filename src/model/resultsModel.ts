// Labels of loaded result files for the Results view and the status bar. Pure: no vscode import.
import {
  coverageOf,
  coverageText,
  isPartial,
  largestFormatLossSentence,
  overallFormatLossText,
  overallLong,
  overallShort,
  questionsPerSubtask,
  type Coverage,
  type Evaluation,
  type ResultFormatInfo,
} from '../core';
import { formatShortName, formatTooltipLines } from '../shared/formats/info';
import { formatSubtaskScore } from './labels';

export interface ResultFileState {
  /** Stable id: the file's absolute path. */
  id: string;
  file: string;
  colorIndex: number;
  active: boolean;
  compared: boolean;
  /** Undefined until evaluated (no dataset yet, or loading). */
  evaluation?: Evaluation;
  /** Why the file could not be read, if it could not. */
  error?: string;
  /** The error is an unknown layout: a field mapping would read the file. */
  needsMapping?: boolean;
  /** The file's format, how its ids were joined, and where a rescore writes (once read). */
  format?: ResultFormatInfo;
}

function fileBaseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** Base name without folders and without the .jsonl extension. */
export function fileStem(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.jsonl?$/i, '');
}

/** The file's name without folders and extension, e.g. "noisy-oracle": unique enough and what the user chose. */
export function resultLabel(r: Pick<ResultFileState, 'file' | 'evaluation'>): string {
  return fileStem(r.file);
}

/** The loaded questions' count per subtask, against which a result file's coverage is measured. */
export function datasetCounts(questions: ReadonlyArray<{ subtask: string }> | undefined): ReturnType<typeof questionsPerSubtask> {
  return questionsPerSubtask((questions ?? []).map((q) => q.subtask));
}

export function resultCoverage(
  r: Pick<ResultFileState, 'evaluation'>,
  counts: ReturnType<typeof questionsPerSubtask>,
): Coverage | undefined {
  return r.evaluation ? coverageOf(r.evaluation.subtasks, counts) : undefined;
}

/**
 * A Results row's label, the overall score before the name so a narrow sidebar keeps it:
 * "88.8 · noisy-oracle", "16.7 partial · partial-run"; the name alone until the file is evaluated.
 */
export function resultRowLabel(r: Pick<ResultFileState, 'file' | 'evaluation' | 'error'>, coverage: Coverage | undefined): string {
  const name = resultLabel(r);
  if (r.error || !r.evaluation || !coverage) return name;
  return `${overallShort(r.evaluation.overall, coverage, formatSubtaskScore)} · ${name}`;
}

/**
 * "2/12 subtasks, 4/36 questions · model-x · template-b · 120 lines": the coverage of a partial file first,
 * then the parts the file has. The score is in the label (resultRowLabel).
 */
export function resultDescription(
  r: Pick<ResultFileState, 'file' | 'evaluation' | 'error'> & Pick<Partial<ResultFileState>, 'format'>,
  coverage?: Coverage,
): string {
  if (r.error) return r.error;
  const e = r.evaluation;
  if (!e) return 'waiting for a dataset';
  const parts: string[] = [];
  // A foreign format's short name ("lmms-eval", "VLMEvalKit", "mapped CSV"); the canonical format has none.
  const format = r.format && formatShortName(r.format, r.file);
  if (format) parts.push(format);
  if (coverage && isPartial(coverage)) parts.push(coverageText(coverage));
  const loss = e.formatLoss?.overall.loss;
  if (loss !== undefined && loss !== null && loss > 0) parts.push(`format loss ${formatSubtaskScore(loss)}`);
  // The model's name, unless the file is already named after it.
  if (e.model && e.model !== resultLabel({ file: r.file, evaluation: e })) parts.push(e.model);
  if (e.template) parts.push(e.template);
  parts.push(`${e.lines} ${e.lines === 1 ? 'line' : 'lines'}`);
  return parts.join(' · ');
}

export function resultTooltip(r: ResultFileState, coverage?: Coverage): string {
  const e = r.evaluation;
  const lines = [r.file];
  if (r.active) lines.push('Active: drives the scores in the Questions tree.');
  else if (r.compared) lines.push('Checked for comparison.');
  if (e) {
    if (e.model) lines.push(`model: ${e.model}`);
    if (e.template) lines.push(`template: ${e.template}`);
    lines.push(`${e.lines} lines, ${e.scored} scored, ${e.skipped} skipped`);
    lines.push(
      coverage
        ? `${overallLong(e.overall, coverage, formatSubtaskScore)}, the mean of the subtask scores`
        : `overall (mean of subtasks): ${formatSubtaskScore(e.overall)}`,
    );
    const formatLoss = e.formatLoss ? overallFormatLossText(resultLabel(r), e.formatLoss) : null;
    if (formatLoss) {
      const largest = largestFormatLossSentence(e.formatLoss!);
      lines.push(`format loss: ${formatLoss}${largest ? `; the most on one subtask: ${largest}` : ''}`);
    }
    if (e.problems.length > 0) lines.push(`${e.problems.length} problem(s): see the Problems panel`);
  }
  if (r.format) lines.push(...formatTooltipLines(r.format, fileBaseName));
  if (r.error) lines.push(r.error);
  return lines.join('\n');
}

/** Status bar text: "$(beaker) noisy-oracle 41.7"; a partial file: "$(beaker) run 16.7 partial (2/12 subtasks, 4/36 questions)". */
export function statusBarText(r: ResultFileState | undefined, coverage?: Coverage): string | undefined {
  if (!r) return undefined;
  if (!r.evaluation) return `$(beaker) ${resultLabel(r)} …`;
  const score = coverage ? overallShort(r.evaluation.overall, coverage, formatSubtaskScore) : formatSubtaskScore(r.evaluation.overall);
  return `$(beaker) ${resultLabel(r)} ${score}${coverage && isPartial(coverage) ? ` (${coverageText(coverage)})` : ''}`;
}

// Labels of loaded result files for the Results view and the status bar. Pure: no vscode import.
import type { Evaluation } from '../core';
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

/** "model-x · template-b · 120 lines · 41.7"; parts the file does not have are left out. */
export function resultDescription(r: Pick<ResultFileState, 'file' | 'evaluation' | 'error'>): string {
  if (r.error) return r.error;
  const e = r.evaluation;
  if (!e) return 'waiting for a dataset';
  const parts: string[] = [];
  // The model's name, unless the file is already named after it.
  if (e.model && e.model !== resultLabel({ file: r.file, evaluation: e })) parts.push(e.model);
  if (e.template) parts.push(e.template);
  parts.push(`${e.lines} ${e.lines === 1 ? 'line' : 'lines'}`);
  parts.push(formatSubtaskScore(e.overall));
  return parts.join(' · ');
}

export function resultTooltip(r: ResultFileState): string {
  const e = r.evaluation;
  const lines = [r.file];
  if (r.active) lines.push('Active: drives the scores in the Questions tree.');
  else if (r.compared) lines.push('Checked for comparison.');
  if (e) {
    if (e.model) lines.push(`model: ${e.model}`);
    if (e.template) lines.push(`template: ${e.template}`);
    lines.push(`${e.lines} lines, ${e.scored} scored, ${e.skipped} skipped`, `overall (mean of subtasks): ${formatSubtaskScore(e.overall)}`);
    if (e.problems.length > 0) lines.push(`${e.problems.length} problem(s): see the Problems panel`);
  }
  if (r.error) lines.push(r.error);
  return lines.join('\n');
}

/** Status bar text: "$(beaker) noisy-oracle 41.7". */
export function statusBarText(r: ResultFileState | undefined): string | undefined {
  if (!r) return undefined;
  return `$(beaker) ${resultLabel(r)} ${r.evaluation ? formatSubtaskScore(r.evaluation.overall) : '…'}`;
}

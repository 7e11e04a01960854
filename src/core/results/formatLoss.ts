// Evaluation of a result file under the chosen reader, with the other reader's score of every line alongside,
// in one read of the file: the input to format loss (lenient - strict).
import type { Dataset } from '../dataset/question';
import type { FormatLoss } from '../../shared/report/formatLoss';
import { evaluateFile, evaluateText, type EvaluateOptions, type Evaluation } from './evaluation';
import { FormatLossTracker } from './formatLossTracker';
import { runSteps, runStepsInSlices, type WorkSlicer } from '../../shared/workSlices';

/**
 * The format loss of an evaluation already made (of any result format): each outcome's score under the other
 * reader, parsed again only where the two readers can differ.
 */
export function formatLossOf(dataset: Dataset, evaluation: Evaluation, options: EvaluateOptions): FormatLoss {
  return runSteps(formatLossSteps(dataset, evaluation, options));
}

/** `formatLossOf` for a host's event loop: it pauses whenever `slicer` says its slice is spent. */
export function formatLossInSlices(
  dataset: Dataset,
  evaluation: Evaluation,
  options: EvaluateOptions,
  slicer: WorkSlicer,
): Promise<FormatLoss> {
  return runStepsInSlices(formatLossSteps(dataset, evaluation, options), slicer);
}

/** One step per outcome. */
function* formatLossSteps(dataset: Dataset, evaluation: Evaluation, options: EvaluateOptions): Generator<void, FormatLoss> {
  const tracker = new FormatLossTracker(dataset, options);
  for (const o of evaluation.byUid.values()) {
    yield;
    const q = dataset.byUid.get(o.uid);
    if (q) tracker.add(q, o.prediction, o.parse, o.score);
  }
  return tracker.result();
}

/** `evaluateFile` with the format loss of the file: its lenient and strict scores per subtask. */
export async function evaluateFileWithFormatLoss(
  dataset: Dataset,
  file: string,
  options: EvaluateOptions,
): Promise<{ evaluation: Evaluation; formatLoss: FormatLoss }> {
  return withFormatLoss(await evaluateFile(dataset, file, { ...options, formatLoss: true }));
}

/** The same for result text (an editor buffer). */
export function evaluateTextWithFormatLoss(
  dataset: Dataset,
  file: string,
  text: string,
  options: EvaluateOptions,
): { evaluation: Evaluation; formatLoss: FormatLoss } {
  return withFormatLoss(evaluateText(dataset, file, text, { ...options, formatLoss: true }));
}

/** An evaluation made with `formatLoss: true`, and its format loss. */
export function withFormatLoss(evaluation: Evaluation): { evaluation: Evaluation; formatLoss: FormatLoss } {
  if (!evaluation.formatLoss) throw new Error('internal error: the evaluation was made without its format loss');
  return { evaluation, formatLoss: evaluation.formatLoss };
}

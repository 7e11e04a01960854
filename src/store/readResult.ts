// How the store reads one result file: in its detected format (or through its field mapping), with what the
// Results view shows about the format. An unsaved editor of a JSON lines file is read from its text.
import type { Dataset } from '../core';
import { evaluateHere, formatInfoOf, rescoreResultText, type EvaluatorOptions, type ResultEvaluator, type ResultRead } from '../core';

/** JSON lines files can be scored from an editor's text; the others are read from disk. */
const TEXT_FORMAT_EXTENSIONS = /\.(jsonl|ndjson)$/i;
export const scoresUnsavedText = (file: string) => TEXT_FORMAT_EXTENSIONS.test(file);

/** `evaluator` scores a file on disk: on a worker in the extension, on this thread where none is given. */
export async function readResultForStore(
  dataset: Dataset,
  file: string,
  options: EvaluatorOptions,
  unsavedText?: string,
  evaluator: ResultEvaluator = evaluateHere,
): Promise<ResultRead> {
  if (unsavedText !== undefined && scoresUnsavedText(file)) {
    // The rescore of the text (in the text's own format) computes the evaluation a read would; its text is unused.
    const r = await rescoreResultText(dataset, file, unsavedText, options);
    return { evaluation: r.evaluation, format: formatInfoOf(file, r.format, options.mapping) };
  }
  return evaluator(dataset, file, options);
}

/** The Results row's error: the reason, and for an unknown layout what to do in the extension (not CLI flags). */
export function readErrorText(e: Error & { code?: string }, needsMapping: boolean): string {
  if (e.code !== undefined) return `cannot read: ${e.code}`;
  const reason = needsMapping ? e.message.replace(/; name the (fields|columns) with --id-field and --prediction-field.*$/, '') : e.message;
  return `cannot read: ${reason}${needsMapping ? '; set a field mapping' : ''}`;
}

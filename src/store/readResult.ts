// How the store reads one result file: in its detected format (or through its field mapping), with what the
// Results view shows about the format. An unsaved editor of a JSON lines file is read from its text.
import type { Dataset } from '../core';
import {
  evaluateResultFile,
  formatInfoOf,
  rescoreResultText,
  type Evaluation,
  type FieldMap,
  type FormatOptions,
  type ResultFormatInfo,
} from '../core';

/** JSON lines files can be scored from an editor's text; the others are read from disk. */
const TEXT_FORMAT_EXTENSIONS = /\.(jsonl|ndjson)$/i;
export const scoresUnsavedText = (file: string) => TEXT_FORMAT_EXTENSIONS.test(file);

export async function readResultForStore(
  dataset: Dataset,
  file: string,
  options: FormatOptions & { mapping?: FieldMap },
  unsavedText?: string,
): Promise<{ evaluation: Evaluation; format: ResultFormatInfo }> {
  if (unsavedText !== undefined && scoresUnsavedText(file)) {
    // The rescore of the text (in the text's own format) computes the evaluation a read would; its text is unused.
    const r = await rescoreResultText(dataset, file, unsavedText, options);
    return { evaluation: r.evaluation, format: formatInfoOf(file, r.format, options.mapping) };
  }
  const fe = await evaluateResultFile(dataset, file, options);
  return { evaluation: fe.evaluation, format: formatInfoOf(file, fe, options.mapping) };
}

/** The Results row's error: the reason, and for an unknown layout what to do in the extension (not CLI flags). */
export function readErrorText(e: Error & { code?: string }, needsMapping: boolean): string {
  if (e.code !== undefined) return `cannot read: ${e.code}`;
  const reason = needsMapping ? e.message.replace(/; name the (fields|columns) with --id-field and --prediction-field.*$/, '') : e.message;
  return `cannot read: ${reason}${needsMapping ? '; set a field mapping' : ''}`;
}

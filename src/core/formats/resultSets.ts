// A result file of any format as `compare` and `scoreboard` read it: their result sets.
import type { Dataset } from '../dataset/question';
import { resultFileFromEvaluation } from '../compare/evaluationSets';
import { loadResultFile, type LoadedResultFile } from '../compare/load';
import { canonicalAdapter, genericJsonlAdapter } from './adapters';
import { WholeFileReads } from './containers';
import { detectFormat } from './detect';
import { evaluateResultFile, type FormatOptions } from './engine';

/**
 * JSON lines that name uids (the canonical format, or a field mapping to a uid field) are read line by line, one
 * set per `setting` as before; any other format is scored through its adapter and joined to the dataset's uids,
 * one set per file. A foreign file whose records carry a `setting` is refused: convert it to JSON lines first.
 */
export async function loadResultFileOfAnyFormat(dataset: Dataset, file: string, options: FormatOptions): Promise<LoadedResultFile> {
  const reads = new WholeFileReads(file);
  const detection = await detectFormat(file, { format: options.format, fields: options.fields, reads });
  const joinGiven = options.requestsFile !== undefined || options.join?.idPattern !== undefined || options.join?.indexSubtask !== undefined;
  const namesUids =
    detection.adapter === canonicalAdapter || (detection.adapter === genericJsonlAdapter && options.fields?.idRole !== 'other');
  if (namesUids && !joinGiven) {
    const fields = { uidField: options.fields?.id ?? 'uid', predictionField: options.fields?.prediction ?? 'prediction' };
    return loadResultFile(dataset, file, { ...options, fields });
  }
  const { evaluation } = await evaluateResultFile(dataset, file, options, { detection, reads });
  const loaded = resultFileFromEvaluation(dataset, evaluation);
  if (!loaded)
    throw new Error(
      `a ${detection.adapter.label} file whose records carry "setting": convert it to JSON lines (gst-bench convert) to compare it`,
    );
  return options.formatLoss ? { ...loaded, formatLoss: evaluation.formatLoss ?? null } : loaded;
}

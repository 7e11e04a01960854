// A loaded file's evaluation (what the extension holds) as the result set the statistics compare, with the
// same questions, scores and order as `loadResultFile` reads from disk for the CLI.
import { formatParsed } from '../../shared/parsing/parsedValue';
import type { QuestionResult, ResultSet } from '../../shared/stats/compare';
import { isSubtaskKey } from '../../shared/subtasks';
import type { Dataset } from '../dataset/question';
import type { Evaluation } from '../results/evaluation';
import { resultSetLabel, type LoadedResultFile } from './load';
import type { SetMeta } from './setMeta';

/**
 * Questions of other tasks are left out, as the CLI leaves them out; the uid order is the file's line order. Named
 * by `meta`: by default the model and template the evaluation found on any line.
 */
export function evaluationResultSet(
  evaluation: Evaluation,
  dataset: Dataset,
  id = evaluation.file,
  meta: SetMeta = { model: evaluation.model, template: evaluation.template },
): ResultSet {
  const results = new Map<string, QuestionResult>();
  for (const [uid, o] of evaluation.byUid) {
    const q = dataset.byUid.get(uid);
    if (!q || !isSubtaskKey(q.subtask)) continue;
    results.set(uid, {
      subtask: q.subtask,
      score: o.score,
      unparsed: o.parse.parsed === null,
      answer: formatParsed(o.parse.parsed),
      index: q.index,
    });
  }
  return { id, file: evaluation.file, label: resultSetLabel(evaluation.file, meta), ...meta, results };
}

/**
 * The same result file as `loadResultFile` reads it, built from the evaluation a caller already holds (the
 * extension's store), without reading the file again: the same set, named by its first line as the loader names
 * it, uids in the same order, the same scores. Undefined when the file's lines carry `setting` (one set per setting
 * needs each line's setting: read the file) or the evaluation did not record its lines' set fields.
 */
export function resultFileFromEvaluation(dataset: Dataset, evaluation: Evaluation): LoadedResultFile | undefined {
  const fields = evaluation.setFields;
  if (!fields || fields.anySetting) return undefined;
  const { file, lines, scored, skipped, problems } = evaluation;
  const sets = fields.first ? [evaluationResultSet(evaluation, dataset, file, fields.first)] : [];
  return { file, sets, lines, scored, skipped, problems };
}

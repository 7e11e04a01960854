// A loaded file's evaluation (what the extension holds) as the result set the statistics compare, with the
// same questions, scores and order as `loadResultFile` reads from disk for the CLI.
import { formatParsed } from '../../shared/parsing/parsedValue';
import type { QuestionResult, ResultSet } from '../../shared/stats/compare';
import { isSubtaskKey } from '../../shared/subtasks';
import type { Dataset } from '../dataset/question';
import type { Evaluation } from '../results/evaluation';
import { resultSetLabel } from './load';

/** Questions of other tasks are left out, as the CLI leaves them out; the uid order is the file's line order. */
export function evaluationResultSet(evaluation: Evaluation, dataset: Dataset, id = evaluation.file): ResultSet {
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
  const meta = { model: evaluation.model, template: evaluation.template };
  return { id, file: evaluation.file, label: resultSetLabel(evaluation.file, meta), ...meta, results };
}

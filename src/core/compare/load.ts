// Reads result files into the per-question result sets that the statistics compare. A file whose lines carry
// `setting` becomes one set per setting, so the same question can be compared across the paper's settings.
import * as path from 'node:path';
import { formatParsed } from '../../shared/parsing/parsedValue';
import { DEFAULT_READER } from '../../shared/parsing/readers';
import { rememberingReader } from '../../shared/parsing/repeatedPredictions';
import type { Problem } from '../../shared/problems';
import type { QuestionResult, ResultSet } from '../../shared/stats/compare';
import { SUBTASK_KEYS, isSubtaskKey, type SubtaskKey } from '../../shared/subtasks';
import type { Dataset } from '../dataset/question';
import type { EvaluateOptions } from '../results/evaluation';
import { DEFAULT_FIELDS } from '../results/fieldPath';
import { readLineBatches, splitLines, type Line } from '../results/lines';
import { scoreLine } from '../results/scoreLine';
import { FormatLossTracker } from '../results/formatLossTracker';
import type { FormatLoss } from '../../shared/report/formatLoss';
import { metaText, setMetaOf } from './setMeta';

export interface LoadedResultFile {
  file: string;
  sets: ResultSet[];
  lines: number;
  scored: number;
  skipped: number;
  problems: Problem[];
  /** The file's format loss, when `formatLoss` was asked for (as in EvaluateOptions); null with no scored line. */
  formatLoss?: FormatLoss | null;
}

/** "model / template / run / setting", or the file name when the lines name no model. */
export function resultSetLabel(file: string, s: Pick<ResultSet, 'model' | 'template' | 'run' | 'setting'>): string {
  const name = [s.model, s.template].filter(Boolean).join(' / ') || path.basename(file);
  const extra = [s.run !== undefined ? `run ${s.run}` : undefined, s.setting].filter(Boolean).join(', ');
  return extra ? `${name} (${extra})` : name;
}

/**
 * Scores every line of a result file. Lines that cannot be scored are problems (file and line) and left out;
 * a repeated uid within one setting counts its last line, as `summary` does.
 */
export function loadResultFile(dataset: Dataset, file: string, options: EvaluateOptions): Promise<LoadedResultFile> {
  return loadLines(dataset, file, readLineBatches(file), options);
}

/** The same for a result file's text, e.g. an editor buffer with unsaved changes; problems name `file`. */
export function loadResultText(dataset: Dataset, file: string, text: string, options: EvaluateOptions): Promise<LoadedResultFile> {
  return loadLines(dataset, file, [Array.from(splitLines(text))], options);
}

async function loadLines(
  dataset: Dataset,
  file: string,
  batches: AsyncIterable<Line[]> | Iterable<Line[]>,
  options: EvaluateOptions,
): Promise<LoadedResultFile> {
  const ctx = {
    dataset,
    file,
    profile: options.profile,
    reader: options.reader,
    fields: options.fields ?? DEFAULT_FIELDS,
    predictions: rememberingReader(options.reader ?? DEFAULT_READER, options.predictionMemos),
  };
  const bySetting = new Map<
    string,
    { meta: Omit<ResultSet, 'id' | 'label' | 'file' | 'results'>; results: Map<string, QuestionResult>; repeats: number }
  >();
  const out: LoadedResultFile = { file, sets: [], lines: 0, scored: 0, skipped: 0, problems: [] };
  const formatLoss = options.formatLoss ? new FormatLossTracker(dataset, options) : undefined;
  for await (const batch of batches) {
    for (const line of batch) {
      const r = scoreLine(line.text, line.number, ctx);
      if (r.status === 'blank') continue;
      out.lines++;
      if (r.status === 'skipped') {
        out.skipped++;
        out.problems.push(r.problem);
        continue;
      }
      out.scored++;
      formatLoss?.add(r.question, r.prediction, r.parse, r.result.score);
      if (!isSubtaskKey(r.question.subtask)) continue;
      const setting = metaText(r.record.setting);
      const key = setting ?? '';
      let group = bySetting.get(key);
      if (!group) {
        const meta = setMetaOf(r.record);
        group = { meta, results: new Map(), repeats: 0 };
        bySetting.set(key, group);
      }
      if (group.results.has(r.uid)) group.repeats++;
      group.results.set(r.uid, {
        subtask: r.question.subtask as SubtaskKey,
        score: r.result.score,
        unparsed: r.parse.parsed === null,
        answer: formatParsed(r.parse.parsed),
        index: r.question.index,
      });
    }
  }
  for (const [key, g] of bySetting) {
    if (g.repeats > 0)
      out.problems.push({
        file,
        severity: 'warning',
        message: `${g.repeats} line(s)${key ? ` of setting ${key}` : ''} repeat a uid seen earlier; the last line for each uid counts`,
      });
    out.sets.push({ id: key ? `${file}#${key}` : file, file, label: resultSetLabel(file, g.meta), ...g.meta, results: g.results });
  }
  if (formatLoss) out.formatLoss = out.scored > 0 ? formatLoss.result() : null;
  return out;
}

/** Questions per subtask in the dataset, for coverage. */
export function datasetSubtaskCounts(dataset: Dataset): Partial<Record<SubtaskKey, number>> {
  const counts: Partial<Record<SubtaskKey, number>> = {};
  for (const q of dataset.questions) if (isSubtaskKey(q.subtask) && q.truth) counts[q.subtask] = (counts[q.subtask] ?? 0) + 1;
  return Object.fromEntries(SUBTASK_KEYS.filter((k) => counts[k]).map((k) => [k, counts[k]]));
}

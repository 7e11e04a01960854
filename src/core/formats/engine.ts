// Evaluation, rescore and conversion of a result file of any supported format. JSON lines formats go through
// the existing streaming evaluation and lossless in-place rescore (with a record extractor); the others are read
// record by record, and their scores go to a sidecar `<file>.gst-scores.jsonl` instead of into the file.
import type { ReaderName } from '../../shared/parsing/readers';
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { Dataset } from '../dataset/question';
import { AtomicReplacement } from '../io/atomicWrite';
import { EvaluationBuilder, evaluateFile, toSummary, type Evaluation, type OutcomesKept } from '../results/evaluation';
import { splitLines } from '../results/lines';
import { DEFAULT_FIELDS, type FieldMapping } from '../results/fieldPath';
import {
  MAX_CHANGED_LINES_LISTED,
  RescoreCancelled,
  rescoreFile,
  rescoreTextInSlices,
  type RescoreFileOptions,
  type RescoreReport,
} from '../results/rescore';
import type { ReplacementUndo } from '../io/atomicWrite';
import type { ResultFormatInfo } from '../../shared/formats/info';
import type { RecordExtractor } from '../results/scoreLine';
import { parsedToJson } from '../../shared/parsing/parsedValue';
import type { PredictionMemos } from '../../shared/parsing/repeatedPredictions';
import { ScoreAccumulator } from '../../shared/scoring/aggregate';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { isSubtaskKey } from '../../shared/subtasks';
import {
  formatLocation,
  locationLine,
  type FieldMap,
  type FormatAdapter,
  type RecordLocation,
  type ResultRecord,
} from '../../shared/formats/types';
import { adapterByName, canonicalAdapter, genericJsonlAdapter, isLineAdapter, lmmsEvalAdapter } from './adapters';
import { jsonLines, parseJsonLine, WholeFileReads } from './containers';
import { classifyLineObject, detectFormat, type Detection } from './detect';
import { Joiner, requestUidsFromLines, type JoinOptions, type JoinRule } from './join';
import { TimeSlicer } from '../io/timeSlices';

export interface FormatOptions {
  profile: ScoringProfile;
  /** The answer reader (docs/PARSING.md); lenient when absent. */
  reader?: ReaderName;
  /** A format name; skips detection. */
  format?: string;
  fields?: FieldMap;
  join?: Omit<JoinOptions, 'requestUids'>;
  /** A batch request file whose lines name each request's uid. */
  requestsFile?: string;
  /** Stop the read (it rejects with the signal's reason), report its progress, let others run: see EvaluateOptions. */
  signal?: AbortSignal;
  onBytesRead?: (bytesRead: number) => void;
  sliceMs?: number;
  /** Set the evaluation's format loss, scoring each record under both readers as it is read (see EvaluateOptions). */
  formatLoss?: boolean;
  /** `'scores'`: for JSON lines formats, keep each question's score only (see EvaluateOptions); others keep all. */
  outcomes?: OutcomesKept;
  /** Shared with the other files of the run (see EvaluateOptions). */
  predictionMemos?: PredictionMemos;
}

export interface FormatEvaluation {
  evaluation: Evaluation;
  detection: Detection;
  /** How many records each join rule matched. */
  joins: Record<JoinRule, number>;
  /** Where each scored uid's record is (the last one, when repeated). */
  locations: Map<string, RecordLocation>;
  /** The sidecar beside a file that is not rewritten, when one exists. */
  sidecar?: SidecarState;
  /** Records whose id joined no dataset uid (each is also a problem with its location), and the first one's place. */
  unjoined: number;
  firstUnjoined?: RecordLocation;
  /** The field the ids came from, as the first record names it. */
  idField?: string;
}

export interface SidecarState {
  path: string;
  /** Older than its source: the source changed since the last rescore. */
  stale: boolean;
}

export const SIDECAR_SUFFIX = '.gst-scores.jsonl';

export function sidecarPath(file: string): string {
  return file + SIDECAR_SUFFIX;
}

interface Prepared {
  detection: Detection;
  joiner: Joiner;
  /** The user gave a join rule (request file, id pattern, subtask): the canonical format goes through the joiner too. */
  joinGiven: boolean;
  locations: Map<string, RecordLocation>;
  requestProblems: Evaluation['problems'];
  unjoined: number;
  firstUnjoined?: RecordLocation;
  idField?: string;
}

async function prepare(
  dataset: Dataset,
  file: string,
  options: FormatOptions,
  known?: Detection,
  reads?: WholeFileReads,
): Promise<Prepared> {
  const detection = known ?? (await detectFormat(file, { format: options.format, fields: options.fields, reads }));
  const requestProblems: Evaluation['problems'] = [];
  let requestUids: Map<string, string> | undefined;
  if (options.requestsFile) {
    const lines: Array<{ obj: Record<string, unknown>; line: number }> = [];
    for await (const item of jsonLines(options.requestsFile)) {
      if ('obj' in item && item.location.kind === 'line') lines.push({ obj: item.obj, line: item.location.line });
      else if ('problem' in item)
        requestProblems.push({ file: options.requestsFile, line: locationLine(item.location), severity: 'error', message: item.problem });
    }
    const got = requestUidsFromLines(lines);
    requestUids = got.uids;
    if (got.missing.length > 0) {
      requestProblems.push({
        file: options.requestsFile,
        line: got.missing[0],
        severity: 'warning',
        message: `${got.missing.length} request line(s) name no uid (in uid, metadata.uid or body.metadata.uid); their outputs cannot be joined`,
      });
    }
  }
  const joinGiven = requestUids !== undefined || options.join?.idPattern !== undefined || options.join?.indexSubtask !== undefined;
  return {
    detection,
    joiner: new Joiner(dataset, { ...options.join, requestUids }),
    joinGiven,
    locations: new Map(),
    requestProblems,
    unjoined: 0,
  };
}

/** A record's uid and prediction, or why it cannot be scored. */
function extraction(r: ResultRecord, p: Prepared): ReturnType<RecordExtractor> {
  p.idField ??= r.idField;
  const j = p.joiner.join(r);
  if ('error' in j) {
    p.unjoined++;
    p.firstUnjoined ??= r.location;
    return { error: j.error };
  }
  if (r.prediction === null) return { error: r.predictionError ?? 'no prediction', uid: j.uid };
  p.locations.set(j.uid, r.location);
  return { uid: j.uid, prediction: r.prediction };
}

/**
 * The extractor for a JSON lines format; undefined for the canonical format, which keeps its field paths (unless a
 * join rule was given).
 */
function lineExtractor(adapter: FormatAdapter, p: Prepared, fields: FieldMap | undefined): RecordExtractor | undefined {
  if ((adapter === canonicalAdapter && !p.joinGiven) || !isLineAdapter(adapter)) return undefined;
  return (obj, line) => extraction(adapter.fromObject(obj, { kind: 'line', line }, { fields }), p);
}

function canonicalFieldMapping(fields: FieldMap | undefined) {
  return { uidField: fields?.id ?? 'uid', predictionField: fields?.prediction ?? 'prediction' };
}

/**
 * Scores a result file of any supported format against a dataset, without changing it. `detected`: the file's
 * format as the caller already detected it, with what that detection read (so it is not read twice).
 */
export async function evaluateResultFile(
  dataset: Dataset,
  file: string,
  options: FormatOptions,
  detected?: { detection: Detection; reads: WholeFileReads },
): Promise<FormatEvaluation> {
  const reads = detected?.reads ?? new WholeFileReads(file);
  const p = await prepare(dataset, file, options, detected?.detection, reads);
  const { adapter } = p.detection;
  let evaluation: Evaluation;
  if (isLineAdapter(adapter)) {
    evaluation = await evaluateFile(dataset, file, {
      profile: options.profile,
      reader: options.reader,
      fields: canonicalFieldMapping(options.fields),
      extract: lineExtractor(adapter, p, options.fields),
      signal: options.signal,
      onBytesRead: options.onBytesRead,
      sliceMs: options.sliceMs,
      formatLoss: options.formatLoss,
      outcomes: options.outcomes,
      predictionMemos: options.predictionMemos,
    });
    // The canonical format's own path does not go through `extraction`, which records locations and join failures.
    for (const o of evaluation.byUid.values()) if (!p.locations.has(o.uid)) p.locations.set(o.uid, { kind: 'line', line: o.line });
    if (!lineExtractor(adapter, p, options.fields)) countCanonicalUnjoined(evaluation, p, options.fields);
  } else {
    evaluation = await evaluateRecords(dataset, file, adapter, p, options, reads);
  }
  return finish(file, evaluation, p, adapter.inPlace ? undefined : await sidecarState(file));
}

/** Reads a non-line format record by record; a record's position stands for its line in problems and outcomes. */
async function evaluateRecords(
  dataset: Dataset,
  file: string,
  adapter: FormatAdapter,
  p: Prepared,
  options: FormatOptions,
  reads: WholeFileReads,
): Promise<Evaluation> {
  const extract: RecordExtractor = (obj) => {
    if (typeof obj.problem === 'string') return { error: obj.problem };
    return extraction(obj as unknown as ResultRecord, p);
  };
  const builder = new EvaluationBuilder(dataset, file, {
    profile: options.profile,
    reader: options.reader,
    extract,
    formatLoss: options.formatLoss,
    predictionMemos: options.predictionMemos,
  });
  const byPosition = new Map<number, RecordLocation>();
  let ordinal = 0;
  const slicer = TimeSlicer.optional(options.sliceMs);
  for await (const item of adapter.read(file, { fields: options.fields, detected: reads })) {
    options.signal?.throwIfAborted();
    if (slicer?.due()) await slicer.pause();
    ordinal++;
    const location = 'record' in item ? item.record.location : item.location;
    const position = locationLine(location) ?? ordinal;
    byPosition.set(position, location);
    builder.addRecord('record' in item ? (item.record as unknown as Record<string, unknown>) : { problem: item.problem }, position);
  }
  const evaluation = builder.finish();
  // Name each problem's place the way the format does: a sheet row, an archive entry and sample id.
  for (const problem of evaluation.problems) {
    const loc = problem.line !== undefined ? byPosition.get(problem.line) : undefined;
    if (!loc) continue;
    const place = problemPlace(loc);
    if (place) problem.message = `${place}: ${problem.message}`;
    // The repeated-uid warning names the earlier record by its position: name it as the format does.
    problem.message = problem.message.replace(/, line (\d+)\)/, (whole, n: string) => {
      const earlier = byPosition.get(Number(n));
      const earlierPlace = earlier && problemPlace(earlier);
      return earlierPlace ? `, ${earlierPlace})` : whole;
    });
    if (loc.kind === 'sample') delete problem.line;
  }
  return evaluation;
}

/** What a problem's `file:line` does not already say: the sheet, the array element, the archive entry. */
function problemPlace(loc: RecordLocation): string | undefined {
  if (loc.kind === 'line' || (loc.kind === 'row' && loc.sheet === undefined)) return undefined;
  return loc.kind === 'element' ? `element ${loc.index}` : formatLocation(loc);
}

/** The canonical path's join failures: lines without a uid, or with one the dataset lacks (scoreLine's messages). */
function countCanonicalUnjoined(evaluation: Evaluation, p: Prepared, fields: FieldMap | undefined): void {
  const uidField = canonicalFieldMapping(fields).uidField;
  p.idField ??= uidField;
  for (const problem of evaluation.problems) {
    if (!problem.message.startsWith('uid not in the dataset') && problem.message !== `no "${uidField}" field`) continue;
    p.unjoined++;
    if (problem.line !== undefined) p.firstUnjoined ??= { kind: 'line', line: problem.line };
  }
}

function finish(file: string, evaluation: Evaluation, p: Prepared, sidecar: SidecarState | undefined): FormatEvaluation {
  const joins = { ...p.joiner.counts };
  evaluation.problems.unshift(...p.requestProblems);
  if (joins['position-unchecked'] > 0) {
    evaluation.problems.push({
      file,
      severity: 'warning',
      message: `${joins['position-unchecked']} record(s) joined to uids by their position in the dataset's order, with no question text in the file to check it; a different order or dataset version would pair them wrongly`,
    });
  }
  // lmms-eval writes <output>/<model>/<date>_samples_<task>.jsonl: the folder names the model, the file the task.
  if (p.detection.adapter === lmmsEvalAdapter) {
    evaluation.model ??= path.basename(path.dirname(path.resolve(file)));
    const task = /_samples_(.+)\.jsonl$/.exec(path.basename(file));
    if (task) evaluation.template ??= task[1];
  }
  return {
    evaluation,
    detection: p.detection,
    joins,
    locations: p.locations,
    sidecar,
    unjoined: p.unjoined,
    firstUnjoined: p.firstUnjoined,
    idField: p.idField,
  };
}

async function sidecarState(file: string): Promise<SidecarState | undefined> {
  const side = sidecarPath(file);
  try {
    const [s, src] = await Promise.all([stat(side), stat(file)]);
    return { path: side, stale: s.mtimeMs < src.mtimeMs };
  } catch {
    return undefined;
  }
}

export interface FormatRescore {
  report: RescoreReport;
  evaluation: Evaluation;
  detection: Detection;
  joins: Record<JoinRule, number>;
  /**
   * Where the scores went: the file itself (JSON lines), its sidecar, or nowhere (dry run). `unchanged`: a JSON
   * lines file that already held every owned field as the rescore writes it, left untouched.
   */
  written: { kind: 'in-place' | 'unchanged'; path: string } | { kind: 'sidecar'; path: string } | { kind: 'none' };
  /** The read that the rescore made, as `evaluateResultFile` reports it. */
  format: FormatEvaluation;
  /** For an in-place rescore with `keepPrevious`: puts the previous bytes back. */
  undo?: ReplacementUndo;
}

/** What the extension's rescore passes on to the in-place rescore of a JSON lines file. */
export type RescoreControls = Pick<
  RescoreFileOptions,
  'dryRun' | 'isCancelled' | 'onProgress' | 'keepPrevious' | 'outcomes' | 'blockingIo'
>;

/**
 * Rescores a result file. JSON lines formats are rewritten in place, losslessly (the owned fields at the top
 * level of each line). Other formats are never rewritten: the scores go to `<file>.gst-scores.jsonl`.
 */
export async function rescoreResultFile(dataset: Dataset, file: string, options: FormatOptions & RescoreControls): Promise<FormatRescore> {
  const reads = new WholeFileReads(file);
  const p = await prepare(dataset, file, options, undefined, reads);
  const { adapter } = p.detection;
  if (isLineAdapter(adapter)) {
    const extract = lineExtractor(adapter, p, options.fields);
    const { report, evaluation, rewritten, undo } = await rescoreFile(dataset, file, {
      profile: options.profile,
      reader: options.reader,
      fields: canonicalFieldMapping(options.fields),
      extract,
      dryRun: options.dryRun,
      isCancelled: options.isCancelled,
      onProgress: options.onProgress,
      keepPrevious: options.keepPrevious,
      blockingIo: options.blockingIo,
      outcomes: options.outcomes,
      predictionMemos: options.predictionMemos,
    });
    if (!extract) countCanonicalUnjoined(evaluation, p, options.fields);
    const done = finish(file, evaluation, p, undefined);
    report.problems = evaluation.problems;
    return {
      report,
      evaluation,
      detection: p.detection,
      joins: done.joins,
      written: options.dryRun ? { kind: 'none' } : { kind: rewritten ? 'in-place' : 'unchanged', path: file },
      format: done,
      undo,
    };
  }
  const evaluation = await evaluateRecords(dataset, file, adapter, p, options, reads);
  const done = finish(file, evaluation, p, undefined);
  const side = sidecarPath(file);
  const before = await previousScores(side);
  let changed = 0;
  let added = 0;
  const changedLines: RescoreReport['changedLines'] = [];
  const acc = new ScoreAccumulator();
  for (const o of evaluation.byUid.values()) {
    const old = before.get(o.uid);
    if (old === undefined || old.score !== o.score) changed++;
    if (old === undefined) added++;
    else if (old.score !== o.score && changedLines.length < MAX_CHANGED_LINES_LISTED)
      changedLines.push({ line: o.line, uid: o.uid, before: old.score, after: o.score });
    const q = dataset.byUid.get(o.uid);
    if (old && q && isSubtaskKey(q.subtask)) acc.add(q.subtask, old.score, old.unparsed);
  }
  const report: RescoreReport = {
    ...toSummary(evaluation),
    overallBefore: before.size > 0 ? acc.overall() : null,
    changed,
    added,
    changedLines,
  };
  if (options.dryRun) return { report, evaluation, detection: p.detection, joins: done.joins, written: { kind: 'none' }, format: done };
  if (options.isCancelled?.()) throw new RescoreCancelled();
  await writeCanonical(side, file, adapter, evaluation, done.locations, true);
  done.sidecar = await sidecarState(file);
  return { report, evaluation, detection: p.detection, joins: done.joins, written: { kind: 'sidecar', path: side }, format: done };
}

/**
 * Rescores the text of a JSON lines result file (an editor's unsaved buffer) in the file's format: the owned
 * fields at the top level of each joined line, every other byte kept. Formats that are not JSON lines have no
 * text to rescore: refused.
 */
export async function rescoreResultText(
  dataset: Dataset,
  file: string,
  text: string,
  options: FormatOptions & Pick<RescoreFileOptions, 'isCancelled' | 'onProgress'>,
): Promise<{ text: string; report: RescoreReport; evaluation: Evaluation; format: FormatEvaluation }> {
  // The format of the text itself (its first record), not of the file on disk, which the editor has not saved.
  const p = await prepare(dataset, file, options, detectTextFormat(text, options));
  const { adapter } = p.detection;
  if (!isLineAdapter(adapter)) throw new Error(`${adapter.label} is not JSON lines; save the editor first`);
  const extract = lineExtractor(adapter, p, options.fields);
  const r = await rescoreTextInSlices(dataset, file, text, {
    profile: options.profile,
    reader: options.reader,
    fields: canonicalFieldMapping(options.fields),
    extract,
    isCancelled: options.isCancelled,
    onProgress: options.onProgress,
  });
  if (!extract) countCanonicalUnjoined(r.evaluation, p, options.fields);
  const format = finish(file, r.evaluation, p, undefined);
  r.report.problems = r.evaluation.problems;
  return { ...r, format };
}

/** The JSON lines format of a text, from its first readable record; canonical when none fits. */
function detectTextFormat(text: string, options: FormatOptions): Detection {
  if (options.format !== undefined) {
    const adapter = adapterByName(options.format);
    if (!adapter) throw new Error(`unknown format "${options.format}"`);
    return { adapter, reason: 'given with --format' };
  }
  if (options.fields?.id !== undefined || options.fields?.prediction !== undefined)
    return { adapter: genericJsonlAdapter, reason: 'JSON lines with a field mapping' };
  let tried = 0;
  for (const line of splitLines(text)) {
    const got = parseJsonLine(line.text, line.number);
    if (!got) continue;
    if ('obj' in got) {
      const adapter = classifyLineObject(got.obj);
      return adapter ? { adapter, reason: 'JSON lines (from the editor text)' } : { adapter: canonicalAdapter, reason: 'JSON lines' };
    }
    if (++tried >= 20) break;
  }
  return { adapter: canonicalAdapter, reason: 'JSON lines' };
}

/** The scores a previous sidecar holds, by uid (nothing when there is none). */
async function previousScores(side: string): Promise<Map<string, { score: number; unparsed: boolean }>> {
  const out = new Map<string, { score: number; unparsed: boolean }>();
  try {
    for await (const item of jsonLines(side)) {
      if ('obj' in item && typeof item.obj.uid === 'string' && typeof item.obj.score === 'number')
        out.set(item.obj.uid, { score: item.obj.score, unparsed: item.obj.parsed === null });
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return out;
}

/**
 * Writes the canonical JSON lines of an evaluation, atomically: `uid`, `prediction`, `source` (the original file,
 * its format and the record's place), and with `scores` the owned `parsed`/`score`/`score_detail`.
 */
export async function writeCanonical(
  target: string,
  sourceFile: string,
  adapter: FormatAdapter,
  evaluation: Evaluation,
  locations: Map<string, RecordLocation>,
  scores: boolean,
): Promise<number> {
  const out = await AtomicReplacement.begin(target);
  let lines = 0;
  try {
    let parts: string[] = [];
    let size = 0;
    const source = { file: path.basename(sourceFile), format: adapter.name };
    for (const o of evaluation.byUid.values()) {
      const rec: Record<string, unknown> = {
        uid: o.uid,
        prediction: o.prediction,
        source: { ...source, ...(locations.get(o.uid) ?? { kind: 'line', line: o.line }) },
      };
      if (evaluation.model !== undefined) rec.model = evaluation.model;
      if (evaluation.template !== undefined) rec.template = evaluation.template;
      if (scores) Object.assign(rec, { parsed: parsedToJson(o.parse.parsed), score: o.score, score_detail: o.detail });
      const text = JSON.stringify(rec) + '\n';
      parts.push(text);
      size += text.length;
      lines++;
      if (size > 1 << 20) {
        await out.write(Buffer.from(parts.join('')));
        parts = [];
        size = 0;
      }
    }
    await out.write(Buffer.from(parts.join('')));
  } catch (e) {
    await out.abort();
    throw e;
  }
  await out.commit();
  return lines;
}

/** `gst-bench convert`: the canonical JSON lines of any supported file (joined uids; unjoinable records reported). */
export async function convertResultFile(
  dataset: Dataset,
  file: string,
  target: string,
  options: FormatOptions,
): Promise<FormatEvaluation & { written: number }> {
  const fe = await evaluateResultFile(dataset, file, options);
  const written = await writeCanonical(target, file, fe.detection.adapter, fe.evaluation, fe.locations, false);
  return { ...fe, written };
}

/**
 * The one call the extension's store makes to read a result file of any format. Its settings' field paths are
 * a mapping only when the user changed them from the defaults; otherwise the format is detected.
 */
export async function evaluateResultFileWithSettings(
  dataset: Dataset,
  file: string,
  options: { profile: ScoringProfile; fields: FieldMapping; reader?: ReaderName },
): Promise<Evaluation> {
  return (await evaluateResultFile(dataset, file, formatOptionsFromSettings(options))).evaluation;
}

/**
 * The format options of the extension's settings: the settings' field paths are a mapping only when the user
 * changed them from the defaults; a per-file mapping (set in the UI) wins over them.
 */
export function formatOptionsFromSettings(options: {
  profile: ScoringProfile;
  fields: FieldMapping;
  reader?: ReaderName;
  mapping?: FieldMap;
}): FormatOptions {
  const custom = options.fields.uidField !== DEFAULT_FIELDS.uidField || options.fields.predictionField !== DEFAULT_FIELDS.predictionField;
  const fields: FieldMap | undefined =
    options.mapping ?? (custom ? { id: options.fields.uidField, idRole: 'uid', prediction: options.fields.predictionField } : undefined);
  return { profile: options.profile, reader: options.reader, fields };
}

/** What the Results view shows about a file's format, from a read or a rescore. */
export function formatInfoOf(file: string, fe: FormatEvaluation, mapping?: FieldMap): ResultFormatInfo {
  const { adapter, reason } = fe.detection;
  return {
    name: adapter.name,
    label: adapter.label,
    reason,
    idField: fe.idField,
    joins: fe.joins,
    unjoined: fe.unjoined,
    firstUnjoined: fe.firstUnjoined,
    mapping,
    inPlace: adapter.inPlace,
    sidecar: fe.sidecar,
    sidecarTarget: adapter.inPlace ? undefined : sidecarPath(file),
  };
}

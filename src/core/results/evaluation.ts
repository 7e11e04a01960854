import type { Dataset } from '../dataset/question';
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import type { Problem } from '../../shared/problems';
import { ScoreAccumulator, type SubtaskAggregate } from '../../shared/scoring/aggregate';
import type { ScoreDetail } from '../../shared/scoring/scorer';
import type { FormatLoss } from '../../shared/report/formatLoss';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { DEFAULT_READER, type ReaderName } from '../../shared/parsing/readers';
import { rememberingReader, type PredictionMemos } from '../../shared/parsing/repeatedPredictions';
import { isSubtaskKey, type SubtaskKey } from '../../shared/subtasks';
import { excerpt } from '../../shared/text/messageText';
import { statusOf, type OutcomeStatus } from '../../shared/scoring/outcomeStatus';
import { DEFAULT_FIELDS, type FieldMapping } from './fieldPath';
import { isInvalidUtf8Line, readLineBatches, splitLines, type Line } from './lines';
import { scoreLine, scoreRecord, type LineOutcome, type RecordExtractor, type ScoreContext } from './scoreLine';
import { metaText, setMetaOf, type SetMeta } from '../compare/setMeta';
import { TimeSlicer } from '../io/timeSlices';
import { FormatLossTracker } from './formatLossTracker';
import { SlotScores } from './questionSlots';

/** A result file's verdict on one question. */
export interface QuestionOutcome {
  uid: string;
  line: number;
  prediction: string;
  parse: ParseOutcome;
  score: number;
  detail: ScoreDetail | null;
  status: OutcomeStatus;
}

/** The summary of one result file against a dataset; the CLI's `--json` document. */
export interface Summary {
  overall: number | null;
  subtasks: Partial<Record<SubtaskKey, SubtaskAggregate>>;
  /** Non-blank lines. */
  lines: number;
  scored: number;
  skipped: number;
  problems: Problem[];
}

export interface Evaluation extends Summary {
  file: string;
  model?: string;
  template?: string;
  byUid: Map<string, QuestionOutcome>;
  /** The lenient and strict scores per subtask (format loss), when the caller asked for them (`formatLoss`, formatLossOf). */
  formatLoss?: FormatLoss;
  /** What names the file's result set, from its first scored line of a benchmark subtask, and whether any such
   * line carries `setting` (then the compare loader splits the file by setting). */
  setFields?: { first?: SetMeta; anySetting: boolean };
}

export interface EvaluateOptions {
  fields?: FieldMapping;
  profile: ScoringProfile;
  /** Overrides `fields` for foreign formats: how a record names its uid and prediction (core/formats). */
  extract?: RecordExtractor;
  /** The answer reader (docs/PARSING.md); lenient when absent. */
  reader?: ReaderName;
  /** `evaluateFile` checks it between batches of lines and rejects with its reason once it is aborted. */
  signal?: AbortSignal;
  /** `evaluateFile` calls it after each batch with about the bytes read so far (characters of the lines: exact for ASCII). */
  onBytesRead?: (bytesRead: number) => void;
  /** `evaluateFile` lets the event loop run after each slice of this many ms of work (for a host thread such as the extension's). */
  sliceMs?: number;
  /** Score each line under the other reader as well, and set the evaluation's `formatLoss`. */
  formatLoss?: boolean;
  /** What is kept of each question's outcome: all of it (the default), or its score alone for a caller that needs
   * only the totals (then `byUid` stays empty). */
  outcomes?: OutcomesKept;
  /** The readers' memory of repeated predictions, shared with the other files of the run; each file its own when absent. */
  predictionMemos?: PredictionMemos;
}

export type OutcomesKept = 'all' | 'scores';

/** Collects line outcomes into an evaluation. Shared by the file and text entry points. */
export class EvaluationBuilder {
  private readonly ctx: ScoreContext;
  readonly evaluation: Evaluation;
  private duplicates = 0;
  private firstDuplicate?: { line: number; uid: string; earlier: number };
  /** Set when only scores are kept. Each outcome kept whole would hold the line's answer until its uid repeats,
   * long enough to be copied by the young-generation collector: in a file of repeated runs, most of its time. */
  private readonly scores?: SlotScores;

  private readonly formatLoss?: FormatLossTracker;

  constructor(dataset: Dataset, file: string, options: EvaluateOptions) {
    if (options.outcomes === 'scores') this.scores = new SlotScores(dataset);
    if (options.formatLoss) this.formatLoss = new FormatLossTracker(dataset, options);
    this.ctx = {
      dataset,
      file,
      profile: options.profile,
      reader: options.reader,
      fields: options.fields ?? DEFAULT_FIELDS,
      extract: options.extract,
      predictions: rememberingReader(options.reader ?? DEFAULT_READER, options.predictionMemos),
    };
    this.evaluation = {
      file,
      overall: null,
      subtasks: {},
      lines: 0,
      scored: 0,
      skipped: 0,
      problems: [],
      byUid: new Map(),
      setFields: { anySetting: false },
    };
  }

  addLine(line: Line): LineOutcome {
    const out = isInvalidUtf8Line(line)
      ? this.invalidUtf8(line.number, line.invalidUtf8.byteInLine)
      : scoreLine(line.text, line.number, this.ctx);
    return this.addOutcome(out, line.number);
  }

  /** A record of a format that is not JSON lines (a sheet row, an archive entry); `position` stands for its line. */
  addRecord(record: Record<string, unknown>, position: number): LineOutcome {
    return this.addOutcome(scoreRecord(record, position, this.ctx), position);
  }

  private addOutcome(out: LineOutcome, lineNumber: number): LineOutcome {
    const ev = this.evaluation;
    if (out.status === 'blank') return out;
    ev.lines++;
    if (out.status === 'skipped') {
      ev.skipped++;
      ev.problems.push(out.problem);
      return out;
    }
    ev.scored++;
    ev.model ??= typeof out.record.model === 'string' ? out.record.model : undefined;
    ev.template ??= typeof out.record.template === 'string' ? out.record.template : undefined;
    if (isSubtaskKey(out.question.subtask)) {
      const fields = ev.setFields!;
      fields.first ??= setMetaOf(out.record);
      if (!fields.anySetting && metaText(out.record.setting) !== undefined) fields.anySetting = true;
    }
    this.formatLoss?.add(out.question, out.prediction, out.parse, out.result.score);
    const kept = this.scores;
    const earlier = kept
      ? kept.record(out.question, lineNumber, out.result.score, out.parse.parsed === null)
      : (ev.byUid.get(out.uid)?.line ?? 0);
    // One warning for all repeats, not one per line: files of repeated runs would drown the list.
    if (earlier !== 0 && this.duplicates++ === 0) this.firstDuplicate = { line: lineNumber, uid: out.uid, earlier };
    if (kept) return out;
    ev.byUid.set(out.uid, {
      uid: out.uid,
      line: lineNumber,
      prediction: out.prediction,
      parse: out.parse,
      score: out.result.score,
      detail: out.result.detail,
      status: statusOf(out.result.score, out.parse.parsed !== null),
    });
    return out;
  }

  /** A line that is not valid UTF-8 (read-only reading marks it): skipped and reported; the others are scored. */
  private invalidUtf8(lineNumber: number, byteInLine: number): LineOutcome {
    const message = `not valid UTF-8 (at byte offset ${byteInLine} of the line); line skipped`;
    return { status: 'skipped', problem: { file: this.ctx.file, line: lineNumber, severity: 'error', message } };
  }

  finish(): Evaluation {
    const d = this.firstDuplicate;
    if (d) {
      this.evaluation.problems.push({
        file: this.ctx.file,
        line: d.line,
        severity: 'warning',
        uid: d.uid,
        message: `${this.duplicates} line(s) repeat a uid seen earlier (first: ${excerpt(d.uid)}, line ${d.earlier}); the last line for each uid counts`,
      });
    }
    const acc = new ScoreAccumulator();
    if (this.scores)
      this.scores.forEach((q, score, unparsed) => {
        if (isSubtaskKey(q.subtask)) acc.add(q.subtask, score, unparsed);
      });
    else
      for (const o of this.evaluation.byUid.values()) {
        const q = this.ctx.dataset.byUid.get(o.uid)!;
        if (isSubtaskKey(q.subtask)) acc.add(q.subtask, o.score, o.status === 'unparsed');
      }
    this.evaluation.subtasks = acc.subtasks();
    this.evaluation.overall = acc.overall();
    if (this.formatLoss) this.evaluation.formatLoss = this.formatLoss.result();
    return this.evaluation;
  }
}

/**
 * Scores a result file (streamed) against a dataset without changing it. Being read-only, it scores every line
 * that is valid UTF-8 and reports the others, where a rescore has to refuse the file.
 */
export async function evaluateFile(dataset: Dataset, file: string, options: EvaluateOptions): Promise<Evaluation> {
  const b = new EvaluationBuilder(dataset, file, options);
  const { signal, onBytesRead } = options;
  // By time, not by batch: a stream that has read ahead resolves the next batch as a microtask, so batches (and
  // the files parsed at once) would otherwise run back to back, with no pause between them.
  const slicer = TimeSlicer.optional(options.sliceMs);
  let bytesRead = 0;
  for await (const batch of readLineBatches(file, { invalidUtf8: 'mark' })) {
    signal?.throwIfAborted();
    for (const line of batch) {
      b.addLine(line);
      if (slicer?.due()) {
        await slicer.pause();
        signal?.throwIfAborted();
      }
    }
    if (onBytesRead) {
      for (const line of batch) bytesRead += line.text.length + line.eol.length;
      onBytesRead(bytesRead);
    }
  }
  return b.finish();
}

/** Scores result text (e.g. an editor buffer) against a dataset. */
export function evaluateText(dataset: Dataset, file: string, text: string, options: EvaluateOptions): Evaluation {
  const b = new EvaluationBuilder(dataset, file, options);
  for (const line of splitLines(text)) b.addLine(line);
  return b.finish();
}

/** The plain summary (drops the per-question map), as printed by `--json`. */
export function toSummary(e: Summary): Summary {
  return { overall: e.overall, subtasks: e.subtasks, lines: e.lines, scored: e.scored, skipped: e.skipped, problems: e.problems };
}

import type { Dataset } from '../dataset/question';
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import type { Problem } from '../../shared/problems';
import { ScoreAccumulator, type SubtaskAggregate } from '../../shared/scoring/aggregate';
import type { ScoreDetail } from '../../shared/scoring/scorer';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { isSubtaskKey, type SubtaskKey } from '../../shared/subtasks';
import { statusOf, type OutcomeStatus } from '../../shared/scoring/outcomeStatus';
import { DEFAULT_FIELDS, type FieldMapping } from './fieldPath';
import { readLineBatches, splitLines, type Line } from './lines';
import { scoreLine, type ScoreContext } from './scoreLine';

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
}

export interface EvaluateOptions {
  fields?: FieldMapping;
  profile: ScoringProfile;
}

/** Collects line outcomes into an evaluation. Shared by the file and text entry points. */
export class EvaluationBuilder {
  private readonly ctx: ScoreContext;
  readonly evaluation: Evaluation;
  private duplicates = 0;
  private firstDuplicate?: { line: number; uid: string; earlier: number };

  constructor(dataset: Dataset, file: string, options: EvaluateOptions) {
    this.ctx = { dataset, file, profile: options.profile, fields: options.fields ?? DEFAULT_FIELDS };
    this.evaluation = { file, overall: null, subtasks: {}, lines: 0, scored: 0, skipped: 0, problems: [], byUid: new Map() };
  }

  addLine(line: Line) {
    const out = scoreLine(line.text, line.number, this.ctx);
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
    if (ev.byUid.has(out.uid)) {
      // One warning for all repeats, not one per line: files of repeated runs would drown the list.
      if (this.duplicates++ === 0) this.firstDuplicate = { line: line.number, uid: out.uid, earlier: ev.byUid.get(out.uid)!.line };
    }
    ev.byUid.set(out.uid, {
      uid: out.uid,
      line: line.number,
      prediction: out.prediction,
      parse: out.parse,
      score: out.result.score,
      detail: out.result.detail,
      status: statusOf(out.result.score, out.parse.parsed !== null),
    });
    return out;
  }

  finish(): Evaluation {
    const d = this.firstDuplicate;
    if (d) {
      this.evaluation.problems.push({
        file: this.ctx.file,
        line: d.line,
        severity: 'warning',
        uid: d.uid,
        message: `${this.duplicates} line(s) repeat a uid seen earlier (first: ${d.uid}, line ${d.earlier}); the last line for each uid counts`,
      });
    }
    const acc = new ScoreAccumulator();
    for (const o of this.evaluation.byUid.values()) {
      const q = this.ctx.dataset.byUid.get(o.uid)!;
      if (isSubtaskKey(q.subtask)) acc.add(q.subtask, o.score, o.status === 'unparsed');
    }
    this.evaluation.subtasks = acc.subtasks();
    this.evaluation.overall = acc.overall();
    return this.evaluation;
  }
}

/** Scores a result file (streamed) against a dataset without changing it. */
export async function evaluateFile(dataset: Dataset, file: string, options: EvaluateOptions): Promise<Evaluation> {
  const b = new EvaluationBuilder(dataset, file, options);
  for await (const batch of readLineBatches(file)) for (const line of batch) b.addLine(line);
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

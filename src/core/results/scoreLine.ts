import type { Dataset, Question } from '../dataset/question';
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import { RepeatedPredictions } from '../../shared/parsing/repeatedPredictions';
import type { Problem } from '../../shared/problems';
import { scoreParsed, type QuestionScore } from '../../shared/scoring/scorer';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { excerpt } from '../../shared/text/messageText';
import type { ReaderName } from '../../shared/parsing/readers';
import { getPath, type FieldMapping } from './fieldPath';

export interface ScoreContext {
  dataset: Dataset;
  fields: FieldMapping;
  profile: ScoringProfile;
  /** The answer reader; lenient when absent. */
  reader?: ReaderName;
  /** The result file's path, for problem reports. */
  file: string;
  /** Reads uid and prediction from a record instead of `fields` (foreign formats; see core/formats). */
  extract?: RecordExtractor;
  /** Reads predictions under `reader`, remembering repeated short ones; made on first use when absent. */
  predictions?: RepeatedPredictions;
}

/**
 * How a foreign format names the question and the model output in one record: the joined dataset uid and the
 * raw prediction, or why the record cannot be scored (the message becomes the skipped line's problem).
 */
export type RecordExtractor = (
  record: Record<string, unknown>,
  lineNumber: number,
) => { uid: string; prediction: string } | { error: string; uid?: string };

export type LineOutcome =
  | { status: 'blank' }
  | { status: 'skipped'; problem: Problem; uid?: string }
  | {
      status: 'scored';
      uid: string;
      question: Question;
      prediction: string;
      record: Record<string, unknown>;
      parse: ParseOutcome;
      result: QuestionScore;
    };

/** The fields a rescore owns and writes. Every other byte of a result file belongs to the user. */
export const OWNED_FIELDS = ['parsed', 'score', 'score_detail'] as const;

/**
 * The scorer's own values are at most two levels deep. A deeper owned value is corrupt, and comparing or
 * serialising it recursively could overflow the stack, so the line is reported rather than processed.
 */
const MAX_OWNED_FIELD_DEPTH = 32;

/**
 * True when `v` has arrays or objects nested more than `limit` levels (a whole number). Recursive, and so at most
 * `limit + 1` calls deep however deep `v` is: it stops at the first container past the limit.
 */
function nestedDeeperThan(v: unknown, limit: number): boolean {
  // Most lines have no owned field yet, or a number: nothing to walk.
  if (v === null || typeof v !== 'object') return false;
  if (limit === 0) return true;
  const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child !== null && typeof child === 'object' && nestedDeeperThan(child, limit - 1)) return true;
  }
  return false;
}

function skipped(ctx: ScoreContext, line: number, message: string, uid?: string): LineOutcome {
  return { status: 'skipped', uid, problem: { file: ctx.file, line, severity: 'error', message, uid } };
}

/** Parses, looks up and scores one result line. Never throws on bad input. */
export function scoreLine(text: string, lineNumber: number, ctx: ScoreContext): LineOutcome {
  const body = lineNumber === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { status: 'blank' };
  let record: unknown;
  try {
    record = JSON.parse(body);
  } catch (e) {
    return skipped(ctx, lineNumber, `not valid JSON (${(e as Error).message}); line kept unchanged`);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return skipped(ctx, lineNumber, 'not a JSON object; line kept unchanged');
  return scoreRecord(record as Record<string, unknown>, lineNumber, ctx);
}

/** Looks up and scores one record already parsed (a JSONL line's object, or a foreign format's record). */
export function scoreRecord(record: Record<string, unknown>, lineNumber: number, ctx: ScoreContext): LineOutcome {
  // No closure for the skips, nor for the depth check: an allocation per line, for lines that are rarely skipped.
  let uid: string;
  let prediction: string | undefined;
  if (ctx.extract) {
    const got = ctx.extract(record, lineNumber);
    if ('error' in got) return skipped(ctx, lineNumber, got.error, got.uid);
    ({ uid, prediction } = got);
  } else {
    const uidValue = getPath(record, ctx.fields.uidField);
    if (typeof uidValue !== 'string' && typeof uidValue !== 'number') return skipped(ctx, lineNumber, `no "${ctx.fields.uidField}" field`);
    uid = String(uidValue);
  }
  for (const k of OWNED_FIELDS)
    if (nestedDeeperThan(record[k], MAX_OWNED_FIELD_DEPTH))
      return skipped(ctx, lineNumber, `"${k}" is nested deeper than ${MAX_OWNED_FIELD_DEPTH} levels; line kept unchanged`, uid);
  const question = ctx.dataset.byUid.get(uid);
  if (!question) return skipped(ctx, lineNumber, `uid not in the dataset: ${excerpt(uid)}`, uid);
  if (!question.kind || !question.truth)
    return skipped(ctx, lineNumber, `question ${excerpt(uid)} cannot be scored (${question.kind ? 'bad answer' : 'unknown task'})`, uid);
  if (prediction === undefined) {
    const predValue = getPath(record, ctx.fields.predictionField);
    if (typeof predValue !== 'string' && typeof predValue !== 'number')
      return skipped(ctx, lineNumber, `no "${ctx.fields.predictionField}" text`, uid);
    prediction = String(predValue);
  }
  const parse = (ctx.predictions ??= new RepeatedPredictions(ctx.reader)).read(question.kind, prediction);
  const result = scoreParsed(question.truth, parse.parsed, ctx.profile);
  // The dataset's uid, equal to the line's: what outlives the line (outcomes keyed by uid in every file loaded) then
  // holds one string per question, not a copy per line.
  return { status: 'scored', uid: question.uid, question, prediction, record, parse, result };
}

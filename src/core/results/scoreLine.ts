import type { Dataset, Question } from '../dataset/question';
import { parsePrediction, type ParseOutcome } from '../../shared/parsing/answerParser';
import type { Problem } from '../../shared/problems';
import { scoreParsed, type QuestionScore } from '../../shared/scoring/scorer';
import type { ScoringProfile } from '../../shared/scoring/profiles';
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
}

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

/** Parses, looks up and scores one result line. Never throws on bad input. */
export function scoreLine(text: string, lineNumber: number, ctx: ScoreContext): LineOutcome {
  const body = lineNumber === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { status: 'blank' };
  const skip = (message: string, uid?: string): LineOutcome => ({
    status: 'skipped',
    uid,
    problem: { file: ctx.file, line: lineNumber, severity: 'error', message, uid },
  });
  let record: unknown;
  try {
    record = JSON.parse(body);
  } catch (e) {
    return skip(`not valid JSON (${(e as Error).message}); line kept unchanged`);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return skip('not a JSON object; line kept unchanged');
  const uidValue = getPath(record, ctx.fields.uidField);
  if (typeof uidValue !== 'string' && typeof uidValue !== 'number') return skip(`no "${ctx.fields.uidField}" field`);
  const uid = String(uidValue);
  const question = ctx.dataset.byUid.get(uid);
  if (!question) return skip(`uid not in the dataset: ${uid}`, uid);
  if (!question.kind || !question.truth) return skip(`question ${uid} cannot be scored (${question.kind ? 'bad answer' : 'unknown task'})`, uid);
  const predValue = getPath(record, ctx.fields.predictionField);
  if (typeof predValue !== 'string' && typeof predValue !== 'number') return skip(`no "${ctx.fields.predictionField}" text`, uid);
  const prediction = String(predValue);
  const parse = parsePrediction(question.kind, prediction, ctx.reader);
  const result = scoreParsed(question.truth, parse.parsed, ctx.profile);
  return { status: 'scored', uid, question, prediction, record: record as Record<string, unknown>, parse, result };
}

// A blind human-baseline session: the sample and the answers so far, as one serialisable object with a
// version, so that a session can be paused and resumed; and the result lines it writes.
import { predictionText, typedAnswerProblem, type TypedAnswer } from '../answers/typedAnswer';
import { isIsoTime } from '../audit/format';
import type { BlindSample } from './sampler';

export const BLIND_SESSION_VERSION = 1;

export interface BlindAnswer {
  uid: string;
  answer: TypedAnswer;
  /** Exactly what the result file's `prediction` holds: predictionText(answer). */
  prediction: string;
  /** Time spent on the question, in milliseconds. */
  elapsed_ms: number;
  answered_at: string;
}

export interface BlindSession {
  version: typeof BLIND_SESSION_VERSION;
  name: string;
  /** What the sample was drawn from (e.g. the dataset folder's name), to refuse resuming on another dataset. */
  dataset: string;
  seed: string;
  per_subtask: number;
  started_at: string;
  /** Uids in the order they are asked. */
  sample: string[];
  /** In the order given. */
  answers: BlindAnswer[];
  /** Set when the participant revealed truth and predictions: answering is over for this session. */
  revealed_at?: string;
}

/** Why a participant name cannot be used, or null. It labels the result (`human:<name>`) and names its file. */
export function humanNameProblem(name: string): string | null {
  const n = name.trim();
  if (n === '') return 'a name is needed';
  if (n.length > 64) return 'the name is longer than 64 characters';
  for (const ch of n) if (ch < ' ' || ch === '\u007f') return 'the name has a control character';
  return null;
}

/** The result file's name: human-<name>.jsonl, with anything but ASCII letters, digits, '.', '_' and '-' as '-'. */
export function humanResultFileName(name: string): string {
  let slug = '';
  for (const ch of name.trim()) slug += /[A-Za-z0-9._-]/.test(ch) ? ch : '-';
  // No leading dot (a hidden file) and no trailing one (a "..jsonl" ending).
  const chars = [...slug];
  for (let i = 0; i < chars.length && chars[i] === '.'; i++) chars[i] = '-';
  for (let i = chars.length - 1; i >= 0 && chars[i] === '.'; i--) chars[i] = '-';
  return `human-${chars.join('')}.jsonl`;
}

export function startBlindSession(name: string, dataset: string, sample: BlindSample, now: Date): BlindSession {
  const problem = humanNameProblem(name);
  if (problem) throw new Error(problem);
  return {
    version: BLIND_SESSION_VERSION,
    name: name.trim(),
    dataset,
    seed: sample.seed,
    per_subtask: sample.perSubtask,
    started_at: now.toISOString(),
    sample: sample.uids,
    answers: [],
  };
}

/**
 * Why a saved session cannot be resumed on this dataset (another dataset, or sampled questions it lacks), or
 * null when it can.
 */
export function resumeProblem(session: BlindSession, dataset: string, uids: ReadonlySet<string>): string | null {
  if (session.dataset !== dataset) return `the session was drawn from ${session.dataset}, not ${dataset}`;
  const missing = session.sample.filter((u) => !uids.has(u));
  return missing.length > 0 ? `${missing.length} sampled questions are not in the dataset (first: ${missing[0]})` : null;
}

/** The next question to ask, or null when every sampled question has an answer. */
export function nextBlindQuestion(session: BlindSession): string | null {
  const answered = new Set(session.answers.map((a) => a.uid));
  return session.sample.find((uid) => !answered.has(uid)) ?? null;
}

/** The session with its answers revealed: no more answers after this. */
export function revealBlindSession(session: BlindSession, now: Date): BlindSession {
  return session.revealed_at !== undefined ? session : { ...session, revealed_at: now.toISOString() };
}

export function blindProgress(session: BlindSession): { answered: number; total: number } {
  return { answered: session.answers.length, total: session.sample.length };
}

/** The session with one more answer. Each sampled question is answered once; a second answer is refused. */
export function recordBlindAnswer(session: BlindSession, uid: string, answer: TypedAnswer, elapsedMs: number, now: Date): BlindSession {
  if (session.revealed_at !== undefined) throw new Error('the answers were revealed: this session takes no more answers');
  if (!session.sample.includes(uid)) throw new Error(`${uid} is not in this session's sample`);
  if (session.answers.some((a) => a.uid === uid)) throw new Error(`${uid} is already answered`);
  const problem = typedAnswerProblem(answer);
  if (problem) throw new Error(`the answer ${problem}`);
  if (!(Number.isFinite(elapsedMs) && elapsedMs >= 0)) throw new Error('the elapsed time must be >= 0 ms');
  const record: BlindAnswer = {
    uid,
    answer,
    prediction: predictionText(answer),
    elapsed_ms: Math.round(elapsedMs),
    answered_at: now.toISOString(),
  };
  return { ...session, answers: [...session.answers, record] };
}

export function serializeBlindSession(session: BlindSession): string {
  return `${JSON.stringify(session, null, 2)}\n`;
}

/** Reads a saved session; a clear error for another version, a damaged file or an answer that does not fit. */
export function parseBlindSession(text: string): BlindSession {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new Error(`the saved session is not valid JSON (${(e as Error).message})`);
  }
  if (typeof v !== 'object' || v === null) throw new Error('the saved session is not an object');
  if (v.version !== BLIND_SESSION_VERSION)
    throw new Error(`the saved session has version ${JSON.stringify(v.version)}; this version reads ${BLIND_SESSION_VERSION}`);
  const strings = ['name', 'dataset', 'seed'] as const;
  for (const k of strings) if (typeof v[k] !== 'string') throw new Error(`the saved session has no "${k}"`);
  if (humanNameProblem(v.name as string)) throw new Error(`the saved session's name: ${humanNameProblem(v.name as string)}`);
  if (!Number.isInteger(v.per_subtask) || (v.per_subtask as number) < 1) throw new Error('the saved session has no valid "per_subtask"');
  if (!isIsoTime(v.started_at)) throw new Error('the saved session has no valid "started_at"');
  if (!Array.isArray(v.sample) || !v.sample.every((u) => typeof u === 'string')) throw new Error('the saved session has no valid "sample"');
  if (!Array.isArray(v.answers)) throw new Error('the saved session has no "answers"');
  if (v.revealed_at !== undefined && !isIsoTime(v.revealed_at)) throw new Error('the saved session has an invalid "revealed_at"');
  const { revealed_at: revealedAt, ...rest } = v;
  let session: BlindSession = { ...(rest as unknown as BlindSession), answers: [] };
  (v.answers as unknown[]).forEach((a, i) => {
    const r = a as Partial<BlindAnswer>;
    try {
      if (typeof r.uid !== 'string' || !isIsoTime(r.answered_at)) throw new Error('no uid or answer time');
      session = recordBlindAnswer(session, r.uid, r.answer as TypedAnswer, r.elapsed_ms as number, new Date(r.answered_at));
      const kept = session.answers[session.answers.length - 1];
      if (kept.prediction !== r.prediction)
        throw new Error(`prediction ${JSON.stringify(r.prediction)} is not ${JSON.stringify(kept.prediction)}`);
      session.answers[session.answers.length - 1] = { ...kept, answered_at: r.answered_at };
    } catch (e) {
      throw new Error(`the saved session's answer ${i + 1}: ${(e as Error).message}`);
    }
  });
  return revealedAt === undefined ? session : { ...session, revealed_at: revealedAt as string };
}

export const humanModelName = (name: string) => `human:${name.trim()}`;
export const BLIND_TEMPLATE = 'blind';

/** A result line in the standard format, scored by the same scorer as any model's. */
export function humanResultLine(session: BlindSession, a: BlindAnswer): string {
  return JSON.stringify({
    uid: a.uid,
    prediction: a.prediction,
    model: humanModelName(session.name),
    template: BLIND_TEMPLATE,
    elapsed_ms: a.elapsed_ms,
    answered_at: a.answered_at,
  });
}

/** The whole result file: one line per answer, in the order asked. */
export function humanResultText(session: BlindSession): string {
  const order = new Map(session.sample.map((uid, i) => [uid, i]));
  return [...session.answers]
    .sort((x, y) => order.get(x.uid)! - order.get(y.uid)!)
    .map((a) => `${humanResultLine(session, a)}\n`)
    .join('');
}

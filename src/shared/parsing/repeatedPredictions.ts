// Result files repeat their short answers many times ("B", "Answer: 90 degrees", "<answer>C</answer>"): a file of
// repeated runs holds each question's few answers dozens of times. Reading each distinct one once, and sharing the
// frozen outcome, saves the reader's work and the memory of identical outcomes.
import { parsePrediction, type ParseOutcome } from './answerParser';
import { DEFAULT_READER, type ReaderName } from './readers';
import type { AnswerKind } from '../subtasks';

/** Predictions longer than this are read every time: a long reasoning trace is rarely repeated word for word. */
export const MAX_REMEMBERED_PREDICTION_CHARS = 256;
/** Distinct predictions remembered per kind; when full, the memory starts again (bounded, whatever the file). */
export const MAX_REMEMBERED_PREDICTIONS = 4096;

/** `parsePrediction` under one reader, remembering the outcomes of short predictions. An outcome returned twice is frozen. */
export class RepeatedPredictions {
  private readonly byKind = new Map<AnswerKind, Map<string, ParseOutcome>>();

  constructor(readonly reader: ReaderName = DEFAULT_READER) {}

  read(kind: AnswerKind, raw: string): ParseOutcome {
    if (raw.length > MAX_REMEMBERED_PREDICTION_CHARS) return parsePrediction(kind, raw, this.reader);
    let memo = this.byKind.get(kind);
    if (!memo) this.byKind.set(kind, (memo = new Map()));
    let outcome = memo.get(raw);
    if (outcome === undefined) {
      outcome = parsePrediction(kind, raw, this.reader);
      if (memo.size >= MAX_REMEMBERED_PREDICTIONS) memo.clear();
      memo.set(raw, outcome);
    } else if (!Object.isFrozen(outcome)) {
      // Frozen when first shared, not when made: most predictions of a file are read once, and freezing every
      // outcome took a sixth of a file's scoring.
      deepFreeze(outcome);
    }
    return outcome;
  }
}

/**
 * One `RepeatedPredictions` per reader, for the files read in one run (a summary, a compare, the extension's
 * loads): repeated runs of a model, and models given one prompt, answer alike, so a prediction read for one file
 * is remembered for the next. Bounded as each `RepeatedPredictions` is.
 */
export class PredictionMemos {
  private readonly byReader = new Map<ReaderName, RepeatedPredictions>();

  for(reader: ReaderName): RepeatedPredictions {
    let memo = this.byReader.get(reader);
    if (!memo) this.byReader.set(reader, (memo = new RepeatedPredictions(reader)));
    return memo;
  }
}

/** `reader`'s memory in `memos` when the run shares one, else a memory of its own. */
export function rememberingReader(reader: ReaderName, memos: PredictionMemos | undefined): RepeatedPredictions {
  return memos?.for(reader) ?? new RepeatedPredictions(reader);
}

/** Freezes `v` and everything it holds: a shared outcome that a caller changed would change every line's. */
function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const child of Object.values(v)) deepFreeze(child);
  }
  return v;
}

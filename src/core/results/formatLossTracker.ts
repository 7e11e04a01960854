// Each scored line's score under the other reader as well, as the lines are scored: the format loss of a file
// without a second pass over its outcomes, so that a caller need not keep them (`summary`); `formatLossOf` feeds it
// an evaluation's outcomes instead.
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import type { ParsedValue } from '../../shared/parsing/parsedValue';
import { rememberingReader, type PredictionMemos, type RepeatedPredictions } from '../../shared/parsing/repeatedPredictions';
import { DEFAULT_READER, isFallbackRule, type ReaderName } from '../../shared/parsing/readers';
import { FormatLossAccumulator, type FormatLoss, type ReaderScores } from '../../shared/report/formatLoss';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { scoreParsed } from '../../shared/scoring/scorer';
import { isSubtaskKey, type AnswerKind, type SubtaskKey } from '../../shared/subtasks';
import type { Question } from '../dataset/question';

type ReaderScore = ReaderScores['lenient'];

export interface FormatLossOptions {
  profile: ScoringProfile;
  /** The evaluation's reader; lenient when absent. The other one is the format loss's second reader. */
  reader?: ReaderName;
  /** Shared with the other files of the run (see EvaluateOptions). */
  predictionMemos?: PredictionMemos;
}

/** This reader's score beside the other reader's; a parse in the prompt's format reads the same under both. */
function scoresUnderBothReaders(reader: ReaderName, mine: ReaderScore, parse: ParseOutcome, other: () => ReaderScore): ReaderScores {
  const same = reader === 'strict' ? parse.parsed !== null : parse.parsed !== null && !isFallbackRule(parse.rule);
  const theirs = same ? mine : other();
  return reader === 'strict' ? { strict: mine, lenient: theirs } : { lenient: mine, strict: theirs };
}

/** The score of `prediction` under `other`, the reader other than the evaluation's. */
function scoreUnder(
  kind: AnswerKind,
  truth: ParsedValue,
  prediction: string,
  other: RepeatedPredictions,
  options: FormatLossOptions,
): ReaderScore {
  const parse = other.read(kind, prediction);
  return { score: scoreParsed(truth, parse.parsed, options.profile).score, unparsed: parse.parsed === null };
}

/** Collects both readers' scores line by line; the last line of a uid counts, as in the evaluation. */
export class FormatLossTracker {
  private readonly byUid = new Map<string, { subtask: SubtaskKey; scores: ReaderScores }>();
  private readonly reader: ReaderName;
  private readonly other: RepeatedPredictions;

  constructor(private readonly options: FormatLossOptions) {
    this.reader = options.reader ?? DEFAULT_READER;
    this.other = rememberingReader(this.reader === 'strict' ? 'lenient' : 'strict', options.predictionMemos);
  }

  /** A scored line: its uid, question, prediction, its parse under the evaluation's reader and that score. */
  add(uid: string, q: Question, prediction: string, parse: ParseOutcome, score: number): void {
    const { kind, truth } = q;
    if (!isSubtaskKey(q.subtask) || !kind || !truth) return;
    const mine = { score, unparsed: parse.parsed === null };
    this.byUid.set(uid, {
      subtask: q.subtask,
      scores: scoresUnderBothReaders(this.reader, mine, parse, () => scoreUnder(kind, truth, prediction, this.other, this.options)),
    });
  }

  result(): FormatLoss {
    const acc = new FormatLossAccumulator();
    for (const { subtask, scores } of this.byUid.values()) acc.add(subtask, scores);
    return acc.result();
  }
}

// Each scored line's score under the other reader as well, as the lines are scored: the format loss of a file
// without a second pass over its outcomes, so that a caller need not keep them (`summary`); `formatLossOf` feeds it
// an evaluation's outcomes instead.
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import { rememberingReader, type PredictionMemos, type RepeatedPredictions } from '../../shared/parsing/repeatedPredictions';
import { DEFAULT_READER, isFallbackRule, type ReaderName } from '../../shared/parsing/readers';
import { FormatLossAccumulator, type FormatLoss } from '../../shared/report/formatLoss';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { scoreParsed } from '../../shared/scoring/scorer';
import { isSubtaskKey, type SubtaskKey } from '../../shared/subtasks';
import type { Dataset, Question } from '../dataset/question';
import { QuestionSlots } from './questionSlots';

export interface FormatLossOptions {
  profile: ScoringProfile;
  /** The evaluation's reader; lenient when absent. The other one is the format loss's second reader. */
  reader?: ReaderName;
  /** Shared with the other files of the run (see EvaluateOptions). */
  predictionMemos?: PredictionMemos;
}

/** Collects both readers' scores line by line; the last line of a question counts, as in the evaluation. */
export class FormatLossTracker {
  private readonly slots: QuestionSlots;
  /** Per slot, the score under the evaluation's reader and under the other one; flags 1 when unparsed. */
  private readonly mine: Float64Array;
  private readonly mineUnparsed: Uint8Array;
  private readonly theirs: Float64Array;
  private readonly theirsUnparsed: Uint8Array;
  private readonly reader: ReaderName;
  private readonly other: RepeatedPredictions;

  constructor(
    dataset: Dataset,
    private readonly options: FormatLossOptions,
  ) {
    this.reader = options.reader ?? DEFAULT_READER;
    this.other = rememberingReader(this.reader === 'strict' ? 'lenient' : 'strict', options.predictionMemos);
    this.slots = new QuestionSlots(dataset);
    this.mine = new Float64Array(this.slots.capacity);
    this.mineUnparsed = new Uint8Array(this.slots.capacity);
    this.theirs = new Float64Array(this.slots.capacity);
    this.theirsUnparsed = new Uint8Array(this.slots.capacity);
  }

  /** A scored line: its question (of the dataset given), prediction, its parse under the evaluation's reader and that score. */
  add(q: Question, prediction: string, parse: ParseOutcome, score: number): void {
    const { kind, truth } = q;
    if (!isSubtaskKey(q.subtask) || !kind || !truth) return;
    const slot = this.slots.take(q);
    const unparsed = parse.parsed === null;
    this.mine[slot] = score;
    this.mineUnparsed[slot] = unparsed ? 1 : 0;
    // A parse in the prompt's format reads the same under both readers.
    const same = this.reader === 'strict' ? !unparsed : !unparsed && !isFallbackRule(parse.rule);
    if (same) {
      this.theirs[slot] = score;
      this.theirsUnparsed[slot] = unparsed ? 1 : 0;
    } else {
      const theirs = this.other.read(kind, prediction);
      this.theirs[slot] = scoreParsed(truth, theirs.parsed, this.options.profile).score;
      this.theirsUnparsed[slot] = theirs.parsed === null ? 1 : 0;
    }
  }

  result(): FormatLoss {
    const acc = new FormatLossAccumulator();
    const strict = this.reader === 'strict';
    this.slots.forEach((slot, q) => {
      const mine = { score: this.mine[slot], unparsed: this.mineUnparsed[slot] === 1 };
      const theirs = { score: this.theirs[slot], unparsed: this.theirsUnparsed[slot] === 1 };
      acc.add(q.subtask as SubtaskKey, strict ? { strict: mine, lenient: theirs } : { lenient: mine, strict: theirs });
    });
    return acc.result();
  }
}

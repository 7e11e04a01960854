// Evaluation of a result file under the chosen reader, with the other reader's score of every line alongside,
// in one read of the file: the input to format loss (lenient - strict).
import type { Dataset } from '../dataset/question';
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import { RepeatedPredictions } from '../../shared/parsing/repeatedPredictions';
import type { ParsedValue } from '../../shared/parsing/parsedValue';
import { DEFAULT_READER, isFallbackRule, type ReaderName } from '../../shared/parsing/readers';
import { FormatLossAccumulator, type FormatLoss, type ReaderScores } from '../../shared/report/formatLoss';
import { scoreParsed } from '../../shared/scoring/scorer';
import { isSubtaskKey, type AnswerKind, type SubtaskKey } from '../../shared/subtasks';
import { EvaluationBuilder, type EvaluateOptions, type Evaluation } from './evaluation';
import { readLineBatches, splitLines, type Line } from './lines';
import { runSteps, runStepsInSlices, type WorkSlicer } from '../../shared/workSlices';

type ReaderScore = ReaderScores['lenient'];

/** This reader's score beside the other reader's; a parse in the prompt's format reads the same under both. */
function scoresUnderBothReaders(reader: ReaderName, mine: ReaderScore, parse: ParseOutcome, other: () => ReaderScore): ReaderScores {
  const same = reader === 'strict' ? parse.parsed !== null : parse.parsed !== null && !isFallbackRule(parse.rule);
  const theirs = same ? mine : other();
  return reader === 'strict' ? { strict: mine, lenient: theirs } : { lenient: mine, strict: theirs };
}

/** The reader other than `reader`, remembering repeated predictions. */
function otherReader(reader: ReaderName): RepeatedPredictions {
  return new RepeatedPredictions(reader === 'strict' ? 'lenient' : 'strict');
}

/** The score of `prediction` under `other`, the reader other than the evaluation's. */
function scoreUnder(
  kind: AnswerKind,
  truth: ParsedValue,
  prediction: string,
  other: RepeatedPredictions,
  options: EvaluateOptions,
): ReaderScore {
  const parse = other.read(kind, prediction);
  return { score: scoreParsed(truth, parse.parsed, options.profile).score, unparsed: parse.parsed === null };
}

class FormatLossBuilder {
  private readonly builder: EvaluationBuilder;
  /** Last line wins for a repeated uid, as in the evaluation. */
  private readonly byUid = new Map<string, { subtask: SubtaskKey; scores: ReaderScores }>();
  private readonly other: RepeatedPredictions;

  constructor(
    dataset: Dataset,
    file: string,
    private readonly options: EvaluateOptions,
  ) {
    this.builder = new EvaluationBuilder(dataset, file, options);
    this.other = otherReader(options.reader ?? DEFAULT_READER);
  }

  addLine(line: Line): void {
    const out = this.builder.addLine(line);
    if (out.status !== 'scored') return;
    const q = out.question;
    const subtask = q.subtask;
    if (!isSubtaskKey(subtask)) return;
    const reader = this.options.reader ?? DEFAULT_READER;
    const mine = { score: out.result.score, unparsed: out.parse.parsed === null };
    this.byUid.set(out.uid, {
      subtask,
      scores: scoresUnderBothReaders(reader, mine, out.parse, () =>
        scoreUnder(q.kind!, q.truth!, out.prediction, this.other, this.options),
      ),
    });
  }

  finish(): { evaluation: Evaluation; formatLoss: FormatLoss } {
    const acc = new FormatLossAccumulator();
    for (const { subtask, scores } of this.byUid.values()) acc.add(subtask, scores);
    return { evaluation: this.builder.finish(), formatLoss: acc.result() };
  }
}

/**
 * The format loss of an evaluation already made (of any result format): each outcome's score under the other
 * reader, parsed again only where the two readers can differ.
 */
export function formatLossOf(dataset: Dataset, evaluation: Evaluation, options: EvaluateOptions): FormatLoss {
  return runSteps(formatLossSteps(dataset, evaluation, options));
}

/** `formatLossOf` for a host's event loop: it pauses whenever `slicer` says its slice is spent. */
export function formatLossInSlices(
  dataset: Dataset,
  evaluation: Evaluation,
  options: EvaluateOptions,
  slicer: WorkSlicer,
): Promise<FormatLoss> {
  return runStepsInSlices(formatLossSteps(dataset, evaluation, options), slicer);
}

/** One step per outcome. */
function* formatLossSteps(dataset: Dataset, evaluation: Evaluation, options: EvaluateOptions): Generator<void, FormatLoss> {
  const reader = options.reader ?? DEFAULT_READER;
  const other = otherReader(reader);
  const acc = new FormatLossAccumulator();
  for (const o of evaluation.byUid.values()) {
    yield;
    const q = dataset.byUid.get(o.uid);
    if (!q || !q.kind || !q.truth || !isSubtaskKey(q.subtask)) continue;
    const mine = { score: o.score, unparsed: o.parse.parsed === null };
    acc.add(
      q.subtask,
      scoresUnderBothReaders(reader, mine, o.parse, () => scoreUnder(q.kind!, q.truth!, o.prediction, other, options)),
    );
  }
  return acc.result();
}

/** `evaluateFile` with the format loss of the file: its lenient and strict scores per subtask. */
export async function evaluateFileWithFormatLoss(
  dataset: Dataset,
  file: string,
  options: EvaluateOptions,
): Promise<{ evaluation: Evaluation; formatLoss: FormatLoss }> {
  const b = new FormatLossBuilder(dataset, file, options);
  for await (const batch of readLineBatches(file)) for (const line of batch) b.addLine(line);
  return b.finish();
}

/** The same for result text (an editor buffer). */
export function evaluateTextWithFormatLoss(
  dataset: Dataset,
  file: string,
  text: string,
  options: EvaluateOptions,
): { evaluation: Evaluation; formatLoss: FormatLoss } {
  const b = new FormatLossBuilder(dataset, file, options);
  for (const line of splitLines(text)) b.addLine(line);
  return b.finish();
}

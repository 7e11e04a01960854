// Evaluation of a result file under the chosen reader, with the other reader's score of every line alongside,
// in one read of the file: the input to format loss (lenient - strict).
import type { Dataset } from '../dataset/question';
import { parsePrediction } from '../../shared/parsing/answerParser';
import { DEFAULT_READER, FORMAT_RULES } from '../../shared/parsing/readers';
import { FormatLossAccumulator, type FormatLoss, type ReaderScores } from '../../shared/report/formatLoss';
import { scoreParsed } from '../../shared/scoring/scorer';
import { isSubtaskKey, type SubtaskKey } from '../../shared/subtasks';
import { EvaluationBuilder, type EvaluateOptions, type Evaluation } from './evaluation';
import { readLineBatches, splitLines, type Line } from './lines';

class FormatLossBuilder {
  private readonly builder: EvaluationBuilder;
  /** Last line wins for a repeated uid, as in the evaluation. */
  private readonly byUid = new Map<string, { subtask: SubtaskKey; scores: ReaderScores }>();

  constructor(dataset: Dataset, file: string, private readonly options: EvaluateOptions) {
    this.builder = new EvaluationBuilder(dataset, file, options);
  }

  addLine(line: Line): void {
    const out = this.builder.addLine(line);
    if (out.status !== 'scored' || !isSubtaskKey(out.question.subtask)) return;
    const reader = this.options.reader ?? DEFAULT_READER;
    const mine = { score: out.result.score, unparsed: out.parse.parsed === null };
    // A parse in the prompt's format reads the same under both readers: no second parse.
    let other = mine;
    if (reader === 'strict' ? out.parse.parsed === null : !(out.parse.rule && FORMAT_RULES.includes(out.parse.rule))) {
      const parse = parsePrediction(out.question.kind!, out.prediction, reader === 'strict' ? 'lenient' : 'strict');
      other = { score: scoreParsed(out.question.truth!, parse.parsed, this.options.profile).score, unparsed: parse.parsed === null };
    }
    this.byUid.set(out.uid, { subtask: out.question.subtask, scores: reader === 'strict' ? { strict: mine, lenient: other } : { lenient: mine, strict: other } });
  }

  finish(): { evaluation: Evaluation; formatLoss: FormatLoss } {
    const acc = new FormatLossAccumulator();
    for (const { subtask, scores } of this.byUid.values()) acc.add(subtask, scores);
    return { evaluation: this.builder.finish(), formatLoss: acc.result() };
  }
}

/** `evaluateFile` with the format loss of the file: its lenient and strict scores per subtask. */
export async function evaluateFileWithFormatLoss(dataset: Dataset, file: string, options: EvaluateOptions): Promise<{ evaluation: Evaluation; formatLoss: FormatLoss }> {
  const b = new FormatLossBuilder(dataset, file, options);
  for await (const batch of readLineBatches(file)) for (const line of batch) b.addLine(line);
  return b.finish();
}

/** The same for result text (an editor buffer). */
export function evaluateTextWithFormatLoss(dataset: Dataset, file: string, text: string, options: EvaluateOptions): { evaluation: Evaluation; formatLoss: FormatLoss } {
  const b = new FormatLossBuilder(dataset, file, options);
  for (const line of splitLines(text)) b.addLine(line);
  return b.finish();
}

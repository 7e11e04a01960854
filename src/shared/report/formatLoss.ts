// Format loss: how many points a result file loses because the model did not answer in the prompt's format,
// i.e. the lenient reader's score minus the strict reader's, per subtask and overall (docs/PARSING.md).
import { ScoreAccumulator } from '../scoring/aggregate';
import { SUBTASKS, type SubtaskKey } from '../subtasks';
import { formatScore } from '../format';
import { alignedTable } from './table';

export interface FormatLossEntry {
  lenient: number;
  strict: number;
  /** lenient - strict, in points. */
  loss: number;
  /** Questions scored. */
  n: number;
  /** Of those, how many score differently under the two readers: the loss rests on these alone. */
  differing: number;
}

export interface FormatLoss {
  overall: { lenient: number | null; strict: number | null; loss: number | null };
  subtasks: Partial<Record<SubtaskKey, FormatLossEntry>>;
}

/** One question's score under each reader. */
export interface ReaderScores {
  lenient: { score: number; unparsed: boolean };
  strict: { score: number; unparsed: boolean };
}

export class FormatLossAccumulator {
  private readonly lenient = new ScoreAccumulator();
  private readonly strict = new ScoreAccumulator();
  private readonly differing = new Map<SubtaskKey, number>();

  add(subtask: SubtaskKey, s: ReaderScores): void {
    this.lenient.add(subtask, s.lenient.score, s.lenient.unparsed);
    this.strict.add(subtask, s.strict.score, s.strict.unparsed);
    if (s.lenient.score !== s.strict.score) this.differing.set(subtask, (this.differing.get(subtask) ?? 0) + 1);
  }

  result(): FormatLoss {
    const l = this.lenient.subtasks();
    const s = this.strict.subtasks();
    const subtasks: FormatLoss['subtasks'] = {};
    for (const { key } of SUBTASKS) {
      const a = l[key];
      const b = s[key];
      if (a && b)
        subtasks[key] = { lenient: a.score, strict: b.score, loss: a.score - b.score, n: a.n, differing: this.differing.get(key) ?? 0 };
    }
    const lo = this.lenient.overall();
    const so = this.strict.overall();
    return { overall: { lenient: lo, strict: so, loss: lo === null || so === null ? null : lo - so }, subtasks };
  }
}

/** One row per subtask: lenient score, strict score, format loss, and how many questions the loss rests on. */
export function formatLossTable(loss: FormatLoss): string {
  const rows = SUBTASKS.filter((s) => loss.subtasks[s.key]).map((s) => {
    const e = loss.subtasks[s.key]!;
    return [s.abbreviation, formatScore(e.lenient), formatScore(e.strict), formatScore(e.loss), `${e.differing} of ${e.n}`];
  });
  rows.push(['Avg.', formatScore(loss.overall.lenient), formatScore(loss.overall.strict), formatScore(loss.overall.loss), '']);
  return alignedTable(['subtask', 'lenient', 'strict', 'format loss', 'questions differing'], rows);
}

/** "loses 9.10 points on EDs to format"; without a subtask, "loses 51.57 points to format". */
export function lossPhrase(loss: number, abbreviation?: string): string {
  const on = abbreviation ? ` on ${abbreviation}` : '';
  return loss === 0 ? `loses nothing${on} to format` : `loses ${formatScore(loss)} points${on} to format`;
}

/** "template-b loses 55.56 points on EDv to format (lenient 88.89, strict 33.33; 2 of 3 questions differ)". */
export function subtaskFormatLossText(name: string, abbreviation: string, e: FormatLossEntry): string {
  const differ = `${e.differing} of ${e.n} ${e.n === 1 ? 'question differs' : 'questions differ'}`;
  return `${name} ${lossPhrase(e.loss, abbreviation)} (lenient ${formatScore(e.lenient)}, strict ${formatScore(e.strict)}; ${differ})`;
}

/** "template-b loses 51.57 points to format (lenient 76.76, strict 25.19)", over the subtask averages; null without scores. */
export function overallFormatLossText(name: string, loss: FormatLoss): string | null {
  const o = loss.overall;
  if (o.loss === null) return null;
  return `${name} ${lossPhrase(o.loss)} (lenient ${formatScore(o.lenient)}, strict ${formatScore(o.strict)})`;
}

/** "loses 9.10 points on EDs to format (4 of 12 questions)", for the subtask with the largest loss; null if none. */
export function largestFormatLossSentence(loss: FormatLoss): string | null {
  let worst: { abbreviation: string; e: FormatLossEntry } | null = null;
  for (const s of SUBTASKS) {
    const e = loss.subtasks[s.key];
    if (e && e.loss > 0 && (!worst || e.loss > worst.e.loss)) worst = { abbreviation: s.abbreviation, e };
  }
  return worst ? `${lossPhrase(worst.e.loss, worst.abbreviation)} (${worst.e.differing} of ${worst.e.n} questions)` : null;
}

// Status of a question under the active result file, and how each status is drawn.
// Icons are codicon ids; colours are theme colour ids, so light, dark and high-contrast themes all work.
import type { OutcomeStatus, QuestionOutcome } from '../core';

/** A question's status: the active result file's verdict, or `none` when it holds no line for the question. */
export type QuestionStatus = OutcomeStatus | 'none';

export interface StatusLook {
  /** Codicon id. */
  icon: string;
  /** Theme colour id (a key of VS Code's colour registry). */
  color: string;
  /** Shown in tooltips and in the status filter's picker. */
  label: string;
}

export const STATUS_LOOK: Readonly<Record<QuestionStatus, StatusLook>> = {
  correct: { icon: 'pass-filled', color: 'testing.iconPassed', label: 'correct' },
  partial: { icon: 'pass', color: 'charts.yellow', label: 'partially correct' },
  wrong: { icon: 'error', color: 'testing.iconFailed', label: 'wrong' },
  unparsed: { icon: 'question', color: 'list.warningForeground', label: 'unparsed prediction' },
  none: { icon: 'circle-large-outline', color: 'disabledForeground', label: 'no prediction' },
};

export function statusOfOutcome(outcome: QuestionOutcome | undefined): QuestionStatus {
  return outcome ? outcome.status : 'none';
}

/**
 * Colours of loaded result files by their `colorIndex`, as theme colour ids. Green and red are left out:
 * they mean "truth/correct" and "wrong" elsewhere. The viewer uses the same palette through ViewerResult.colorIndex.
 */
export const RESULT_COLORS: readonly string[] = ['charts.blue', 'charts.orange', 'charts.purple', 'charts.yellow', 'terminal.ansiCyan', 'terminal.ansiMagenta'];

export function resultColor(colorIndex: number): string {
  return RESULT_COLORS[((colorIndex % RESULT_COLORS.length) + RESULT_COLORS.length) % RESULT_COLORS.length];
}

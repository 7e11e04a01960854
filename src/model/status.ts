// Status of a question under the active result file, and how each status is drawn.
// Icons are codicon ids; colours are theme colour ids, so light, dark and high-contrast themes all work.
import { paletteColorId, resultPaletteColor, type OutcomeStatus, type QuestionOutcome } from '../core';

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
 * The theme colour id of a loaded result file's `colorIndex`: one of the colours package.json contributes,
 * whose defaults are the shared palette's, so the Results view and the viewer give a file the same colour.
 */
export function resultColor(colorIndex: number): string {
  return paletteColorId(resultPaletteColor(colorIndex));
}

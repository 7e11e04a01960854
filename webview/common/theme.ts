// Colours come only from VS Code theme variables, so light, dark and high-contrast themes all work.

/** Ground truth, everywhere. */
export const TRUTH_COLOR = 'var(--vscode-testing-iconPassed, var(--vscode-charts-green))';

/** One colour per result file, by its `colorIndex` (green is kept for the truth). */
const RESULT_COLORS = [
  'var(--vscode-charts-blue)',
  'var(--vscode-charts-orange)',
  'var(--vscode-charts-purple)',
  'var(--vscode-charts-yellow)',
  'var(--vscode-charts-red)',
  'var(--vscode-charts-foreground)',
];

export function resultColor(colorIndex: number): string {
  const n = RESULT_COLORS.length;
  return RESULT_COLORS[((colorIndex % n) + n) % n];
}

export const STATUS_COLORS: Record<string, string> = {
  correct: 'var(--vscode-testing-iconPassed, var(--vscode-charts-green))',
  partial: 'var(--vscode-charts-yellow)',
  wrong: 'var(--vscode-testing-iconFailed, var(--vscode-charts-red))',
  unparsed: 'var(--vscode-editorWarning-foreground, var(--vscode-charts-orange))',
  none: 'var(--vscode-descriptionForeground)',
};

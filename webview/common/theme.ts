// Colours of the viewer. Result files and the truth take concrete colours from the one palette
// (src/shared/palette.ts) for the webview's theme kind, set as CSS variables on the document and updated when
// the theme changes; the rest comes from VS Code's theme variables.
import { PROPOSAL_PALETTE, RESULT_PALETTE, TARGET_VISIBLE_PALETTE, themeKindOfClasses, TRUTH_PALETTE } from '../../src/shared/palette';

const resultVar = (i: number) => `--gst-result-${i}`;
const TRUTH_VAR = '--gst-truth';

/** Ground truth, everywhere. */
export const TRUTH_COLOR = `var(${TRUTH_VAR})`;

const PROPOSAL_VAR = '--gst-proposal';
/** The reviewer's proposed answer: in the verdict bar and on the overlay. */
export const PROPOSAL_COLOR = `var(${PROPOSAL_VAR})`;
const TARGET_VISIBLE_VAR = '--gst-target-visible';

/** Where the target is visible on the video's timeline. */
export const TARGET_VISIBLE_COLOR = `var(${TARGET_VISIBLE_VAR})`;

/** One colour per result file, by its `colorIndex`, the same as the file's icon in the Results view. */
export function resultColor(colorIndex: number): string {
  const n = RESULT_PALETTE.length;
  return `var(${resultVar(((colorIndex % n) + n) % n)})`;
}

/** Sets the palette's variables for the body's theme class now and whenever VS Code changes the theme. */
export function applyPalette(doc: Document): () => void {
  const apply = () => {
    const kind = themeKindOfClasses(doc.body.classList);
    const root = doc.documentElement.style;
    RESULT_PALETTE.forEach((c, i) => root.setProperty(resultVar(i), c.byKind[kind]));
    root.setProperty(TRUTH_VAR, TRUTH_PALETTE.byKind[kind]);
    root.setProperty(PROPOSAL_VAR, PROPOSAL_PALETTE.byKind[kind]);
    root.setProperty(TARGET_VISIBLE_VAR, TARGET_VISIBLE_PALETTE.byKind[kind]);
    doc.documentElement.dataset.themeKind = kind;
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(doc.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

export const STATUS_COLORS: Record<string, string> = {
  correct: 'var(--vscode-testing-iconPassed, var(--vscode-charts-green))',
  partial: 'var(--vscode-charts-yellow)',
  wrong: 'var(--vscode-testing-iconFailed, var(--vscode-charts-red))',
  unparsed: 'var(--vscode-editorWarning-foreground, var(--vscode-charts-orange))',
  none: 'var(--vscode-descriptionForeground)',
};

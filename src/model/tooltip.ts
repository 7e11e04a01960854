// A tree tooltip as data: paragraphs of text parts, some bold, and theme icons we choose. The sidebar turns it into
// a MarkdownString with appendText, so question text and model output never become markup; tests and the API
// read its plain text. Pure: no vscode import.

export type TooltipPart = { text: string; bold?: true } | { icon: string };
export type Tooltip = ReadonlyArray<ReadonlyArray<TooltipPart>>;

export const plain = (text: string): TooltipPart => ({ text });
export const bold = (text: string): TooltipPart => ({ text, bold: true });
export const icon = (name: string): TooltipPart => ({ icon: name });

/** The tooltip as text: paragraphs separated by a blank line, icons left out. */
export function tooltipText(tooltip: Tooltip): string {
  return tooltip
    .map((paragraph) =>
      paragraph
        .flatMap((p) => ('text' in p ? [p.text] : []))
        .join('')
        .trim(),
    )
    .join('\n\n');
}

// A tree tooltip (src/model/tooltip.ts) as a MarkdownString: every text part escaped by appendText, so nothing a
// model wrote renders as markup, a link or an icon.
import * as vscode from 'vscode';
import type { Tooltip } from '../model/tooltip';

/**
 * appendText's escape, with two repairs: it turns every space into `&nbsp;`, which stops long question texts
 * from wrapping, so single spaces are spaces again (runs stay non-breaking, as written); and it leaves `&`
 * alone, so a model's "&amp;" would show as "&": it is escaped first.
 */
function escapedText(text: string): string {
  const escaped = new vscode.MarkdownString('', true).appendText(text.replace(/&/g, '&amp;')).value;
  return escaped.replace(/(?<!&nbsp;)&nbsp;(?!&nbsp;)/g, ' ');
}

export function markdownTooltip(tooltip: Tooltip): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.supportHtml = false;
  tooltip.forEach((paragraph, i) => {
    if (i > 0) md.appendMarkdown('\n\n');
    for (const part of paragraph) {
      if ('icon' in part) md.appendMarkdown(`$(${part.icon}) `);
      else if (part.bold) md.appendMarkdown(`**${escapedText(part.text)}**`);
      else md.appendMarkdown(escapedText(part.text));
    }
  });
  return md;
}

// A tree tooltip (src/model/tooltip.ts) as a MarkdownString: every text part through appendText, which escapes
// Markdown and theme-icon syntax, so nothing a model wrote renders as markup, a link or an icon.
import * as vscode from 'vscode';
import type { Tooltip } from '../model/tooltip';

export function markdownTooltip(tooltip: Tooltip): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.supportHtml = false;
  tooltip.forEach((paragraph, i) => {
    if (i > 0) md.appendMarkdown('\n\n');
    for (const part of paragraph) {
      if ('icon' in part) md.appendMarkdown(`$(${part.icon}) `);
      else if (part.bold) {
        md.appendMarkdown('**');
        md.appendText(part.text);
        md.appendMarkdown('**');
      } else md.appendText(part.text);
    }
  });
  return md;
}

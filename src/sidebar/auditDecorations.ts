// The audit state of each question row, as a file decoration on the row's resource URI (beside the warning
// decoration of data problems), and the audit progress in the Questions view's description.
import * as vscode from 'vscode';
import { auditDecoration, questionsDescription } from '../model/auditFilter';
import type { InspectorState } from '../store/state';
import { QUESTION_URI_SCHEME } from './questionsView';

export class AuditDecorations implements vscode.FileDecorationProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.emitter.event;

  constructor(private readonly store: InspectorState) {}

  refresh(uris?: vscode.Uri[]): void {
    this.emitter.fire(uris);
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== QUESTION_URI_SCHEME) return undefined;
    const look = auditDecoration(this.store.slices.audit.state(decodeURIComponent(uri.path.slice(1))));
    if (!look) return undefined;
    return new vscode.FileDecoration(look.badge, look.tooltip, look.color ? new vscode.ThemeColor(look.color) : undefined);
  }
}

/** The Questions view's description: the audit progress, then the filter's. */
export function questionsViewDescription(store: InspectorState, filterDescription: string | undefined): string | undefined {
  const uids = store.mergedDataset()?.questions.map((q) => q.uid) ?? [];
  return questionsDescription(store.slices.audit.states(), uids, filterDescription);
}

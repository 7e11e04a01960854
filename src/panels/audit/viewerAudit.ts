// The viewer's audit requests on the host: the verdict bar's view of a question, setting a verdict through the
// sidecar writer, and "next question without a verdict" (Shift+N). No vscode import: unit tests drive it.
import * as path from 'node:path';
import { formatTypedAnswer } from '../../shared/answers/typedAnswer';
import type { AuditEntry } from '../../shared/audit/format';
import { auditProgressLabel, nextUnaudited } from '../../shared/audit/state';
import type { AuditEntryView, AuditRequests, AuditView } from '../../shared/protocol/viewerAudit';
import type { RequestHandlers } from '../../shared/protocol/rpc';
import type { AuditSidecars } from '../../store/auditSidecars';
import type { InspectorState } from '../../store/state';
import type { Event } from '../../store/slices';

function entryView(e: AuditEntry): AuditEntryView {
  return {
    reviewer: e.reviewer,
    verdict: e.verdict,
    note: e.note,
    proposed: e.proposed_answer,
    proposedLabel: e.proposed_answer ? formatTypedAnswer(e.proposed_answer) : null,
    time: e.time,
  };
}

/** What the viewer panel needs for its verdict bar. */
export interface ViewerAudit {
  view(uid: string): Promise<AuditView>;
  /** Handlers for the viewer's audit requests; `current` is the question shown, `goTo` shows another. */
  handlers(current: () => string | undefined, goTo: (uid: string) => void): RequestHandlers<AuditRequests>;
  /** Fires with the uids whose verdicts may have changed. */
  readonly onDidChange: Event<{ uids: string[] }>;
}

export function createViewerAudit(state: InspectorState, sidecars: AuditSidecars): ViewerAudit {
  const audit = state.slices.audit;
  const view = async (uid: string): Promise<AuditView> => {
    const root = sidecars.rootOf(uid);
    const reviewer = root ? await sidecars.reviewer(root) : '';
    const sidecar = root ? audit.forRoot(root) : undefined;
    const entries = audit.state(uid)?.entries ?? [];
    const mine = entries.find((e) => e.reviewer === reviewer);
    const file = sidecar?.file ?? '';
    const inRoot = root && file && !path.relative(root, file).startsWith('..') ? path.relative(root, file) : file;
    return {
      reviewer,
      mine: mine ? entryView(mine) : null,
      others: entries.filter((e) => e !== mine).map(entryView),
      disagree: audit.state(uid)?.disagree ?? false,
      file: inRoot,
      writable: sidecar?.writable ?? false,
      reason: root ? sidecar?.reason : 'the question is not in a loaded dataset',
      progress: auditProgressLabel(audit.states(), state.mergedDataset()?.questions.map((q) => q.uid) ?? []),
    };
  };
  return {
    view,
    handlers: (current, goTo) => ({
      getAudit: ({ uid }) => view(uid),
      setVerdict: async (params) => {
        await sidecars.setVerdict(params);
        return view(params.uid);
      },
      nextUnaudited: () => {
        const order = state.tree().order;
        const uid = nextUnaudited(order, current() ?? null, audit.states());
        if (uid === null)
          return {
            uid: null,
            message: order.length === 0 ? 'No question in the current order.' : 'Every question in the current order has a verdict.',
          };
        goTo(uid);
        return { uid };
      },
    }),
    onDidChange: (listener, thisArgs, disposables) =>
      audit.onDidChange((e) => listener.call(thisArgs, { uids: e.uids }), undefined, disposables),
  };
}

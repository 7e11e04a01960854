// The viewer's audit requests: a reviewer's verdict on the question shown, and the way to the next question
// without one. Part of the viewer's contract (viewer.ts); the host answers in src/panels/audit/viewerAudit.ts.
import type { TypedAnswer } from '../answers/typedAnswer';
import type { AuditVerdict } from '../audit/verdicts';

export interface AuditEntryView {
  reviewer: string;
  verdict: AuditVerdict;
  note: string;
  proposed: TypedAnswer | null;
  /** The proposed answer as the viewer shows values: "-45°", "3.5 m", "(391, 698)", "C". */
  proposedLabel: string | null;
  time: string;
}

/** One question's audit as the verdict bar shows it. */
export interface AuditView {
  /** Who this window writes as (git user.name, the setting, or the OS user). */
  reviewer: string;
  /** This reviewer's verdict, if given. */
  mine: AuditEntryView | null;
  /** The other reviewers' verdicts. */
  others: AuditEntryView[];
  disagree: boolean;
  /** The sidecar's path, relative to the dataset root when inside it. */
  file: string;
  writable: boolean;
  /** Why verdicts cannot be written, and what to do. */
  reason?: string;
  /** "audited 812 / 2,762" over the loaded questions. */
  progress: string;
}

export type AuditRequests = {
  getAudit: { params: { uid: string }; result: AuditView };
  /** `verdict` null takes this reviewer's verdict back. */
  setVerdict: {
    params: { uid: string; verdict: AuditVerdict | null; note: string; proposed: TypedAnswer | null };
    result: AuditView;
  };
  nextUnaudited: { params: Record<string, never>; result: { uid: string | null; message?: string } };
};

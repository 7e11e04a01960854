// The verdict bar's state for the question shown: this reviewer's verdict, note and proposed answer as the host
// has them, what is being edited, and the requests that set them. The host's `audit` notifications keep it
// current when another window or reviewer writes the sidecar.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import type { AuditVerdict } from '../../../src/shared/audit/verdicts';
import type { AuditView, SampleView } from '../../../src/shared/protocol';
import type { Bridge } from '../bridge';

export interface AuditControls {
  view: AuditView | null;
  /** The proposed answer being set (pointer, keys, typing); saved with the next verdict, or at once when there is one. */
  proposed: TypedAnswer | null;
  /** True while the proposed answer differs from the saved one. */
  proposalPending: boolean;
  saving: boolean;
  setVerdict(verdict: AuditVerdict | null): void;
  saveNote(note: string): void;
  propose(answer: TypedAnswer | null): void;
  nextUnaudited(): void;
}

const sameAnswer = (a: TypedAnswer | null, b: TypedAnswer | null) => JSON.stringify(a) === JSON.stringify(b);

export function useAudit(bridge: Bridge, sample: SampleView | null, flash: (text: string) => void): AuditControls {
  const uid = sample?.uid;
  const [view, setView] = useState<AuditView | null>(null);
  const [proposed, setProposed] = useState<TypedAnswer | null>(null);
  const [saving, setSaving] = useState(false);
  const viewRef = useRef<AuditView | null>(null);
  viewRef.current = view;
  const proposedRef = useRef<TypedAnswer | null>(null);
  proposedRef.current = proposed;
  /** A note typed before any verdict: saved with the first one. */
  const pendingNote = useRef<string | null>(null);
  useEffect(() => {
    pendingNote.current = null;
  }, [uid]);

  // A new question: its audit from the host, and nothing proposed beyond what is saved.
  useEffect(() => {
    setView(null);
    setProposed(null);
    if (uid === undefined) return;
    let live = true;
    bridge.request('getAudit', { uid }).then(
      (v) => {
        if (!live) return;
        setView(v);
        setProposed(v.mine?.proposed ?? null);
      },
      (e: Error) => live && flash(`Audit: ${e.message}`),
    );
    return () => {
      live = false;
    };
  }, [bridge, uid, flash]);

  useEffect(
    () =>
      bridge.onMessage((m) => {
        if (m.type !== 'audit' || m.uid !== uid) return;
        const before = viewRef.current?.mine?.proposed ?? null;
        setView(m.audit);
        // Keep an unsaved proposal; otherwise follow what was written (here or elsewhere).
        setProposed((p) => (sameAnswer(p, before) ? (m.audit.mine?.proposed ?? null) : p));
      }),
    [bridge, uid],
  );

  const send = useCallback(
    (verdict: AuditVerdict | null, note: string, answer: TypedAnswer | null) => {
      if (uid === undefined) return;
      setSaving(true);
      bridge.request('setVerdict', { uid, verdict, note, proposed: verdict === null ? null : answer }).then(
        (v) => {
          setSaving(false);
          setView(v);
          setProposed(v.mine?.proposed ?? null);
          flash(verdict === null ? 'Verdict removed.' : `Verdict ${verdict} saved to ${v.file}.`);
        },
        (e: Error) => {
          setSaving(false);
          flash(`Verdict not saved: ${e.message}`);
        },
      );
    },
    [bridge, uid, flash],
  );

  const setVerdict = useCallback(
    (verdict: AuditVerdict | null) => send(verdict, viewRef.current?.mine?.note ?? pendingNote.current ?? '', proposedRef.current),
    [send],
  );

  const saveNote = useCallback(
    (note: string) => {
      const mine = viewRef.current?.mine;
      if (mine) send(mine.verdict, note, proposedRef.current);
      else {
        pendingNote.current = note;
        flash('Note kept: press 1–7 to save it with a verdict.');
      }
    },
    [send, flash],
  );

  const propose = useCallback(
    (answer: TypedAnswer | null) => {
      setProposed(answer);
      proposedRef.current = answer;
      const mine = viewRef.current?.mine;
      if (mine) send(mine.verdict, mine.note, answer);
    },
    [send],
  );

  const nextUnaudited = useCallback(() => {
    bridge.request('nextUnaudited', {}).then(
      (r) => r.message && flash(r.message),
      (e: Error) => flash(e.message),
    );
  }, [bridge, flash]);

  return {
    view,
    proposed,
    proposalPending: !sameAnswer(proposed, view?.mine?.proposed ?? null),
    saving,
    setVerdict,
    saveNote,
    propose,
    nextUnaudited,
  };
}

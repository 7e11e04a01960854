// The reviewer's verdict on the question shown: seven verdicts (keys 1..7), a note (e), a proposed correct answer
// (the map, the dial, meters typed, a letter), the other reviewers' verdicts, and Shift+N to the next question
// without a verdict. Everything shown is text: notes and names never become markup.
import React, { useEffect, useRef, useState } from 'react';
import { choiceFromKey, distanceFromText } from '../../../src/shared/answers/inputs';
import { formatTypedAnswer, typedAnswerProblem, type TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import { AUDIT_VERDICTS, verdictForKey } from '../../../src/shared/audit/verdicts';
import { CHOICE_LETTERS } from '../../../src/shared/scoring/constants';
import type { AnswerKind } from '../../../src/shared/subtasks';
import type { SampleView } from '../../../src/shared/protocol';
import { PROPOSAL_COLOR } from '../../common/theme';
import type { AuditControls } from './useAudit';

const isTyping = (t: EventTarget | null) => {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
};

/** How a proposed answer of each kind is given, in the bar's hint. */
const PROPOSE_HINT: Record<AnswerKind, string> = {
  point: 'click the map',
  angle: 'drag on the dial, or type degrees (left positive)',
  distance: 'type meters',
  choice: 'press or click a letter',
};

function ProposalInput({ kind, audit }: { kind: AnswerKind; audit: AuditControls }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(''), [kind, audit.view?.mine?.proposed]);
  if (kind === 'choice')
    return (
      <span className="audit-letters" role="group" aria-label="Proposed letter">
        {CHOICE_LETTERS.map((letter) => (
          <button
            key={letter}
            type="button"
            data-role="propose-letter"
            data-letter={letter}
            aria-pressed={audit.proposed?.kind === 'choice' && audit.proposed.letter === letter}
            onClick={() => audit.propose({ kind: 'choice', letter })}
          >
            {letter}
          </button>
        ))}
      </span>
    );
  if (kind === 'point') return null;
  const submit = () => {
    let answer: TypedAnswer | { error: string };
    if (kind === 'distance') answer = distanceFromText(text);
    else {
      const value = Number(text.trim());
      answer = { kind: 'angle', value };
      const problem = text.trim() === '' ? 'type whole degrees' : typedAnswerProblem(answer, 'angle');
      if (problem) answer = { error: problem };
    }
    if ('error' in answer) return setError(answer.error);
    setError(null);
    audit.propose(answer);
  };
  return (
    <span className="audit-typed">
      <input
        type="text"
        inputMode="decimal"
        data-role="propose-text"
        aria-label={kind === 'distance' ? 'Proposed distance in meters' : 'Proposed angle in degrees'}
        placeholder={kind === 'distance' ? 'm' : '°'}
        value={text}
        size={6}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
          if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
        }}
      />
      {error ? (
        <span className="audit-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

export function VerdictBar({ sample, audit }: { sample: SampleView; audit: AuditControls }) {
  const note = useRef<HTMLInputElement>(null);
  const savedNote = audit.view?.mine?.note ?? '';
  const [draft, setDraft] = useState(savedNote);
  useEffect(() => setDraft(savedNote), [savedNote, sample.uid]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const verdict = verdictForKey(e.key);
      let act: (() => void) | undefined;
      if (verdict) act = () => audit.setVerdict(verdict);
      else if (e.key === 'e') act = () => note.current?.focus();
      else if (e.key === 'N' && e.shiftKey) act = () => audit.nextUnaudited();
      else if (sample.kind === 'choice' && !e.shiftKey) {
        const letter = choiceFromKey(e.key);
        if (letter) act = () => audit.propose(letter);
      }
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [audit, sample.kind]);

  const view = audit.view;
  const mine = view?.mine ?? null;
  return (
    <section className="card verdict-bar" data-role="verdict-bar" data-verdict={mine?.verdict ?? ''} aria-label="Audit verdict">
      <div className="verdict-head">
        <h2>Audit</h2>
        {view ? (
          <span className="muted small">
            as <span data-role="audit-reviewer">{view.reviewer || 'unknown'}</span> ·{' '}
            <span data-role="audit-progress">{view.progress}</span>
            {view.file ? (
              <>
                {' '}
                · <code>{view.file}</code>
              </>
            ) : null}
          </span>
        ) : (
          <span className="muted small">loading…</span>
        )}
        {audit.saving ? <span className="muted small">saving…</span> : null}
      </div>
      {view && !view.writable && view.reason ? (
        <p className="audit-error" role="alert">
          Verdicts cannot be saved: {view.reason}
        </p>
      ) : null}
      <div className="verdict-buttons" role="group" aria-label="Verdict (keys 1 to 7)">
        {AUDIT_VERDICTS.map((v, i) => (
          <button
            key={v}
            type="button"
            data-role="verdict-button"
            data-verdict={v}
            aria-pressed={mine?.verdict === v}
            className={v === 'ok' ? 'verdict ok' : 'verdict flag'}
            onClick={() => audit.setVerdict(v)}
          >
            <kbd>{i + 1}</kbd> {v}
          </button>
        ))}
        {mine ? (
          <button type="button" className="verdict-clear" data-role="verdict-clear" onClick={() => audit.setVerdict(null)}>
            clear
          </button>
        ) : null}
      </div>
      <div className="verdict-row">
        <label className="verdict-note">
          <span>
            Note <kbd>e</kbd>
          </span>
          <input
            ref={note}
            type="text"
            data-role="audit-note"
            value={draft}
            placeholder="why (Enter saves)"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                audit.saveNote(draft);
                e.currentTarget.blur();
              } else if (e.key === 'Escape') {
                setDraft(savedNote);
                e.currentTarget.blur();
              }
            }}
          />
        </label>
        {sample.kind ? (
          <span className="verdict-proposed">
            <span>Proposed answer ({PROPOSE_HINT[sample.kind]}):</span>{' '}
            <strong data-role="audit-proposed" style={audit.proposed ? { color: PROPOSAL_COLOR } : undefined}>
              {audit.proposed ? formatTypedAnswer(audit.proposed) : '—'}
            </strong>
            {audit.proposalPending && !mine ? <span className="muted small"> (saved with the verdict)</span> : null}
            <ProposalInput kind={sample.kind} audit={audit} />
            {audit.proposed ? (
              <button type="button" className="verdict-clear" data-role="propose-clear" onClick={() => audit.propose(null)}>
                ×
              </button>
            ) : null}
          </span>
        ) : null}
        <span className="muted small">
          <kbd>⇧N</kbd> next without a verdict
        </span>
      </div>
      {view && view.others.length > 0 ? (
        <ul className="verdict-others" data-role="audit-others">
          {view.disagree ? (
            <li className="audit-disagree" data-role="audit-disagree">
              Reviewers disagree
            </li>
          ) : null}
          {view.others.map((o) => (
            <li key={o.reviewer}>
              {o.reviewer}: {o.verdict}
              {o.proposedLabel ? `, proposes ${o.proposedLabel}` : ''}
              {o.note ? ` — ${o.note}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

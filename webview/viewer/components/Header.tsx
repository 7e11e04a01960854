import React from 'react';
import type { ResultView, SampleView } from '../../../src/shared/protocol';
import { scoreText, statusLabel } from '../format';
import { resultColor, STATUS_COLORS, TRUTH_COLOR } from '../../common/theme';
import { Button } from '../../ui';

export interface HeaderProps {
  sample: SampleView;
  onNavigate: (direction: 'next' | 'previous' | 'nextFailure') => void;
  onCopyUid: () => void;
  onOpenSource: (resultId?: string) => void;
  notice: string | null;
}

export function Swatch({ color, label }: { color: string; label?: string }) {
  return <span className="swatch" style={{ background: color }} aria-label={label} role={label ? 'img' : undefined} />;
}

export function StatusChip({ status }: { status: string }) {
  return (
    <span
      className="status-chip"
      data-status={status}
      style={{ color: STATUS_COLORS[status] ?? STATUS_COLORS.none, borderColor: STATUS_COLORS[status] ?? STATUS_COLORS.none }}
    >
      {status}
    </span>
  );
}

function ResultRow({ r, onOpen }: { r: ResultView; onOpen: () => void }) {
  const o = r.outcome;
  return (
    <tr className="result-row" data-result={r.id} data-status={o?.status ?? 'none'}>
      <td>
        <Swatch color={resultColor(r.colorIndex)} />
      </td>
      <td className="result-label" title={r.label}>
        {r.label}
        {r.active ? <span className="muted"> (active)</span> : null}
        {r.overall ? (
          <div
            className={r.partial ? 'result-overall partial' : 'result-overall muted'}
            data-role="result-overall"
            data-partial={r.partial || undefined}
          >
            {r.overall}
          </div>
        ) : null}
        {r.formatLoss ? (
          <div className="result-format-loss muted" data-role="format-loss">
            {r.formatLoss}
          </div>
        ) : null}
        {r.diagnosis ? (
          <div className="result-diagnosis muted" data-role="diagnosis">
            Diagnosis: {r.diagnosis}
          </div>
        ) : null}
      </td>
      <td className="result-parsed" data-role="parsed-prediction">
        {o ? o.parsed === null ? <span className="unparsed-text">unparsed</span> : o.parsedLabel : <span className="muted">—</span>}
      </td>
      <td className="result-score">{o ? scoreText(r) : ''}</td>
      <td>
        <StatusChip status={o ? o.status : 'none'} />
        {!o ? <span className="muted"> {statusLabel(r)}</span> : null}
      </td>
      <td>
        {o ? (
          <Button appearance="icon" title={`Open line ${o.line} of the result file`} aria-label="Open result line" onClick={onOpen}>
            <span className="icon-text">↗</span>
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

export function Header({ sample, onNavigate, onCopyUid, onOpenSource, notice }: HeaderProps) {
  const sub = sample.subtask;
  return (
    <header className="header" data-role="header">
      <div className="header-top">
        <div className="title">
          <span className="subtask-abbr" title={sample.task}>
            {sub ? sub.abbreviation : 'Other'}
          </span>
          <span className="subtask-name">{sub ? sub.name : sample.task || 'unknown task'}</span>
          {sample.scene ? <span className="scene">· {sample.scene}</span> : null}
        </div>
        <nav className="nav" aria-label="Question navigation">
          {sample.position ? (
            <span className="position muted" data-role="position">
              {sample.position.index + 1} / {sample.position.total}
            </span>
          ) : null}
          <Button title="Previous question (k)" data-action="previous" onClick={() => onNavigate('previous')}>
            ◀ Prev <kbd>k</kbd>
          </Button>
          <Button title="Next question (j)" data-action="next" onClick={() => onNavigate('next')}>
            Next <kbd>j</kbd> ▶
          </Button>
          <Button
            title="Next question the active result file fails (n)"
            data-action="nextFailure"
            onClick={() => onNavigate('nextFailure')}
          >
            Next failure <kbd>n</kbd>
          </Button>
        </nav>
      </div>
      <div className="uid-row">
        <code className="uid" data-role="uid" title={sample.uid}>
          {sample.uid}
        </code>
        <Button appearance="icon" title="Copy uid" aria-label="Copy uid" data-action="copy-uid" onClick={onCopyUid}>
          Copy
        </Button>
        <Button appearance="icon" title="Open question.json" aria-label="Open the question's source" onClick={() => onOpenSource()}>
          <span className="icon-text">↗</span>
        </Button>
        {notice ? (
          <span className="notice" role="status">
            {notice}
          </span>
        ) : null}
      </div>
      <table className="results-table" aria-label="Answer and predictions">
        <thead>
          <tr>
            <th />
            <th>Source</th>
            <th>Answer</th>
            <th title="Score, and how many thresholds passed">Score (passed)</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          <tr className="truth-row" data-role="truth">
            <td>
              <Swatch color={TRUTH_COLOR} />
            </td>
            <td className="result-label">Ground truth</td>
            <td className="result-parsed truth-value">{sample.truthLabel}</td>
            <td className="muted" colSpan={3}>
              answer “{sample.answerText}”
            </td>
          </tr>
          {sample.results.map((r) => (
            <ResultRow key={r.id} r={r} onOpen={() => onOpenSource(r.id)} />
          ))}
          {sample.results.length === 0 ? (
            <tr>
              <td />
              <td colSpan={5} className="muted">
                No result file loaded: load one to compare predictions.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {sample.problems.length > 0 ? (
        <ul className="problems" aria-label="Data problems">
          {sample.problems.map((p, i) => (
            <li key={i}>⚠ {p}</li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

import React from 'react';
import type { HumanResultView } from '../../../src/shared/protocol';
import type { Bridge } from '../bridge';
import { resultColor } from '../../common/theme';
import { Button } from '../../ui';
import { Swatch } from '../components/Header';

/** The participant's score beside the paper's human row and the loaded result files (on the same questions). */
export function HumanResult({ bridge, result }: { bridge: Bridge; result: HumanResultView }) {
  const r = result;
  return (
    <main className="viewer blind" data-blind="result">
      <header className="header">
        <div className="header-top">
          <div className="title">
            <span className="subtask-abbr">Human baseline</span>
            <span className="subtask-name">{r.participant}</span>
          </div>
          <nav className="nav" aria-label="Human baseline">
            <span className="position muted" data-role="blind-progress">
              {r.answered} of {r.total} answered
            </span>
            {!r.finished ? (
              <Button appearance="primary" data-action="blind-continue" onClick={() => void bridge.request('blindContinue', {})}>
                Continue answering
              </Button>
            ) : null}
            {!r.revealed ? (
              <Button
                data-action="blind-reveal"
                title="Show the truth and the models' predictions (ends answering)"
                onClick={() => void bridge.request('blindReveal', {})}
              >
                Reveal answers…
              </Button>
            ) : null}
            <Button data-action="blind-pause" onClick={() => void bridge.request('blindPause', {})}>
              Close
            </Button>
          </nav>
        </div>
        <p data-role="human-summary" className="blind-summary">
          {r.summary}.
        </p>
        <p className="muted small">
          Scored by the same parser and scorer as every model, from <code>{r.resultFile}</code>. The models’ columns are their scores on the
          questions you answered; their whole-dataset Avg. is in brackets.
        </p>
      </header>
      <table
        className="results-table human-table"
        data-role="human-table"
        aria-label="Your score against the paper's human row and the loaded models"
      >
        <thead>
          <tr>
            <th>Subtask</th>
            <th>You</th>
            <th title="answers scored">n</th>
            <th>Paper humans</th>
            {r.models.map((m, i) => (
              <th key={i} title={m.label}>
                <Swatch color={resultColor(m.colorIndex)} /> {m.label} <span className="muted">({m.overall})</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.rows.map((row) => (
            <tr key={row.key} data-row={row.key} className={row.key === 'overall' ? 'overall-row' : undefined}>
              <td>{row.label}</td>
              <td data-role="you">{row.you}</td>
              <td className="muted">{row.n}</td>
              <td data-role="paper">{row.paper}</td>
              {row.models.map((v, i) => (
                <td key={i}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {r.questions ? (
        <section className="card revealed" data-role="revealed">
          <h2>Your answers against the truth</h2>
          <table className="results-table">
            <thead>
              <tr>
                <th>#</th>
                <th>Subtask</th>
                <th>Yours</th>
                <th>Truth</th>
                <th>Score</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {r.questions.map((q) => (
                <tr key={q.uid} data-uid={q.uid}>
                  <td>{q.number}</td>
                  <td>{q.subtask}</td>
                  <td>{q.yours}</td>
                  <td>{q.truth}</td>
                  <td>{q.score}</td>
                  <td>
                    <Button
                      appearance="secondary"
                      data-action="open-revealed"
                      title="Open with truth and predictions"
                      onClick={() => void bridge.request('blindOpenRevealed', { uid: q.uid })}
                    >
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </main>
  );
}

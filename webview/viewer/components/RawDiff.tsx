// Two compared files' raw outputs side by side, with the words each has and the other lacks marked: how two
// templates make the model reason, not only what it answers. Text spans only, never HTML.
import React, { useMemo, useState } from 'react';
import type { ResultView } from '../../../src/shared/protocol';
import { resultColor } from '../../common/theme';
import { wordDiff, type DiffRun } from '../wordDiff';
import { Swatch } from './Header';

function Side({ r, runs, role }: { r: ResultView; runs: DiffRun[] | null; role: 'left' | 'right' }) {
  const text = r.outcome!.prediction;
  return (
    <div className="raw-diff-side" data-side={role} data-result={r.id}>
      <div className="raw-head">
        <Swatch color={resultColor(r.colorIndex)} />
        <strong>{r.label}</strong>
      </div>
      <pre className="raw-text" data-role="diff-text" style={{ borderColor: resultColor(r.colorIndex) }}>
        {text === '' ? <span className="muted">(empty output)</span> : null}
        {runs
          ? runs.map((p, i) =>
              p.changed ? (
                <span key={i} className={`diff-${role === 'left' ? 'removed' : 'added'}`} data-diff="changed">
                  {p.text}
                </span>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )
          : text}
      </pre>
    </div>
  );
}

/** The side-by-side view of two of `results` (those with a line for the question), chosen in two selects. */
export function RawDiff({ results }: { results: ResultView[] }) {
  const [leftId, setLeftId] = useState(results[0].id);
  const [rightId, setRightId] = useState(results[1].id);
  const left = results.find((r) => r.id === leftId) ?? results[0];
  const right = results.find((r) => r.id === rightId && r.id !== left.id) ?? results.find((r) => r.id !== left.id)!;
  const diff = useMemo(() => wordDiff(left.outcome!.prediction, right.outcome!.prediction), [left, right]);
  const pick = (value: string, set: (id: string) => void, role: string) => (
    <select value={value} onChange={(e) => set(e.target.value)} data-role={`diff-${role}`}>
      {results.map((r) => (
        <option key={r.id} value={r.id}>
          {r.label}
        </option>
      ))}
    </select>
  );
  return (
    <div className="raw-diff" data-role="raw-diff">
      <p className="small">
        {pick(left.id, setLeftId, 'left')} against {pick(right.id, setRightId, 'right')}{' '}
        <span className="muted" data-role="diff-summary">
          {'skipped' in diff
            ? diff.skipped
            : diff.changes === 0
              ? 'the same words'
              : `${diff.changes} run(s) of words differ: struck on the left where only it has them, underlined on the right`}
        </span>
      </p>
      <div className="raw-diff-columns">
        <Side r={left} runs={'skipped' in diff ? null : diff.left} role="left" />
        <Side r={right} runs={'skipped' in diff ? null : diff.right} role="right" />
      </div>
    </div>
  );
}

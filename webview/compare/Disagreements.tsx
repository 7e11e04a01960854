// One subtask's questions on which a file and the baseline disagree, grouped as the shared list groups them,
// with counts; within a group sorted by score difference. A click opens the question in the sample viewer.
import React from 'react';
import { formatScore } from '../../src/shared/format';
import type { DisagreementSort } from '../../src/shared/protocol/compare';
import { disagreementGroupLabel, formatDelta } from '../../src/shared/report/compareTable';
import type { DisagreementKind, DisagreementList } from '../../src/shared/stats/disagreements';
import { subtaskInfo } from '../../src/shared/subtasks';

const KINDS: DisagreementKind[] = ['baseline-right', 'other-right', 'both-wrong'];

export interface DisagreementsProps {
  list: DisagreementList;
  baselineLabel: string;
  otherLabel: string;
  sort: DisagreementSort;
  onSort: (s: DisagreementSort) => void;
  onOpen: (uid: string) => void;
  onClose: () => void;
}

const answer = (a: { answer?: string; unparsed: boolean }) => (a.unparsed ? 'unparsed' : (a.answer ?? '—'));

export function Disagreements({ list, baselineLabel, otherLabel, sort, onSort, onOpen, onClose }: DisagreementsProps) {
  const info = subtaskInfo(list.subtask);
  const total = KINDS.reduce((a, k) => a + list.counts[k], 0);
  return (
    <section className="cmp-card" data-role="disagreements" data-subtask={list.subtask}>
      <div className="cmp-card-head">
        <h2>
          Disagreements on {info?.abbreviation ?? list.subtask}: {otherLabel} against {baselineLabel}
        </h2>
        <span className="muted small">
          {total} of {list.common} questions both answered
        </span>
        <label className="small">
          Sort{' '}
          <select value={sort} onChange={(e) => onSort(e.target.value as DisagreementSort)} data-role="disagreement-sort">
            <option value="largest">largest score difference first</option>
            <option value="smallest">smallest score difference first</option>
          </select>
        </label>
        <button type="button" className="link-button" onClick={onClose}>
          Close
        </button>
      </div>
      {KINDS.map((kind) => {
        const items = list.items.filter((i) => i.kind === kind);
        if (sort === 'smallest') items.reverse();
        return (
          <div key={kind} className="group" data-kind={kind}>
            <h3>
              {disagreementGroupLabel(kind, baselineLabel, otherLabel)}: <span data-role="group-count">{list.counts[kind]}</span>
            </h3>
            {items.length === 0 ? (
              <p className="muted small">none</p>
            ) : (
              <table className="cmp-plain">
                <thead>
                  <tr>
                    <th className="text">question</th>
                    <th className="text">{baselineLabel}</th>
                    <th className="num">score</th>
                    <th className="text">{otherLabel}</th>
                    <th className="num">score</th>
                    <th className="num">Δ</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((d) => (
                    <tr key={d.uid} data-uid={d.uid}>
                      <td className="text">
                        <button type="button" className="link-button uid" onClick={() => onOpen(d.uid)} data-role="open-question">
                          {d.uid}
                        </button>
                      </td>
                      <td className="text">{answer(d.baseline)}</td>
                      <td className="num">{formatScore(100 * d.baseline.score)}</td>
                      <td className="text">{answer(d.other)}</td>
                      <td className="num">{formatScore(100 * d.other.score)}</td>
                      <td className="num">{formatDelta(100 * d.difference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        );
      })}
    </section>
  );
}

// The subtask table: a row per subtask in the paper's order, grouped by competency, then Avg.; per result set
// its score with 95 % interval, questions scored of the dataset's, unparsed and format loss; per other set its
// delta against the baseline with interval, paired p-value and a mark when the interval excludes 0.
import React from 'react';
import { formatScore } from '../../src/shared/format';
import type { CompareFileView, CompareView } from '../../src/shared/protocol/compare';
import { CAUTION_MARK, SIGNIFICANT_MARK, formatDelta, formatPValue } from '../../src/shared/report/compareTable';
import type { DeltaStat, SetScores } from '../../src/shared/stats/compare';
import { COMPETENCIES, SUBTASKS, type SubtaskKey } from '../../src/shared/subtasks';
import { resultColor } from '../common/theme';

export interface Cell {
  subtask: SubtaskKey;
  other: string;
}

/** Sign and significance of a delta, for its colour: the number is always written beside. */
export function deltaTone(d: DeltaStat): 'better' | 'worse' | 'same' {
  if (!d.significant) return 'same';
  return d.delta > 0 ? 'better' : d.delta < 0 ? 'worse' : 'same';
}

const TONE_WORD = { better: 'higher', worse: 'lower', same: 'not significant' } as const;

function Num({ field, children, className }: { field: string; children: string; className?: string }) {
  return (
    <span data-field={field} className={className}>
      {children}
    </span>
  );
}

function ScoreCells({ s, subtask, file }: { s: SetScores; subtask: SubtaskKey | 'avg'; file: CompareFileView | undefined }) {
  const a = subtask === 'avg' ? null : s.subtasks[subtask];
  const score = subtask === 'avg' ? s.overall : a;
  if (!score)
    return (
      <td className="num muted" colSpan={4} data-set={s.id} data-subtask={subtask}>
        —
      </td>
    );
  const n = a ? a.n : s.answered;
  const of = a ? a.of : Object.values(s.subtasks).reduce((x, v) => x + v!.of, 0);
  const unparsed = a ? a.unparsed : Object.values(s.subtasks).reduce((x, v) => x + v!.unparsed, 0);
  // Format loss is the file's: shown on its first set (a file with `setting` lines has several).
  const loss =
    file && file.sets[0] === s.id
      ? subtask === 'avg'
        ? file.formatLoss?.overall.loss
        : file.formatLoss?.subtasks[subtask]?.loss
      : undefined;
  return (
    <>
      <td className="num score" data-set={s.id} data-subtask={subtask}>
        <Num field="score">{formatScore(score.score)}</Num>
        <span className="ci muted small">
          {'['}
          <Num field="lo">{formatScore(score.ci.lo)}</Num>
          {', '}
          <Num field="hi">{formatScore(score.ci.hi)}</Num>
          {']'}
        </span>
      </td>
      <td
        className={n < of ? 'num partial' : 'num'}
        data-set={s.id}
        data-subtask={subtask}
        title={n < of ? `${of - n} of ${of} questions have no prediction` : undefined}
      >
        <Num field="n">{String(n)}</Num>/<Num field="of">{String(of)}</Num>
      </td>
      <td className="num" data-set={s.id} data-subtask={subtask}>
        <Num field="unparsed">{String(unparsed)}</Num>
      </td>
      <td className="num" data-set={s.id} data-subtask={subtask}>
        {loss === undefined || loss === null ? <span className="muted">—</span> : <Num field="formatLoss">{formatScore(loss)}</Num>}
      </td>
    </>
  );
}

function DeltaCell({
  d,
  other,
  subtask,
  selected,
  onSelect,
}: {
  d: DeltaStat | null | undefined;
  other: string;
  subtask: SubtaskKey | 'avg';
  selected: boolean;
  onSelect?: () => void;
}) {
  if (!d)
    return (
      <td className="num muted" data-other={other} data-subtask={subtask}>
        —
      </td>
    );
  const tone = deltaTone(d);
  const mark = (d.significant ? SIGNIFICANT_MARK : '') + (d.caution ? CAUTION_MARK : '');
  const arrow = tone === 'better' ? '▲' : tone === 'worse' ? '▼' : '';
  const title = `${TONE_WORD[tone]}: Δ ${formatDelta(d.delta)} on ${d.n} questions both answered, 95 % interval [${formatDelta(d.ci.lo)}, ${formatDelta(d.ci.hi)}], paired p ${formatPValue(d.p)}${d.caution ? '; the interval and p disagree (few questions): trust p' : ''}`;
  const content = (
    <>
      <span className="arrow" aria-hidden="true">
        {arrow}
      </span>
      <Num field="delta">{formatDelta(d.delta)}</Num>
      {mark ? <Num field="sig" className="mark">{` ${mark}`}</Num> : null}
      <span className="ci small">
        {'['}
        <Num field="dlo">{formatDelta(d.ci.lo)}</Num>
        {', '}
        <Num field="dhi">{formatDelta(d.ci.hi)}</Num>
        {'] p '}
        <Num field="p">{formatPValue(d.p)}</Num>
      </span>
    </>
  );
  return (
    <td
      className="num delta"
      data-tone={tone}
      data-caution={d.caution || undefined}
      data-other={other}
      data-subtask={subtask}
      data-selected={selected || undefined}
      title={title}
    >
      {onSelect ? (
        <button type="button" className="cell-button" onClick={onSelect} aria-pressed={selected} data-role="delta-cell">
          {content}
        </button>
      ) : (
        content
      )}
    </td>
  );
}

export function CompareTable({ view, cell, onCell }: { view: CompareView; cell: Cell | null; onCell: (c: Cell) => void }) {
  const { comparison } = view;
  const base = comparison.sets.find((s) => s.id === comparison.baseline)!;
  const others = comparison.sets.filter((s) => s !== base);
  const deltaOf = new Map(comparison.deltas.map((d) => [d.other, d]));
  const fileOf = (s: SetScores) => view.files.find((f) => f.id === s.file);
  const columns = [base, ...others];
  const colour = (s: SetScores) => resultColor(fileOf(s)?.colorIndex ?? 0);
  const perSet = 4;
  const span = 1 + columns.length * perSet + others.length;
  const row = (subtask: SubtaskKey | 'avg', label: string, title?: string) => (
    <tr key={subtask} data-row={subtask} className={subtask === 'avg' ? 'avg' : undefined}>
      <th scope="row" className="text" title={title}>
        {label}
      </th>
      {columns.map((s) => (
        <ScoreCells key={s.id} s={s} subtask={subtask} file={fileOf(s)} />
      ))}
      {others.map((s) => {
        const pair = deltaOf.get(s.id);
        const d = subtask === 'avg' ? pair?.overall : pair?.subtasks[subtask];
        const selected = cell !== null && subtask !== 'avg' && cell.subtask === subtask && cell.other === s.id;
        return (
          <DeltaCell
            key={s.id}
            d={d}
            other={s.id}
            subtask={subtask}
            selected={selected}
            onSelect={subtask === 'avg' || !d ? undefined : () => onCell({ subtask, other: s.id })}
          />
        );
      })}
    </tr>
  );
  return (
    <div className="cmp-scroll">
      <table className="cmp-table" data-role="compare-table">
        <thead>
          <tr>
            <th rowSpan={2} className="text">
              subtask
            </th>
            {columns.map((s) => (
              <th key={s.id} colSpan={perSet} className="set-head" style={{ borderTopColor: colour(s) }} data-set={s.id}>
                <span className="swatch" style={{ background: colour(s) }} />
                <span className="set-name">{fileOf(s)?.name ?? s.label}</span>
                {s === base ? <span className="muted small"> (baseline)</span> : null}
                <div className="muted small set-label">{s.label}</div>
              </th>
            ))}
            {others.map((s) => (
              <th key={s.id} className="set-head delta-head" style={{ borderTopColor: colour(s) }} data-delta-head={s.id}>
                Δ {fileOf(s)?.name ?? s.label}
                <div className="muted small">vs {fileOf(base)?.name ?? base.label}: Δ [95 % CI] p</div>
              </th>
            ))}
          </tr>
          <tr>
            {columns.map((s) => (
              <React.Fragment key={s.id}>
                <th className="num small">score [95 % CI]</th>
                <th className="num small" title="questions scored / questions of the dataset">
                  n
                </th>
                <th className="num small">unparsed</th>
                <th className="num small" title="lenient reader minus strict reader, in points (docs/PARSING.md)">
                  format loss
                </th>
              </React.Fragment>
            ))}
            {others.map((s) => (
              <th key={s.id} className="num small">
                click for disagreements
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPETENCIES.map((c) => (
            <React.Fragment key={c.key}>
              <tr className="competency">
                <th colSpan={span} className="text">
                  {c.name}
                </th>
              </tr>
              {SUBTASKS.filter((s) => s.competency === c.key && comparison.sets.some((x) => x.subtasks[s.key])).map((s) =>
                row(s.key, s.abbreviation, s.name),
              )}
            </React.Fragment>
          ))}
          {row('avg', 'Avg.', 'the mean of the subtask scores present, as the paper averages')}
        </tbody>
      </table>
    </div>
  );
}

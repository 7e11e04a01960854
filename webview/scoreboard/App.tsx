// The scoreboard: the shown result files beside the random baseline simulated on the loaded dataset and the
// paper's Table 1, as a bar chart and a table whose cells are the CLI's (one table model, one number format).
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { formatScore } from '../../src/shared/format';
import {
  SCOREBOARD_EXPORT_FORMATS,
  asScoreboardDisplay,
  type ScoreboardExportFormat,
  type ScoreboardModel,
} from '../../src/shared/protocol';
import { REFERENCE_GROUPS, type ReferenceGroup } from '../../src/shared/reference/paper';
import {
  DEFAULT_SCOREBOARD_DISPLAY,
  scoreboardTableModel,
  visibleScoreboardRows,
  type ScoreboardDisplay,
  type ScoreboardRow,
} from '../../src/shared/report/scoreboard';
import { SUBTASKS } from '../../src/shared/subtasks';
import { Button } from '../ui';
import { resultColor } from '../common/theme';
import type { ScoreboardBridge } from './bridge';
import { Chart, SIMULATED_COLOR, type ColoredSeries } from './Chart';
import { DiagnosisSection } from './DiagnosisSection';
import type { FileDiagnosisView } from '../../src/shared/protocol/diagnosis';
import type { ChartSeries } from './chartLayout';

/** The chart's values of a row: its subtasks and its Avg. */
function chartSeries(key: string, row: ScoreboardRow): ChartSeries {
  return { key, label: row.label, values: { ...row.subtasks, ...(row.overall ? { avg: row.overall } : {}) } };
}

const SUBTASK_COLUMNS = 3; // source, row, questions come first in the table model
const BASIS_TEXT: Record<ScoreboardModel['basis'], string> = {
  ticked: 'the result files ticked in the Results view',
  active: 'the active result file (tick files in the Results view to put several on the board)',
  none: 'no result file yet: load one to put it on the board',
};

export function ScoreboardApp({ bridge }: { bridge: ScoreboardBridge }) {
  const initial = useRef(bridge.getState()).current;
  const [model, setModel] = useState<ScoreboardModel | null>(null);
  const [display, setDisplay] = useState<ScoreboardDisplay>(asScoreboardDisplay(initial.display) ?? DEFAULT_SCOREBOARD_DISPLAY);
  const [mark, setMarkState] = useState<string>(typeof initial.mark === 'string' ? initial.mark : '');
  const setMark = (label: string) => {
    setMarkState(label);
    bridge.updateState({ mark: label });
  };
  const [notice, setNotice] = useState<string | null>(null);
  const [diagnosis, setDiagnosis] = useState<FileDiagnosisView[]>([]);

  useEffect(() => {
    const off = bridge.onMessage((m) => {
      if (m.type === 'model') setModel(m.model);
      else if (m.type === 'diagnosis') setDiagnosis(m.files);
      else if (m.type === 'exported') {
        const label = SCOREBOARD_EXPORT_FORMATS.find((f) => f.format === m.format)?.label ?? m.format;
        if (m.error) setNotice(`${label} export failed: ${m.error}`);
        else if (m.saved) setNotice(`Saved as ${label}: ${m.saved}`);
      }
    });
    bridge.post({ type: 'ready', display: asScoreboardDisplay(initial.display) ?? undefined });
    return off;
  }, [bridge, initial.display]);

  const changeDisplay = (next: ScoreboardDisplay) => {
    setDisplay(next);
    bridge.updateState({ display: next });
    void bridge.request('setDisplay', { display: next }).catch(() => undefined);
  };
  const toggleGroup = (g: ReferenceGroup, on: boolean) =>
    changeDisplay({ ...display, groups: REFERENCE_GROUPS.map((x) => x.key).filter((k) => (k === g ? on : display.groups.includes(k))) });

  const visible = useMemo(() => (model ? visibleScoreboardRows(model.rows, display) : []), [model, display]);
  useEffect(() => {
    if (model) bridge.post({ type: 'painted', rows: visible.length });
  }, [bridge, model, visible.length]);

  const exportAs = (format: ScoreboardExportFormat, how: 'save' | 'copy') => {
    const label = SCOREBOARD_EXPORT_FORMATS.find((f) => f.format === format)!.label;
    const done =
      how === 'save'
        ? bridge.request('exportTable', { format, display }).then(() => null) // the outcome comes as `exported`
        : bridge.request('copyTable', { format, display }).then((r) => (r.copied ? `Copied as ${label}.` : 'Nothing to copy.'));
    done.then(
      (text) => text && setNotice(text),
      (e: Error) => setNotice(e.message),
    );
  };

  if (!model) return <p className="muted">Loading the scoreboard…</p>;
  if (model.message)
    return (
      <main className="scoreboard">
        <h1>Scoreboard</h1>
        <p data-role="message">{model.message}</p>
      </main>
    );

  const loaded = model.rows.filter((r) => r.source === 'loaded');
  const simulated = model.rows.find((r) => r.source === 'simulated');
  const series: ColoredSeries[] = [
    ...loaded.map((r, i) => ({ ...chartSeries(model.files[i].id, r), color: resultColor(model.files[i].colorIndex) })),
    ...(simulated ? [{ ...chartSeries('simulated', simulated), color: SIMULATED_COLOR }] : []),
  ];
  const references = visible.filter((r) => r.source !== 'loaded' && r.source !== 'simulated');
  const marked = references.find((r) => r.label === mark);
  const table = scoreboardTableModel(visible);
  const random = model.random;

  return (
    <main className="scoreboard">
      <header className="board-header">
        <h1>Scoreboard</h1>
        <p className="muted" data-role="basis">
          On the board: {BASIS_TEXT[model.basis]}.
        </p>
      </header>

      <section className="controls" aria-label="Rows and export">
        <fieldset>
          <legend>The paper's Table 1</legend>
          <label>
            <input
              type="checkbox"
              data-role="show-reference"
              checked={display.showReference}
              onChange={(e) => changeDisplay({ ...display, showReference: e.currentTarget.checked })}
            />
            Show the paper's rows
          </label>
          {REFERENCE_GROUPS.map((g) => (
            <label key={g.key} className={display.showReference ? '' : 'disabled'}>
              <input
                type="checkbox"
                data-role="group"
                data-group={g.key}
                disabled={!display.showReference}
                checked={display.groups.includes(g.key)}
                onChange={(e) => toggleGroup(g.key, e.currentTarget.checked)}
              />
              {g.name}
            </label>
          ))}
          <label>
            Mark in the chart{' '}
            <select data-role="mark-select" value={marked ? mark : ''} onChange={(e) => setMark(e.currentTarget.value)}>
              <option value="">(none)</option>
              {references.map((r) => (
                <option key={r.label} value={r.label}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <fieldset>
          <legend>Export the table as shown</legend>
          {SCOREBOARD_EXPORT_FORMATS.map((f) => (
            <Button
              key={f.format}
              data-action={`export-${f.format}`}
              onClick={() => exportAs(f.format, 'save')}
              title={`Save as ${f.label}…`}
            >
              {f.label}…
            </Button>
          ))}
          <Button data-action="copy-markdown" onClick={() => exportAs('markdown', 'copy')} title="Copy the table as Markdown">
            Copy Markdown
          </Button>
          {notice && (
            <span role="status" className="notice" data-role="notice">
              {notice}
            </span>
          )}
        </fieldset>
      </section>

      {random && (
        <section className="random" data-role="random-baseline" aria-label="Random baseline">
          <p>
            <strong>Random guessing on this dataset:</strong> Avg. <span data-role="random-mean">{formatScore(random.overall?.mean)}</span>
            {random.overall && (
              <>
                {' '}
                (95 % of guessers between {formatScore(random.overall.ci.lo)} and {formatScore(random.overall.ci.hi)})
              </>
            )}
            , {random.draws} simulated guessers, seed {random.seed}. <strong>The paper's random row:</strong> Avg.{' '}
            <span data-role="paper-random">{formatScore(model.paperRandomAvg)}</span> on its 2,762 questions.
          </p>
          <p className="muted small" data-role="random-note">
            {model.randomNote}
          </p>
        </section>
      )}

      <section aria-label="Chart">
        <ul className="legend" data-role="legend">
          {series.map((s) => (
            <li key={s.key}>
              <span className="swatch" style={{ background: s.color }} />
              {s.key === 'simulated' ? s.label : `${model.files.find((f) => f.id === s.key)?.name} (${s.label})`}
            </li>
          ))}
          {marked && (
            <li>
              <span className="mark-swatch" /> {marked.label} (paper)
            </li>
          )}
          <li className="muted">Error bars: 95 % intervals</li>
        </ul>
        <Chart series={series} mark={marked ? chartSeries('mark', marked) : undefined} />
      </section>

      <section aria-label="Table" className="table-box">
        <table data-role="table">
          <thead>
            <tr>
              {table.header.map((h, i) => (
                <th key={i} className={i < SUBTASK_COLUMNS - 1 ? 'text' : 'num'} title={SUBTASKS[i - SUBTASK_COLUMNS]?.name}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((cells, r) => {
              const row = visible[r];
              const file = row.source === 'loaded' ? model.files[loaded.indexOf(row)] : undefined;
              const newGroup = r > 0 && visible[r - 1].source !== row.source;
              return (
                <tr key={r} data-role="row" data-source={row.source} className={newGroup ? 'group-start' : undefined}>
                  {cells.map((c, i) => (
                    <td key={i} className={i < SUBTASK_COLUMNS - 1 ? 'text' : 'num'}>
                      {i === 1 && file && <span className="swatch" style={{ background: resultColor(file.colorIndex) }} />}
                      {i === 1 && row.source === 'simulated' && <span className="swatch" style={{ background: SIMULATED_COLOR }} />}
                      <span data-role="cell">{c}</span>
                      {i >= SUBTASK_COLUMNS &&
                        i < SUBTASK_COLUMNS + SUBTASKS.length &&
                        row.subtasks[SUBTASKS[i - SUBTASK_COLUMNS].key]?.ci && (
                          <span className="ci">
                            {formatScore(row.subtasks[SUBTASKS[i - SUBTASK_COLUMNS].key]!.ci!.lo)}–
                            {formatScore(row.subtasks[SUBTASKS[i - SUBTASK_COLUMNS].key]!.ci!.hi)}
                          </span>
                        )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="muted small">
          Under each score of this dataset's rows: its 95 % bootstrap interval (docs/STATISTICS.md). Paper rows: {model.source}.
        </p>
      </section>

      <DiagnosisSection
        files={diagnosis.filter((d) => model.files.some((f) => f.id === d.id))}
        onShow={(file, cls, subtask) => bridge.request('showDiagnosisQuestions', { file, cls, subtask }).then((r) => r.shown)}
        onFindTargetFrames={() => void bridge.request('findTargetFrames', {}).catch(() => undefined)}
      />
    </main>
  );
}

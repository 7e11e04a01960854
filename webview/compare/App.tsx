// The Compare panel: the subtask table of the ticked result files against a baseline chosen here, the
// groupings (repeated runs, local-control settings), and a cell's disagreements. Everything is text.
import React, { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CompareView, DisagreementSort } from '../../src/shared/protocol/compare';
import { CAUTION_MARK, SIGNIFICANT_MARK, runGroupTableModel, settingTableModel } from '../../src/shared/report/compareTable';
import type { DisagreementList } from '../../src/shared/stats/disagreements';
import type { CompareBridge } from './bridge';
import { CompareTable, type Cell } from './CompareTable';
import { Disagreements } from './Disagreements';
import { DiagnosisDeltas } from './DiagnosisDeltas';
import type { DiagnosisDeltaView } from '../../src/shared/protocol/diagnosis';
import { TableView } from './TableView';
import { FoldedCard } from './FoldedCard';

type Listed = { list: DisagreementList; baselineLabel: string; otherLabel: string };

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function App({ bridge }: { bridge: CompareBridge }) {
  const initial = useRef(bridge.getState()).current;
  const [view, setView] = useState<CompareView | null>(null);
  const [message, setMessage] = useState<string>('Waiting for the extension…');
  const [cell, setCell] = useState<Cell | null>(initial.cell ?? null);
  const [sort, setSort] = useState<DisagreementSort>(initial.sort ?? 'largest');
  const [listed, setListed] = useState<Listed | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deltas, setDeltas] = useState<DiagnosisDeltaView[]>([]);
  const arrivedAt = useRef(0);
  /** When `ready` was posted, until the first table arrives. */
  const readyAt = useRef<number | undefined>(undefined);
  const sinceReady = useRef<number | undefined>(undefined);
  const [tables, setTables] = useState(0);

  useEffect(() => {
    const off = bridge.onMessage((m) => {
      if (m.type === 'table') {
        arrivedAt.current = now();
        sinceReady.current = readyAt.current === undefined ? undefined : arrivedAt.current - readyAt.current;
        readyAt.current = undefined;
        setTables((n) => n + 1);
        setView(m.view);
        bridge.updateState({ baseline: m.view.baselineFile });
      } else if (m.type === 'diagnosis') setDeltas(m.deltas);
      else {
        setView(null);
        setMessage(m.message);
      }
    });
    readyAt.current = now();
    bridge.post({ type: 'ready', restoredBaseline: initial.baseline });
    return off;
  }, [bridge, initial.baseline]);

  useLayoutEffect(() => {
    if (tables === 0) return;
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f: () => void) => setTimeout(f, 0);
    const tenths = (ms: number) => Math.round(ms * 10) / 10;
    const waited = sinceReady.current;
    raf(() =>
      bridge.post({
        type: 'painted',
        ms: tenths(now() - arrivedAt.current),
        ...(waited === undefined ? {} : { sinceReady: tenths(waited) }),
      }),
    );
  }, [tables, bridge]);

  // The listed cell follows the table: new numbers (or a new baseline) list again; a file gone closes it.
  useEffect(() => {
    if (!view || !cell) {
      setListed(null);
      return;
    }
    if (!view.comparison.sets.some((s) => s.id === cell.other && s.id !== view.comparison.baseline)) {
      setCell(null);
      bridge.updateState({ cell: undefined });
      return;
    }
    let current = true;
    bridge.request('disagreements', cell).then(
      (r) => {
        if (!current) return;
        if ('error' in r) {
          setListed(null);
          setNotice(r.error);
        } else setListed(r);
      },
      (e: Error) => current && setNotice(e.message),
    );
    return () => {
      current = false;
    };
  }, [view, cell, bridge]);

  const selectCell = useCallback(
    (c: Cell) => {
      setCell(c);
      bridge.updateState({ cell: c });
    },
    [bridge],
  );
  const closeList = useCallback(() => {
    setCell(null);
    bridge.updateState({ cell: undefined });
  }, [bridge]);
  const changeSort = useCallback(
    (s: DisagreementSort) => {
      setSort(s);
      bridge.updateState({ sort: s });
    },
    [bridge],
  );
  const open = useCallback(
    (uid: string) => {
      bridge.request('openQuestion', { uid }).then(
        (r) => !r.opened && setNotice(`Question ${uid} is not in any open dataset.`),
        (e: Error) => setNotice(e.message),
      );
    },
    [bridge],
  );
  const changeBaseline = useCallback(
    (file: string) => {
      bridge.request('setBaseline', { file }).then(
        (r) => !r.ok && setNotice('That file is no longer compared.'),
        (e: Error) => setNotice(e.message),
      );
    },
    [bridge],
  );

  if (!view)
    return (
      <main className="compare empty" data-role="compare-empty">
        <p>{message}</p>
      </main>
    );
  const c = view.comparison;
  return (
    <main className="compare" data-role="compare">
      <div className="cmp-toolbar">
        <label>
          Baseline{' '}
          <select value={view.baselineFile} onChange={(e) => changeBaseline(e.target.value)} data-role="baseline">
            {view.files
              .filter((f) => f.sets.length > 0)
              .map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
          </select>
        </label>
        <span className="muted small">
          {view.files.length} files · Δ = file − baseline on the questions both answered · {SIGNIFICANT_MARK} its 95 % interval excludes 0 ·{' '}
          {SIGNIFICANT_MARK}
          {CAUTION_MARK} it does but p ≥ 0.05 (few questions: trust p) · percentile bootstrap, {c.resamples} resamples; paired sign-flip
          test, {c.permutations} flips; seed {c.seed} (docs/STATISTICS.md)
        </span>
        {notice ? (
          <span className="notice" role="status">
            {notice}
          </span>
        ) : null}
      </div>
      <CompareTable view={view} cell={cell} onCell={selectCell} />
      {listed ? (
        <Disagreements
          list={listed.list}
          baselineLabel={listed.baselineLabel}
          otherLabel={listed.otherLabel}
          sort={sort}
          onSort={changeSort}
          onOpen={open}
          onClose={closeList}
        />
      ) : null}
      <DiagnosisDeltas deltas={deltas.filter((d) => d.baseline.id === view.baselineFile)} />
      <section className="cmp-card" data-role="coverage">
        <h2>Questions compared</h2>
        <ul className="small">
          {view.coverage.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </section>
      {view.runGroups.length > 0 ? (
        <FoldedCard
          title="Repeated runs (mean and spread across runs)"
          summary={`${view.runGroups.length} ${view.runGroups.length === 1 ? 'group' : 'groups'} of runs`}
          role="run-groups-card"
        >
          {() => <TableView table={runGroupTableModel(view.runGroups)} role="run-groups" />}
        </FoldedCard>
      ) : null}
      {view.settings.length > 0 ? (
        <section className="cmp-card">
          <h2>Local control: deltas against global, the paper&apos;s numbers beside</h2>
          <TableView table={settingTableModel(view.settings)} role="settings" />
        </section>
      ) : null}
      {view.problems.length > 0 ? (
        <section className="cmp-card" data-role="problems">
          <h2>Problems in the compared files</h2>
          <ul className="small">
            {view.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

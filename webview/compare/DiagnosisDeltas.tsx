// The compare panel's diagnosis deltas: for each file against the baseline, the classes whose counts differ
// ("template-b.jsonl removes the sign flips"), with what correcting each would gain and a paired sign test.
import React from 'react';
import { diagnosisDeltaTable } from '../../src/shared/diagnosis/views';
import type { DiagnosisDeltaView } from '../../src/shared/protocol/diagnosis';
import { resultColor } from '../common/theme';
import { TableView } from './TableView';

export function DiagnosisDeltas({ deltas }: { deltas: readonly DiagnosisDeltaView[] }) {
  if (deltas.length === 0) return null;
  return (
    <section className="cmp-card" data-role="diagnosis-deltas">
      <h2>Diagnosis: what changes against the baseline</h2>
      <p className="muted small">
        Per subtask, the classes of wrong answers (docs/DIAGNOSIS.md) whose counts differ; what-if gain: the points correcting the class
        would add to the subtask; sign test: exact, on the questions in the class under one file only.
      </p>
      {deltas.map((d) => (
        <div key={d.other.id} data-role="diagnosis-delta" data-file={d.other.id}>
          <h3 className="small">
            <span className="swatch" style={{ background: resultColor(d.other.colorIndex) }} />
            {d.other.name} against {d.baseline.name}
          </h3>
          {d.pending ? (
            <p className="muted">Diagnosing…</p>
          ) : d.deltas.length === 0 ? (
            <p className="muted">The same count in every class.</p>
          ) : (
            <TableView table={diagnosisDeltaTable(d.deltas, d.baseline.name, d.other.name)} role="diagnosis-delta-table" />
          )}
        </div>
      ))}
    </section>
  );
}

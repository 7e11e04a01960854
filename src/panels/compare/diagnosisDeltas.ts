// The compare panel's diagnosis deltas: each compared file's classes against the baseline's, where they differ.
import { diagnosisDeltas } from '../../shared/diagnosis/views';
import type { DiagnosisDeltaView } from '../../shared/protocol/diagnosis';
import type { DiagnosisHost } from '../common/diagnosisHost';
import type { CompareInput } from './compareHost';

/** Against `baseline` (a file id); a file not diagnosed yet is asked for and shows as pending. */
export function diagnosisDeltaViews(inputs: readonly CompareInput[], baseline: string, host: DiagnosisHost): DiagnosisDeltaView[] {
  const base = inputs.find((i) => i.id === baseline);
  if (!base) return [];
  const diagnosisOf = (id: string) => {
    const d = host.get(id);
    if (!d) void host.ensure(id).catch(() => undefined);
    return d;
  };
  const a = diagnosisOf(base.id);
  return inputs
    .filter((i) => i !== base)
    .map((other) => {
      const b = diagnosisOf(other.id);
      return {
        baseline: { id: base.id, name: base.name },
        other: { id: other.id, name: other.name, colorIndex: other.colorIndex },
        pending: !a || !b,
        deltas: a && b ? diagnosisDeltas(a, b, other.name) : [],
      };
    });
}

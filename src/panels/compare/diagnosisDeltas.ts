// The compare panel's diagnosis deltas: each compared file's classes against the baseline's, where they differ.
import type { FileDiagnosis } from '../../shared/diagnosis';
import { diagnosisDeltas, type DiagnosisDelta } from '../../shared/diagnosis/views';
import type { DiagnosisDeltaView } from '../../shared/protocol/diagnosis';
import type { DiagnosisHost } from '../common/diagnosisHost';
import type { CompareInput } from './compareHost';

/**
 * Each pair's deltas, kept while both diagnoses are (a diagnosis is replaced, never changed): the panel sends the
 * deltas again as each of the ticked files' diagnoses comes in, and with 400 files computing every pair each time
 * blocked the host for more than half a second.
 */
const pairDeltas = new WeakMap<FileDiagnosis, WeakMap<FileDiagnosis, { name: string; deltas: DiagnosisDelta[] }>>();

function deltasOf(a: FileDiagnosis, b: FileDiagnosis, nameB: string): DiagnosisDelta[] {
  let byOther = pairDeltas.get(a);
  if (!byOther) pairDeltas.set(a, (byOther = new WeakMap()));
  const kept = byOther.get(b);
  if (kept && kept.name === nameB) return kept.deltas;
  const deltas = diagnosisDeltas(a, b, nameB);
  byOther.set(b, { name: nameB, deltas });
  return deltas;
}

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
        deltas: a && b ? deltasOf(a, b, other.name) : [],
      };
    });
}

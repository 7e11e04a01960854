import type { ResultView, SampleView, TaggedValue } from '../../../src/shared/protocol';
import { resultColor } from '../../common/theme';

export interface Prediction<V> {
  result: ResultView;
  color: string;
  value: V;
}

/** Parsed predictions of one kind, with their file's colour; unparsed and missing ones are left out. */
export function predictions<V>(sample: SampleView, pick: (value: TaggedValue | null) => V | null): Prediction<V>[] {
  const out: Prediction<V>[] = [];
  for (const r of sample.results) {
    const v = r.outcome ? pick(r.outcome.value) : null;
    if (v !== null) out.push({ result: r, color: resultColor(r.colorIndex), value: v });
  }
  return out;
}

// The host tags every value with its kind (protocol TaggedValue): these only read the tag.
export const asNumber = (p: TaggedValue | null): number | null => (p && (p.kind === 'angle' || p.kind === 'distance') ? p.value : null);
export const asPoint = (p: TaggedValue | null): { x: number; y: number } | null => (p?.kind === 'point' ? { x: p.x, y: p.y } : null);
export const asLetter = (p: TaggedValue | null): string | null => (p?.kind === 'choice' ? p.letter : null);

/** Results whose output could not be parsed, to name them beside an overlay. */
export function unparsed(sample: SampleView): ResultView[] {
  return sample.results.filter((r) => r.outcome && r.outcome.parsed === null);
}

import type { ResultView, SampleView } from '../../../src/shared/protocol';
import { resultColor } from '../../common/theme';

export interface Prediction<V> {
  result: ResultView;
  color: string;
  value: V;
}

/** Parsed predictions of one shape, with their file's colour; unparsed and missing ones are left out. */
export function predictions<V>(sample: SampleView, pick: (parsed: unknown) => V | null): Prediction<V>[] {
  const out: Prediction<V>[] = [];
  for (const r of sample.results) {
    const v = r.outcome && r.outcome.parsed !== null ? pick(r.outcome.parsed) : null;
    if (v !== null) out.push({ result: r, color: resultColor(r.colorIndex), value: v });
  }
  return out;
}

export const asNumber = (p: unknown): number | null => (typeof p === 'number' && Number.isFinite(p) ? p : null);
export const asPoint = (p: unknown): { x: number; y: number } | null =>
  Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number' ? { x: p[0], y: p[1] } : null;
export const asLetter = (p: unknown): string | null => (typeof p === 'string' ? p : null);

/** Results whose output could not be parsed, to name them beside an overlay. */
export function unparsed(sample: SampleView): ResultView[] {
  return sample.results.filter((r) => r.outcome && r.outcome.parsed === null);
}

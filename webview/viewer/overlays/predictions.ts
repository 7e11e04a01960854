import { formatTypedAnswer, type TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import type { OutcomeView, ResultView, SampleView, TaggedValue } from '../../../src/shared/protocol';
import { PROPOSAL_COLOR, resultColor } from '../../common/theme';

/** What the overlays read of a mark's source: a result file's row, or the reviewer's proposed answer. */
export interface MarkSource {
  id: string;
  label: string;
  outcome: Pick<OutcomeView, 'parsedLabel' | 'error' | 'passed' | 'of'> | null;
}

export interface Prediction<V> {
  result: MarkSource;
  color: string;
  value: V;
}

/** The mark of the reviewer's proposed answer: `data-result` on the overlay, the label in its list. */
export const PROPOSAL_ID = 'audit-proposal';
export const PROPOSAL_LABEL = 'proposed answer';

/** The proposed answer as a source the overlays draw like a file's; it has no score or error. */
const proposalSource = (answer: TypedAnswer): MarkSource => ({
  id: PROPOSAL_ID,
  label: PROPOSAL_LABEL,
  outcome: { parsedLabel: formatTypedAnswer(answer), error: null, passed: null, of: null },
});

/**
 * Parsed predictions of one kind, with their file's colour; unparsed and missing ones are left out. A reviewer's
 * proposed answer of the same kind comes last, in its own colour.
 */
export function predictions<V>(
  sample: SampleView,
  pick: (value: TaggedValue | null) => V | null,
  proposal: TypedAnswer | null = null,
): Prediction<V>[] {
  const out: Prediction<V>[] = [];
  for (const r of sample.results) {
    const v = r.outcome ? pick(r.outcome.value) : null;
    if (v !== null) out.push({ result: r, color: resultColor(r.colorIndex), value: v });
  }
  const proposed = proposal ? pick(proposal) : null;
  if (proposal && proposed !== null) out.push({ result: proposalSource(proposal), color: PROPOSAL_COLOR, value: proposed });
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

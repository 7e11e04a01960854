// The questions of one subtask on which two result sets disagree, grouped the way a reader asks: which one got
// it right, and where both are wrong in different ways.
import { SUBTASKS, type SubtaskKey } from '../subtasks';
import type { ResultSet } from './compare';

export type DisagreementKind = 'baseline-right' | 'other-right' | 'both-wrong';

export interface Disagreement {
  uid: string;
  kind: DisagreementKind;
  baseline: { score: number; answer?: string; unparsed: boolean };
  other: { score: number; answer?: string; unparsed: boolean };
  /** other - baseline, per question in [-1, 1]. */
  difference: number;
}

export interface DisagreementList {
  subtask: SubtaskKey;
  /** Questions of the subtask both sets answered. */
  common: number;
  counts: Record<DisagreementKind, number>;
  /** Largest |difference| first; equal ones in dataset order. */
  items: Disagreement[];
}

/** A question counts as right when it scores full marks (every threshold passed). */
const isRight = (score: number) => score >= 1;

/**
 * The disagreements on one subtask: the baseline right and the other not, the other way round, and both wrong
 * with different answers (a different parsed answer, or unparsed against parsed). Agreements are left out.
 */
export function disagreements(baseline: ResultSet, other: ResultSet, subtask: SubtaskKey): DisagreementList {
  const found: (Disagreement & { index: number })[] = [];
  let common = 0;
  for (const [uid, b] of baseline.results) {
    const o = other.results.get(uid);
    if (b.subtask !== subtask || !o) continue;
    common++;
    const kind: DisagreementKind | null =
      isRight(b.score) && !isRight(o.score)
        ? 'baseline-right'
        : isRight(o.score) && !isRight(b.score)
          ? 'other-right'
          : !isRight(b.score) && !isRight(o.score) && (b.unparsed !== o.unparsed || (b.answer ?? b.score) !== (o.answer ?? o.score))
            ? 'both-wrong'
            : null;
    if (!kind) continue;
    const side = (r: typeof b) => ({ score: r.score, answer: r.answer, unparsed: r.unparsed });
    found.push({ uid, kind, baseline: side(b), other: side(o), difference: o.score - b.score, index: b.index });
  }
  found.sort((x, y) => Math.abs(y.difference) - Math.abs(x.difference) || x.index - y.index);
  const counts: Record<DisagreementKind, number> = { 'baseline-right': 0, 'other-right': 0, 'both-wrong': 0 };
  for (const d of found) counts[d.kind]++;
  return { subtask, common, counts, items: found.map(({ index: _index, ...d }) => d) };
}

/** A subtask named by its key or its abbreviation, in any case ("ed_v", "EDv"). */
export function subtaskByName(name: string): SubtaskKey | undefined {
  const n = name.trim().toLowerCase();
  return SUBTASKS.find((s) => s.key === n || s.abbreviation.toLowerCase() === n)?.key;
}

// Merging audit sidecars: the changes of one writer applied to the file as it is now, and the two- and
// three-way merges of whole files (`gst-bench audit merge`, also as a git merge driver).
import type { AuditDocument, AuditEntry, CorruptLine } from './format';
import { canonicalAnswer, compareEntries, entryKey, formatAuditEntry, laterEntry } from './format';

/** What one writer does: set its verdict on a question, or take it back. */
export type AuditChange = { set: AuditEntry } | { remove: { uid: string; reviewer: string } };

type Sidecar = Pick<AuditDocument, 'entries' | 'corrupt'>;

/** Applies changes to the document as read now; everything else in it, other writers' lines included, stays. */
export function applyAuditChanges(doc: Sidecar, changes: readonly AuditChange[]): Sidecar {
  const byKey = new Map(doc.entries.map((e) => [entryKey(e), e]));
  for (const c of changes) {
    if ('set' in c) byKey.set(entryKey(c.set), c.set);
    else byKey.delete(entryKey(c.remove));
  }
  return { entries: [...byKey.values()].sort(compareEntries), corrupt: doc.corrupt };
}

/** The same (uid, reviewer) changed differently on both sides; resolved by keeping the later entry. */
export interface MergeConflict {
  uid: string;
  reviewer: string;
  kept: AuditEntry | null;
  dropped: AuditEntry | null;
}

export interface MergeResult extends Sidecar {
  conflicts: MergeConflict[];
}

const same = (a: AuditEntry | undefined, b: AuditEntry | undefined) =>
  a === b || (a !== undefined && b !== undefined && formatAuditEntry(a) === formatAuditEntry(b));

/**
 * Three-way merge of sidecars; with `base` null, a two-way union. Per (uid, reviewer): a side that left the
 * base's line alone takes the other side's (a change, or a removal); two different changes keep the later
 * entry; a removal against a change keeps the change. Different reviewers' lines never collide: each is kept.
 */
export function mergeAuditDocuments(base: Sidecar | null, ours: Sidecar, theirs: Sidecar): MergeResult {
  const index = (d: Sidecar | null) => new Map((d?.entries ?? []).map((e) => [entryKey(e), e]));
  const [b, o, t] = [index(base), index(ours), index(theirs)];
  const entries: AuditEntry[] = [];
  const conflicts: MergeConflict[] = [];
  for (const key of new Set([...o.keys(), ...t.keys(), ...b.keys()])) {
    const [be, oe, te] = [b.get(key), o.get(key), t.get(key)];
    let kept: AuditEntry | undefined;
    if (same(oe, te)) kept = oe;
    else if (base && same(oe, be)) kept = te;
    else if (base && same(te, be)) kept = oe;
    else {
      kept = oe && te ? laterEntry(oe, te) : (oe ?? te);
      const dropped = kept === oe ? te : oe;
      if (oe && te) conflicts.push({ uid: kept!.uid, reviewer: kept!.reviewer, kept: kept ?? null, dropped: dropped ?? null });
    }
    if (kept) entries.push(kept);
  }
  entries.sort(compareEntries);
  conflicts.sort(compareEntries);
  return { entries, corrupt: mergeCorrupt(base?.corrupt ?? null, ours.corrupt, theirs.corrupt), conflicts };
}

/**
 * Corrupt lines are kept by their text, as a multiset: a line both sides kept appears once; one a side removed
 * from the base (someone repaired it) goes; any other is kept. Ours first, in order, then theirs' new ones.
 */
function mergeCorrupt(base: CorruptLine[] | null, ours: CorruptLine[], theirs: CorruptLine[]): CorruptLine[] {
  const count = (lines: CorruptLine[] | null) => {
    const m = new Map<string, number>();
    for (const l of lines ?? []) m.set(l.text, (m.get(l.text) ?? 0) + 1);
    return m;
  };
  const [cb, co, ct] = [count(base), count(ours), count(theirs)];
  const want = new Map<string, number>();
  for (const text of new Set([...co.keys(), ...ct.keys()])) {
    const [nb, no, nt] = [cb.get(text) ?? 0, co.get(text) ?? 0, ct.get(text) ?? 0];
    want.set(text, base && no === nb ? nt : base && nt === nb ? no : Math.max(no, nt));
  }
  const out: CorruptLine[] = [];
  for (const l of [...ours, ...theirs]) {
    const n = want.get(l.text) ?? 0;
    if (n > 0) {
      out.push(l);
      want.set(l.text, n - 1);
    }
  }
  return out;
}

/** The verdicts on each question, grouped by uid in file order (uid, then reviewer). */
export function entriesByUid(entries: readonly AuditEntry[]): Map<string, AuditEntry[]> {
  const m = new Map<string, AuditEntry[]>();
  for (const e of entries) {
    const list = m.get(e.uid);
    if (list) list.push(e);
    else m.set(e.uid, [e]);
  }
  return m;
}

/**
 * Reviewers disagree on a question when they gave different verdicts, or proposed different answers. Both
 * lines stay in the file; this flag is derived from them, never stored, so it cannot go stale.
 */
export function reviewersDisagree(entries: readonly AuditEntry[]): boolean {
  if (new Set(entries.map((e) => e.verdict)).size > 1) return true;
  const proposed = new Set(entries.filter((e) => e.proposed_answer).map((e) => JSON.stringify(canonicalAnswer(e.proposed_answer))));
  return proposed.size > 1;
}

// A word-level diff of two raw model outputs, as the two sides' own text cut into runs that the other side
// lacks or shares. Each side keeps its exact characters (whitespace is a token too), so it reads as written.
import { diffWordsWithSpace } from 'diff';

export interface DiffRun {
  text: string;
  /** This side has it and the other does not. */
  changed: boolean;
}

/** Longer outputs are shown side by side without a diff: the diff's cost grows with their product. */
export const MAX_DIFF_CHARS = 40_000;
/**
 * Past this many edits (tokens changed) the diff gives up: two unrelated texts are not worth marking up, and the
 * cost grows with the edits (up to about 1 s at 1,000 on a loaded 2-core machine).
 */
export const MAX_EDIT_LENGTH = 1_000;

export type WordDiff = { left: DiffRun[]; right: DiffRun[]; changes: number } | { skipped: string };

export function wordDiff(left: string, right: string): WordDiff {
  if (left.length + right.length > MAX_DIFF_CHARS)
    return { skipped: `not diffed: the two outputs have ${left.length + right.length} characters (at most ${MAX_DIFF_CHARS})` };
  const changes = diffWordsWithSpace(left, right, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return { skipped: `not diffed: the outputs differ in more than ${MAX_EDIT_LENGTH} words` };
  const out = { left: [] as DiffRun[], right: [] as DiffRun[], changes: 0 };
  for (const c of changes) {
    if (!c.added) out.left.push({ text: c.value, changed: c.removed });
    if (!c.removed) out.right.push({ text: c.value, changed: c.added });
    if ((c.added || c.removed) && c.value.trim() !== '') out.changes++;
  }
  return out;
}

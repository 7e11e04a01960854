// Joins the ids a result file writes to the dataset's uids. A uid is used as is; a positional id (lmms-eval
// `doc_id`, VLMEvalKit `index`) goes through the dataset's order and is checked against the copied question text
// where the file has one; a batch request id goes through its request file or a user's regex. Nothing else is
// guessed: a record that cannot be joined says why.
import type { Dataset, Question } from '../dataset/question';
import { getPath } from '../results/fieldPath';
import type { JoinRule, ResultRecord } from '../../shared/formats/types';
import { isSubtaskKey, type SubtaskKey } from '../../shared/subtasks';

export interface JoinOptions {
  /** `custom_id`/`key` → uid, read from a batch request file (readRequestUids). */
  requestUids?: Map<string, string>;
  /** A user's regex over the id: its `uid` group, else its first group, else the whole match, is the uid. */
  idPattern?: RegExp;
  /** Positional ids count within one subtask's questions (an lmms-eval task per subtask), not the whole dataset. */
  indexSubtask?: SubtaskKey;
}

export type JoinResult = { uid: string; by: JoinRule } | { error: string };

export type { JoinRule };

export class Joiner {
  private readonly order: readonly Question[];
  /** How many records each rule joined; the CLI reports these. */
  readonly counts: Record<JoinRule, number> = {
    uid: 0,
    'request-file': 0,
    'id-pattern': 0,
    'position-checked': 0,
    'position-unchecked': 0,
  };

  constructor(
    private readonly dataset: Dataset,
    private readonly options: JoinOptions = {},
  ) {
    const k = options.indexSubtask;
    if (k !== undefined && !isSubtaskKey(k)) throw new Error(`unknown subtask "${k}"`);
    this.order = k === undefined ? dataset.questions : dataset.questions.filter((q) => q.subtask === k);
  }

  join(r: ResultRecord): JoinResult {
    const out = this.rule(r);
    if ('uid' in out) this.counts[out.by]++;
    return out;
  }

  private rule(r: ResultRecord): JoinResult {
    if (r.id === null) return { error: `no "${r.idField}" field` };
    const id = String(r.id);
    const { requestUids, idPattern } = this.options;
    // A positional id that is a number names a row even if some uid happens to be that number.
    const positional = r.idRole === 'row-index' && /^\d+$/.test(id);
    if (!positional && this.dataset.byUid.has(id)) return { uid: id, by: 'uid' };
    if (r.idRole === 'uid' && !requestUids && !idPattern) return { error: `uid not in the dataset: ${id}` };
    if (requestUids) {
      const uid = requestUids.get(id);
      if (uid !== undefined)
        return this.dataset.byUid.has(uid)
          ? { uid, by: 'request-file' }
          : { error: `${r.idField} ${id}: the request file names uid ${uid}, which the dataset lacks` };
    }
    if (idPattern) {
      const m = idPattern.exec(id);
      if (!m) return { error: `${r.idField} ${id} does not match --id-pattern ${idPattern.source}` };
      const uid = m.groups?.uid ?? m[1] ?? m[0];
      return this.dataset.byUid.has(uid)
        ? { uid, by: 'id-pattern' }
        : { error: `${r.idField} ${id}: --id-pattern gives ${uid}, which is not a dataset uid` };
    }
    if (r.idRole === 'row-index') return this.byPosition(r, id);
    return {
      error: `${r.idField} ${id} is not a dataset uid${r.idRole === 'request-id' ? ' (give --requests <request file> or --id-pattern <regex>)' : ' (give --id-pattern <regex>)'}`,
    };
  }

  /** A row index through the dataset's order; the copied question text, when present, must agree. */
  private byPosition(r: ResultRecord, id: string): JoinResult {
    if (!/^\d+$/.test(id)) return { error: `${r.idField} ${id} is neither a dataset uid nor a row index` };
    const q = this.order[Number(id)];
    const scope = this.options.indexSubtask ? `subtask ${this.options.indexSubtask}` : 'the dataset';
    if (!q) return { error: `${r.idField} ${id} is past the end of ${scope} (${this.order.length} questions)` };
    if (r.questionText === undefined) return { uid: q.uid, by: 'position-unchecked' };
    if (!textsAgree(r.questionText, q)) {
      return {
        error: `${r.idField} ${id} is question ${q.uid} by position in ${scope}, but the record's question text differs; not joined (another dataset order or version?)`,
      };
    }
    return { uid: q.uid, by: 'position-checked' };
  }
}

/** Whitespace-insensitive: the record's text contains the question's first text (the prompt's stem), or the reverse. */
function textsAgree(recordText: string, q: Question): boolean {
  const first = q.texts.find((t) => t.trim() !== '') ?? '';
  if (first !== '' && recordText.includes(first)) return true; // the common case, without normalising long prompts
  const stem = normalize(first);
  if (stem === '') return true;
  const text = normalize(recordText);
  return text.includes(stem) || stem.includes(text);
}

function normalize(s: string): string {
  return s.split(/\s+/).filter(Boolean).join(' ');
}

/**
 * Reads a batch request file (OpenAI: `custom_id` + `body`; Gemini: `key` + `request`) into request id → uid, where
 * each line names its uid in `uid`, `metadata.uid` or `body.metadata.uid`. Lines without one are listed.
 */
const REQUEST_UID_PATHS = ['uid', 'metadata.uid', 'body.metadata.uid', 'request.metadata.uid'];

export function requestUidsFromLines(lines: Iterable<{ obj: Record<string, unknown>; line: number }>): {
  uids: Map<string, string>;
  missing: number[];
} {
  const uids = new Map<string, string>();
  const missing: number[] = [];
  for (const { obj, line } of lines) {
    const id = obj.custom_id ?? obj.key;
    const uid = firstString(...REQUEST_UID_PATHS.map((p) => getPath(obj, p)));
    if ((typeof id === 'string' || typeof id === 'number') && uid !== undefined) uids.set(String(id), uid);
    else missing.push(line);
  }
  return { uids, missing };
}

function firstString(...vs: unknown[]): string | undefined {
  for (const v of vs) if (typeof v === 'string' || typeof v === 'number') return String(v);
  return undefined;
}

// The fields a result file's records actually have, for the field-mapping quick picks: the dotted paths of the
// first readable record (JSON lines, a JSON array) or the header's columns (CSV/TSV, .xlsx), each with an example.
import { looksLikeZip } from './zip';
import { readHead, tableItems } from './adapters';
import { jsonLines, type Item, type Obj } from './containers';

export interface FieldChoice {
  /** A dotted path (numeric segments index arrays) or a column name. */
  path: string;
  /** The first record's value there, shortened. */
  example: string;
}

/** Paths deeper than this are left out: a mapping names a field near the top, not inside a message history. */
const MAX_DEPTH = 6;
/** Enough for any real record's fields, few enough for a quick pick. */
const MAX_FIELDS = 300;
/** Records tried before giving up on a file whose first lines do not parse. */
const MAX_RECORDS_TRIED = 20;
const EXAMPLE_CHARS = 60;

function example(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXAMPLE_CHARS ? `${flat.slice(0, EXAMPLE_CHARS)}…` : flat;
}

/** The leaf paths of a record (strings, numbers, booleans, null), and of the first element of each array. */
export function leafFields(record: Obj): FieldChoice[] {
  const out: FieldChoice[] = [];
  const visit = (value: unknown, prefix: string, depth: number) => {
    if (out.length >= MAX_FIELDS) return;
    if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
      const entries = Array.isArray(value) ? value.slice(0, 1).map((v, i) => [String(i), v] as const) : Object.entries(value);
      if (entries.length > 0) {
        for (const [k, v] of entries) visit(v, prefix === '' ? k : `${prefix}.${k}`, depth + 1);
        return;
      }
    }
    if (prefix !== '') out.push({ path: prefix, example: example(value) });
  };
  visit(record, '', 0);
  return out;
}

/** The fields of the first readable record; an empty list when none is. */
export async function fieldsOfFile(file: string): Promise<FieldChoice[]> {
  const head = await readHead(file);
  const text = looksLikeZip(head) ? '' : new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  const items: AsyncIterable<Item> = text.trimStart().startsWith('{') ? jsonLines(file) : tableItems(file);
  let tried = 0;
  for await (const item of items) {
    if ('obj' in item) {
      // A table's columns are flat names, even when one holds JSON text or has a dot in it.
      return item.location.kind === 'row'
        ? Object.entries(item.obj).map(([k, v]) => ({ path: k, example: example(v) }))
        : leafFields(item.obj);
    }
    if (++tried >= MAX_RECORDS_TRIED) break;
  }
  return [];
}

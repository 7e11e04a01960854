// Detection by content, with the file name as a hint: the container from the first bytes, the format from the
// first record's fields. `--format` (or a field mapping) overrides it.
import * as path from 'node:path';
import type { FieldMap, FormatAdapter } from '../../shared/formats/types';
import {
  adapterByName,
  canonicalAdapter,
  geminiBatchAdapter,
  genericJsonlAdapter,
  genericTableAdapter,
  gstBenchAdapter,
  inspectEvalAdapter,
  inspectJsonAdapter,
  lmmsEvalAdapter,
  openAiBatchAdapter,
  readHead,
  vlmEvalKitAdapter,
} from './adapters';
import { jsonLineItems, jsonLines, sniffDelimiter, WholeFileReads, xlsxHeader, type Item, type Obj } from './containers';
import { wholeLinesOf } from '../results/lines';
import { looksLikeZip, ZipArchive } from './zip';

export interface Detection {
  adapter: FormatAdapter;
  /** Why, in a few words: shown by the CLI and in docs. */
  reason: string;
}

/** A file whose format is known but holds no per-question predictions (an aggregate or score file). */
export class NotAResultFileError extends Error {}

/** Records of a layout no adapter knows: a field mapping (id and prediction fields) would read them. */
export class UnknownLayoutError extends Error {
  readonly needsMapping = true;
}

/**
 * The format of a result file. `format` (a name from `gst-bench formats`) skips detection. A JSON document or a
 * workbook is read whole to see its records: pass `reads` (for `file`) to keep it for the read that follows.
 */
export async function detectFormat(
  file: string,
  opts: { format?: string; fields?: FieldMap; reads?: WholeFileReads } = {},
): Promise<Detection> {
  if (opts.format !== undefined) {
    const adapter = adapterByName(opts.format);
    if (!adapter) throw new Error(`unknown format "${opts.format}"; \`gst-bench formats\` lists them`);
    return { adapter, reason: 'given with --format' };
  }
  const head = await readHead(file);
  const mapped = opts.fields !== undefined && (opts.fields.id !== undefined || opts.fields.prediction !== undefined);
  const reads = opts.reads?.file === file ? opts.reads : new WholeFileReads(file);
  if (looksLikeZip(head)) return detectZip(file, mapped, reads);
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  const start = text.search(/\S/);
  const first = start === -1 ? '' : text[start];
  const ext = path.extname(file).toLowerCase();
  const namedJsonl = ext === '.jsonl' || ext === '.ndjson';
  if (first === '{' || namedJsonl) {
    const jsonl = await detectJsonLines(file, head, mapped, namedJsonl);
    if (jsonl) return jsonl;
    // Nothing readable in the first lines of a file named JSON lines: read it as the canonical format, whose
    // line-by-line reading reports each bad line (as before formats were detected).
    if (namedJsonl)
      return { adapter: mapped ? genericJsonlAdapter : canonicalAdapter, reason: 'named .jsonl; no readable record in its first lines' };
  }
  if (first === '{' || first === '[') return detectJsonDocument(reads, mapped);
  if (start === -1) throw new Error('the file is empty');
  return detectDelimited(text, ext, mapped);
}

const has = (o: Obj, ...keys: string[]) => keys.every((k) => Object.prototype.hasOwnProperty.call(o, k));
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The JSON lines format of a first record's fields; undefined when nothing fits. */
export function classifyLineObject(o: Obj): FormatAdapter | undefined {
  if (has(o, 'doc_id') && (has(o, 'filtered_resps') || has(o, 'resps'))) return lmmsEvalAdapter;
  if (has(o, 'custom_id') && (has(o, 'response') || has(o, 'error'))) return openAiBatchAdapter;
  if (has(o, 'key') && (isObj(o.response) || has(o, 'error'))) return geminiBatchAdapter;
  if (has(o, 'uid', 'pred')) return gstBenchAdapter;
  if (has(o, 'uid', 'prediction')) return canonicalAdapter;
  return undefined;
}

/**
 * JSON lines when the first non-blank line is a whole object; undefined when it is not (a pretty-printed
 * document). In a file named .jsonl, a few bad first lines are skipped: the next readable records decide.
 * The whole lines of `head` (the file's first bytes, read already) decide most files; opening the file again to
 * stream it cost more than the rest of a detection. When they do not, the file is streamed from its start.
 */
async function detectJsonLines(file: string, head: Uint8Array, mapped: boolean, namedJsonl: boolean): Promise<Detection | undefined> {
  const fromHead = new JsonLinesDecision(mapped, namedJsonl);
  for (const item of jsonLineItems(wholeLinesOf(head))) {
    const decided = fromHead.take(item);
    if (decided !== UNDECIDED) return decided;
  }
  const decision = new JsonLinesDecision(mapped, namedJsonl);
  for await (const item of jsonLines(file)) {
    const decided = decision.take(item);
    if (decided !== UNDECIDED) return decided;
  }
  return undefined;
}

const UNDECIDED = Symbol('undecided');

/** Takes a JSON lines file's items in order until they tell its format, or that it is not JSON lines (undefined). */
class JsonLinesDecision {
  private bad = 0;

  constructor(
    private readonly mapped: boolean,
    private readonly namedJsonl: boolean,
  ) {}

  take(item: Item): Detection | undefined | typeof UNDECIDED {
    if (!('obj' in item)) {
      if (!this.namedJsonl || ++this.bad >= DETECT_BAD_LINES) return undefined;
      return UNDECIDED;
    }
    if (this.mapped) return { adapter: genericJsonlAdapter, reason: 'JSON lines with a field mapping' };
    // A `uid` alone is still the canonical format: the missing prediction is reported per line, the file is read.
    const adapter = classifyLineObject(item.obj) ?? (has(item.obj, 'uid') ? canonicalAdapter : undefined);
    if (adapter) return { adapter, reason: `JSON lines whose first record has ${describeKeys(adapter)}` };
    throw new UnknownLayoutError(
      `JSON lines of an unknown format (first record's fields: ${Object.keys(item.obj).slice(0, 12).join(', ')}); name the fields with --id-field and --prediction-field, or pick a --format`,
    );
  }
}

/** Unreadable lines tolerated at the start of a .jsonl file before detection gives up on its content. */
const DETECT_BAD_LINES = 20;

function describeKeys(a: FormatAdapter): string {
  switch (a.name) {
    case 'lmms-eval':
      return 'doc_id and filtered_resps (lmms-eval --log_samples)';
    case 'openai-batch':
      return 'custom_id and response (OpenAI Batch)';
    case 'gemini-batch':
      return 'key and response (Gemini Batch)';
    case 'gst-bench':
      return 'uid and pred (GST-Bench scripts)';
    default:
      return 'uid and prediction';
  }
}

async function detectJsonDocument(reads: WholeFileReads, mapped: boolean): Promise<Detection> {
  const { value } = await reads.jsonDocument();
  if (Array.isArray(value)) {
    if (mapped) return { adapter: genericTableAdapter, reason: 'a JSON array with a field mapping' };
    const first = value.find(isObj);
    if (first && has(first, 'index', 'prediction'))
      return { adapter: vlmEvalKitAdapter, reason: 'a JSON array whose records have index and prediction (VLMEvalKit)' };
    if (first && has(first, 'uid', 'prediction')) return { adapter: genericTableAdapter, reason: 'a JSON array with uid and prediction' };
    throw new UnknownLayoutError(
      `a JSON array of an unknown format (first record's fields: ${first ? Object.keys(first).slice(0, 12).join(', ') : 'none'}); name the fields with --id-field and --prediction-field`,
    );
  }
  if (isObj(value)) {
    if (has(value, 'eval') && (has(value, 'samples') || has(value, 'version')))
      return { adapter: inspectJsonAdapter, reason: 'a JSON document with eval and samples (Inspect log)' };
    if (has(value, 'results') && (has(value, 'n-samples') || has(value, 'configs'))) {
      throw new NotAResultFileError(
        'an lmms-eval aggregate results file: it holds metrics, not per-question predictions; open the `*_samples_<task>.jsonl` written with --log_samples',
      );
    }
    throw new Error(`a JSON object of an unknown format (keys: ${Object.keys(value).slice(0, 12).join(', ')})`);
  }
  throw new Error('a JSON document that holds no records');
}

async function detectZip(file: string, mapped: boolean, reads: WholeFileReads): Promise<Detection> {
  const zip = await ZipArchive.open(file);
  let names: Set<string>;
  try {
    names = new Set(zip.entries.map((e) => e.name));
  } finally {
    await zip.close();
  }
  if (names.has('xl/workbook.xml')) {
    if (mapped) return { adapter: genericTableAdapter, reason: 'an .xlsx workbook with a field mapping' };
    const header = await xlsxHeader(reads);
    if (header.includes('index') && header.includes('prediction'))
      return { adapter: vlmEvalKitAdapter, reason: 'an .xlsx sheet with index and prediction columns (VLMEvalKit)' };
    if (header.includes('uid') && header.includes('prediction'))
      return { adapter: genericTableAdapter, reason: 'an .xlsx sheet with uid and prediction columns' };
    throw new UnknownLayoutError(
      `an .xlsx sheet of an unknown layout (columns: ${header.slice(0, 16).join(', ')}); name the columns with --id-field and --prediction-field`,
    );
  }
  if (names.has('header.json') || names.has('_journal/start.json') || [...names].some((n) => n.startsWith('samples/'))) {
    return { adapter: inspectEvalAdapter, reason: 'a ZIP with header.json and samples/ (Inspect .eval)' };
  }
  throw new Error('a ZIP archive that is neither an .xlsx workbook nor an Inspect .eval log');
}

function detectDelimited(text: string, ext: string, mapped: boolean): Detection {
  const nl = text.indexOf('\n');
  const headerLine = (nl === -1 ? text : text.slice(0, nl)).replace(/\r$/, '');
  const delimiter = ext === '.tsv' ? '\t' : sniffDelimiter(headerLine);
  const columns = headerLine.split(delimiter).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  if (mapped) return { adapter: genericTableAdapter, reason: `${delimiter === '\t' ? 'TSV' : 'CSV'} with a field mapping` };
  if (columns.includes('index') && columns.includes('prediction'))
    return { adapter: vlmEvalKitAdapter, reason: `${delimiter === '\t' ? 'TSV' : 'CSV'} with index and prediction columns (VLMEvalKit)` };
  if (columns.includes('uid') && columns.includes('prediction'))
    return { adapter: genericTableAdapter, reason: 'a table with uid and prediction columns' };
  if (columns.includes('split') && columns.includes('Overall')) {
    throw new NotAResultFileError(
      'a VLMEvalKit score file (`*_acc.csv`): it holds accuracies (fractions), not per-question predictions; open the `<model>_<dataset>.xlsx` beside it',
    );
  }
  if (columns.length < 2) throw new Error('not a result file of any known format (not JSON, and not a table with a header row)');
  throw new UnknownLayoutError(
    `a table of an unknown layout (columns: ${columns.slice(0, 16).join(', ')}); name the columns with --id-field and --prediction-field`,
  );
}

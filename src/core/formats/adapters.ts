// One adapter per result format: which container it reads and how each object maps to a ResultRecord.
import { open } from 'node:fs/promises';
import * as path from 'node:path';
import type {
  DetectedContents,
  FieldMap,
  FormatAdapter,
  ReadOptions,
  RecordLocation,
  RecordOrProblem,
  ResultRecord,
} from '../../shared/formats/types';
import { delimitedRows, jsonArrayElements, jsonLines, readsOf, sniffDelimiter, xlsxRows, type Item, type Obj } from './containers';
import {
  canonicalRecord,
  geminiBatchRecord,
  gstBenchRecord,
  inspectSampleRecord,
  lmmsEvalRecord,
  mappedRecord,
  openAiBatchRecord,
  vlmEvalKitRecord,
} from './records';
import { looksLikeZip, ZipArchive } from './zip';

/** A JSON lines adapter also maps single lines, for the in-place rescore (which reads the lines itself). */
export interface LineAdapter extends FormatAdapter {
  inPlace: true;
  fromObject(obj: Obj, location: RecordLocation, options: ReadOptions): ResultRecord;
}

async function* mapItems(
  items: AsyncIterable<Item>,
  map: (obj: Obj, location: RecordLocation) => ResultRecord,
): AsyncGenerator<RecordOrProblem> {
  for await (const item of items) yield 'obj' in item ? { record: map(item.obj, item.location) } : item;
}

function lineAdapter(meta: Omit<LineAdapter, 'read' | 'inPlace' | 'extensions'>): LineAdapter {
  return {
    ...meta,
    extensions: ['.jsonl', '.ndjson'],
    inPlace: true,
    read: (file, options) => mapItems(jsonLines(file), (obj, loc) => meta.fromObject(obj, loc, options)),
  };
}

/** The canonical fields, with the user's dotted paths when given (the existing --uid-field/--prediction-field). */
function canonicalFields(fields: FieldMap | undefined) {
  return { uid: fields?.id ?? 'uid', prediction: fields?.prediction ?? 'prediction', gold: fields?.gold };
}

export const canonicalAdapter = lineAdapter({
  name: 'canonical',
  label: 'GST-Bench Inspector JSONL',
  reads: 'JSON lines with `uid` and `prediction` (the format `convert` writes)',
  needs: 'nothing; --uid-field/--prediction-field for other field names',
  fromObject: (o, loc, options) => canonicalRecord(o, loc, canonicalFields(options.fields)),
});

export const gstBenchAdapter = lineAdapter({
  name: 'gst-bench',
  label: 'GST-Bench evaluation output',
  reads: "JSON lines with `uid`, `pred` and `gt` (the benchmark authors' scripts)",
  needs: 'nothing',
  fromObject: (o, loc) => gstBenchRecord(o, loc),
});

export const lmmsEvalAdapter = lineAdapter({
  name: 'lmms-eval',
  label: 'lmms-eval samples',
  reads: '`--log_samples` output `*_samples_<task>.jsonl`: `doc_id`, `filtered_resps` (string, [str] or [[str]]), `target`',
  needs: 'nothing when a doc `uid` was copied; else `doc_id` joins by dataset order (--index-subtask for a one-subtask task)',
  fromObject: (o, loc) => lmmsEvalRecord(o, loc),
});

export const openAiBatchAdapter = lineAdapter({
  name: 'openai-batch',
  label: 'OpenAI Batch output',
  reads: 'batch output (or error) JSONL: `custom_id`, `response.body.choices[0].message.content`',
  needs: '`custom_id` equal to a uid, or --requests <input.jsonl> carrying uids, or --id-pattern <regex>',
  fromObject: (o, loc) => openAiBatchRecord(o, loc),
});

export const geminiBatchAdapter = lineAdapter({
  name: 'gemini-batch',
  label: 'Gemini Batch output',
  reads: 'batch output JSONL: `key`, `response.candidates[0].content.parts[].text`',
  needs: '`key` equal to a uid, or --requests <input.jsonl> carrying uids, or --id-pattern <regex>',
  fromObject: (o, loc) => geminiBatchRecord(o, loc),
});

export const genericJsonlAdapter = lineAdapter({
  name: 'generic-jsonl',
  label: 'JSON lines (mapped)',
  reads: 'any JSON lines file, through a field mapping',
  needs: '--id-field and --prediction-field (dotted paths); --gold-field optional',
  fromObject: (o, loc, options) => mappedRecord(o, loc, options.fields ?? {}),
});

/** Which table container a file is, from its first bytes (a ZIP workbook, a JSON array, delimited text). */
export async function* tableItems(file: string, detected?: DetectedContents): AsyncGenerator<Item> {
  const head = await readHead(file);
  if (looksLikeZip(head)) {
    yield* xlsxRows(file, undefined, detected);
    return;
  }
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('[')) {
    yield* jsonArrayElements(file, detected);
    return;
  }
  const nl = text.indexOf('\n');
  const delimiter = path.extname(file).toLowerCase() === '.tsv' ? '\t' : sniffDelimiter(nl === -1 ? text : text.slice(0, nl));
  yield* delimitedRows(file, delimiter);
}

/** The first 64 KiB of a file, for sniffing its container and format. */
export async function readHead(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export const vlmEvalKitAdapter: FormatAdapter = {
  name: 'vlmevalkit',
  label: 'VLMEvalKit predictions',
  reads: '`<model>_<dataset>.xlsx` (or .tsv, .csv, .json): `index`, `question`, `answer`, `prediction`',
  needs: 'nothing when the rows carry a `uid` or `index` is the uid; else `index` joins by dataset order',
  extensions: ['.xlsx', '.tsv', '.csv', '.json'],
  inPlace: false,
  read: (file, options) => mapItems(tableItems(file, options.detected), vlmEvalKitRecord),
};

export const genericTableAdapter: FormatAdapter = {
  name: 'generic-table',
  label: 'CSV, TSV, .xlsx or JSON array (mapped)',
  reads: 'any table of records: CSV/TSV (quoted newlines allowed), an .xlsx sheet, or a JSON array of objects',
  needs: '--id-field and --prediction-field (column names or dotted paths); --gold-field optional',
  extensions: ['.csv', '.tsv', '.xlsx', '.json'],
  inPlace: false,
  read: (file, options) => mapItems(tableItems(file, options.detected), (obj, loc) => mappedRecord(obj, loc, options.fields ?? {})),
};

/** Inspect writes `samples/<id>_epoch_<n>.json` entries; the id and epoch are read from the sample itself. */
export const inspectEvalAdapter: FormatAdapter = {
  name: 'inspect-eval',
  label: 'Inspect AI .eval log',
  reads: 'the .eval ZIP: `samples/<id>_epoch_<n>.json` (deflate or zstd), `output.completion`, `target`, attachment:// references',
  needs: 'sample ids equal to uids (Inspect datasets usually use the uid as `id`), or --id-pattern <regex>',
  extensions: ['.eval'],
  inPlace: false,
  async *read(file) {
    const zip = await ZipArchive.open(file);
    try {
      const model = await inspectModel(zip);
      for (const entry of zip.entries) {
        if (!entry.name.startsWith('samples/') || !entry.name.endsWith('.json')) continue;
        const fallback: RecordLocation = { kind: 'sample', entry: entry.name };
        let sample: unknown;
        try {
          sample = JSON.parse((await zip.read(entry.name)).toString('utf8'));
        } catch (e) {
          yield { problem: `cannot read sample: ${(e as Error).message}`, location: fallback };
          continue;
        }
        if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) {
          yield { problem: 'sample entry is not a JSON object', location: fallback };
          continue;
        }
        const s = sample as Obj;
        const location: RecordLocation = {
          kind: 'sample',
          entry: entry.name,
          sampleId: sampleIdOf(s, entry.name),
          epoch: typeof s.epoch === 'number' ? s.epoch : 1,
        };
        yield { record: inspectSampleRecord(s, location, model) };
      }
    } finally {
      await zip.close();
    }
  },
};

async function inspectModel(zip: ZipArchive): Promise<string | undefined> {
  for (const name of ['header.json', '_journal/start.json']) {
    if (!zip.has(name)) continue;
    try {
      const header = JSON.parse((await zip.read(name)).toString('utf8')) as { eval?: { model?: unknown } };
      if (typeof header.eval?.model === 'string') return header.eval.model;
    } catch {
      // The model label is optional; a damaged header still leaves the samples readable.
    }
  }
  return undefined;
}

function sampleIdOf(s: Obj, fallback: string): string | number {
  return typeof s.id === 'string' || typeof s.id === 'number' ? s.id : fallback;
}

export const inspectJsonAdapter: FormatAdapter = {
  name: 'inspect-json',
  label: 'Inspect AI .json log',
  reads: 'the JSON log: `samples[]` with `id`, `epoch`, `output`, `target`',
  needs: 'sample ids equal to uids, or --id-pattern <regex>',
  extensions: ['.json'],
  inPlace: false,
  async *read(file, options) {
    const { value } = await readsOf(file, options.detected).takeJsonDocument();
    const log = value as { samples?: unknown; eval?: { model?: unknown } };
    if (!Array.isArray(log.samples)) throw new Error('an Inspect log without samples (written with --no-log-samples?)');
    const model = typeof log.eval?.model === 'string' ? log.eval.model : undefined;
    for (let i = 0; i < log.samples.length; i++) {
      const s = log.samples[i] as unknown;
      if (s === null || typeof s !== 'object' || Array.isArray(s)) {
        yield { problem: 'sample is not a JSON object', location: { kind: 'sample', index: i } };
        continue;
      }
      const sample = s as Obj;
      const location: RecordLocation = {
        kind: 'sample',
        index: i,
        sampleId: sampleIdOf(sample, `samples[${i}]`),
        epoch: typeof sample.epoch === 'number' ? sample.epoch : 1,
      };
      yield { record: inspectSampleRecord(sample, location, model) };
    }
  },
};

export const ADAPTERS: readonly FormatAdapter[] = [
  canonicalAdapter,
  gstBenchAdapter,
  lmmsEvalAdapter,
  openAiBatchAdapter,
  geminiBatchAdapter,
  vlmEvalKitAdapter,
  inspectEvalAdapter,
  inspectJsonAdapter,
  genericJsonlAdapter,
  genericTableAdapter,
];

export function adapterByName(name: string): FormatAdapter | undefined {
  return ADAPTERS.find((a) => a.name === name);
}

export function isLineAdapter(a: FormatAdapter): a is LineAdapter {
  return a.inPlace;
}

// The file containers result formats come in: JSON lines, a JSON document, CSV/TSV, an .xlsx workbook.
// Each yields plain objects with their location, or a problem for a part that cannot be read; the adapters
// (adapters.ts) decide what the objects mean.
import { parse as parseCsv, type CsvError } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { strictUtf8Text } from '../io/utf8';
import { parseJsonWithLocation, recordLineNumbers } from '../jsonText';
import { isInvalidUtf8Line, readLineBatches, type Line } from '../results/lines';
import type { DetectedContents, RecordLocation, WorkbookSheet } from '../../shared/formats/types';
import { ZipArchive } from './zip';

export type Obj = Record<string, unknown>;
export type Item = { obj: Obj; location: RecordLocation } | { problem: string; location: RecordLocation };

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Parses one JSON lines line: an object, blank (undefined), or why not. */
export function parseJsonLine(text: string, lineNumber: number): { obj: Obj } | { problem: string } | undefined {
  const body = lineNumber === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch (e) {
    return { problem: `not valid JSON (${(e as Error).message})` };
  }
  return isObj(v) ? { obj: v } : { problem: 'not a JSON object' };
}

/** Streams a JSON lines file (64 KiB reads; memory bounded by the longest line). */
export async function* jsonLines(file: string): AsyncGenerator<Item> {
  for await (const batch of readLineBatches(file, { invalidUtf8: 'mark' })) yield* jsonLineItems(batch);
}

/** The items of lines read with `invalidUtf8: 'mark'`: a blank line gives none. */
export function* jsonLineItems(lines: readonly Line[]): Generator<Item> {
  for (const line of lines) {
    if (isInvalidUtf8Line(line)) {
      yield {
        problem: `not valid UTF-8 (byte ${line.invalidUtf8.byteInLine + 1} of the line)`,
        location: { kind: 'line', line: line.number },
      };
      continue;
    }
    const got = parseJsonLine(line.text, line.number);
    if (got) yield { ...got, location: { kind: 'line', line: line.number } };
  }
}

/** Reads a whole file as strict UTF-8 (a BOM dropped). */
export async function readUtf8(file: string): Promise<string> {
  const text = strictUtf8Text(await readFile(file));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A whole JSON document, parsed; a syntax error names its line and column. */
export async function jsonDocument(file: string): Promise<{ value: unknown; text: string }> {
  const text = await readUtf8(file);
  const parsed = parseJsonWithLocation(text);
  if (!parsed.ok) throw new Error(`not valid JSON: ${parsed.message}`);
  return { value: parsed.value, text };
}

/**
 * A file's whole-file containers, each read at most once between detecting its format and reading its records:
 * detection reads a JSON document or a workbook whole to see its first record, and the read that follows takes
 * that value instead of reading and parsing the file a second time. Made for one file's detection and read, and
 * dropped with them; a taken value is no longer held here, so only the reader keeps it alive.
 */
export class WholeFileReads implements DetectedContents {
  private document?: Promise<{ value: unknown; text: string }>;
  private sheets?: Promise<WorkbookSheet[]>;

  constructor(readonly file: string) {}

  /** For detection: the document, read on the first call and kept for the read. */
  jsonDocument(): Promise<{ value: unknown; text: string }> {
    return (this.document ??= jsonDocument(this.file));
  }

  /** For detection: the workbook's sheets, read on the first call and kept for the read. */
  workbook(): Promise<WorkbookSheet[]> {
    return (this.sheets ??= readWorkbook(this.file));
  }

  takeJsonDocument(): Promise<{ value: unknown; text: string }> {
    const got = this.jsonDocument();
    this.document = undefined;
    return got;
  }

  takeWorkbook(): Promise<WorkbookSheet[]> {
    const got = this.workbook();
    this.sheets = undefined;
    return got;
  }
}

/** `detected` when it holds `file`'s contents, else a fresh reader of `file`: a read never takes another file's. */
export function readsOf(file: string, detected: DetectedContents | undefined): DetectedContents {
  return detected?.file === file ? detected : new WholeFileReads(file);
}

/** The elements of a top-level JSON array, with the line each starts on. */
export async function* jsonArrayElements(file: string, detected?: DetectedContents): AsyncGenerator<Item> {
  const { value, text } = await readsOf(file, detected).takeJsonDocument();
  if (!Array.isArray(value)) throw new Error('not a JSON array of records');
  const lines = recordLineNumbers(text);
  for (let i = 0; i < value.length; i++) {
    const location: RecordLocation = { kind: 'element', index: i, line: lines[i] };
    const v = value[i];
    yield isObj(v) ? { obj: v, location } : { problem: 'array element is not an object', location };
  }
}

/** The field separator of delimited text: a tab when the header line has more tabs than commas. */
export function sniffDelimiter(headerLine: string): ',' | '\t' {
  let tabs = 0;
  let commas = 0;
  for (let i = 0; i < headerLine.length; i++) {
    const c = headerLine.charCodeAt(i);
    if (c === 9) tabs++;
    else if (c === 44) commas++;
  }
  return tabs > commas ? '\t' : ',';
}

/**
 * Streams CSV/TSV records keyed by the header row. Quoted fields may hold newlines, so a record's row is the
 * physical line it starts on. A malformed record is reported and skipped; the rest is read.
 */
export async function* delimitedRows(file: string, delimiter: ',' | '\t'): AsyncGenerator<Item> {
  const skippedErrors: Array<{ problem: string; location: RecordLocation }> = [];
  const parser = createReadStream(file).pipe(
    parseCsv({
      delimiter,
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim()),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  parser.on('skip', (err: CsvError) =>
    skippedErrors.push({
      problem: `unreadable record: ${err.message}`,
      location: { kind: 'row', row: (err as CsvError & { lines?: number }).lines ?? 0 },
    }),
  );
  let previousEnd = 1; // the header's last line
  for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    while (skippedErrors.length > 0) yield skippedErrors.shift()!;
    const row = previousEnd + 1;
    previousEnd = item.info.lines;
    yield { obj: item.record, location: { kind: 'row', row } };
  }
  while (skippedErrors.length > 0) yield skippedErrors.shift()!;
}

/**
 * The rows of an .xlsx workbook's first sheet (or the named one), keyed by its header row. The workbook is read
 * whole: prediction sheets are a few MB. Numbers are kept as the text the cell stores, so ids stay exact.
 */
export async function* xlsxRows(file: string, sheetName?: string, detected?: DetectedContents): AsyncGenerator<Item> {
  const sheets = await readsOf(file, detected).takeWorkbook();
  const sheet = sheetName === undefined ? sheets[0] : sheets.find((s) => s.sheet === sheetName);
  if (!sheet)
    throw new Error(
      sheetName === undefined
        ? 'the workbook has no sheet'
        : `no sheet named "${sheetName}" (sheets: ${sheets.map((s) => s.sheet).join(', ')})`,
    );
  const [header, ...rows] = sheet.data;
  if (!header) return;
  const names = header.map((h) => (h === null ? '' : String(h).trim()));
  for (let i = 0; i < rows.length; i++) {
    const obj: Obj = {};
    let empty = true;
    rows[i].forEach((cell, c) => {
      if (!names[c] || cell === null) return;
      empty = false;
      // Defined, not assigned: a column headed "__proto__" is then kept as data (an assignment of a primitive
      // to `__proto__` is silently ignored, and the column lost).
      Object.defineProperty(obj, names[c], {
        value: cell instanceof Date ? cell.toISOString() : cell,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    if (!empty) yield { obj, location: { kind: 'row', row: i + 2, sheet: sheet.sheet } };
  }
}

/**
 * The workbook reader inflates the whole workbook in memory, so one whose entries would inflate past this is
 * refused before it is read (a decompression bomb, or a sheet far larger than any prediction file).
 */
export const XLSX_MAX_INFLATED_BYTES = 1024 * 1024 * 1024;

/** Every sheet of a workbook, its numbers kept as the text the cells store (so ids stay exact). */
async function readWorkbook(file: string): Promise<WorkbookSheet[]> {
  await refuseOversizedWorkbook(file);
  // Loaded when a workbook is read: its zip and XML libraries otherwise cost every CLI command's start a few ms.
  const { default: readXlsxFile } = await import('read-excel-file/node');
  return readXlsxFile(file, { trim: false, parseNumber: (s: string) => s });
}

async function refuseOversizedWorkbook(file: string): Promise<void> {
  const zip = await ZipArchive.open(file);
  const inflated = zip.entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  await zip.close();
  if (inflated > XLSX_MAX_INFLATED_BYTES) {
    throw new Error(
      `the workbook would inflate to ${Math.round(inflated / 2 ** 20)} MiB, more than the ${XLSX_MAX_INFLATED_BYTES / 2 ** 20} MiB an .xlsx is read into; export the sheet as TSV or CSV, which stream`,
    );
  }
}

/** The header row of an .xlsx workbook's first sheet, for detection; the workbook stays in `reads` for the read. */
export async function xlsxHeader(reads: WholeFileReads): Promise<string[]> {
  const header = (await reads.workbook())[0]?.data[0] ?? [];
  return header.map((h) => (h === null ? '' : String(h).trim())).filter((name) => name !== '');
}

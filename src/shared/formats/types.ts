// The shape every result-file adapter produces: records with an id as the file writes it, the raw model output,
// and where the record lives, before the ids are joined to the dataset's uids (join.ts).

/** Where a record lives in its file: for "open source" and for Problems. */
export type RecordLocation =
  /** A JSON lines file: 1-based line. */
  | { kind: 'line'; line: number }
  /** A spreadsheet or CSV/TSV record: 1-based physical row (for CSV, the line the record starts on). */
  | { kind: 'row'; row: number; sheet?: string }
  /** An element of a JSON array (0-based), with the line its object starts on. */
  | { kind: 'element'; index: number; line?: number }
  /** A sample of an Inspect log: the archive entry (for .eval) or the samples array index (for .json); id and epoch once read. */
  | { kind: 'sample'; entry?: string; index?: number; sampleId?: string | number; epoch?: number };

/** How an id field relates to the dataset's uids; decides the join rule. */
export type IdRole =
  /** A GST-Bench uid by construction (`uid` fields). */
  | 'uid'
  /** A position in the dataset's order (lmms-eval `doc_id`; VLMEvalKit `index` when it is no uid). */
  | 'row-index'
  /** A request name chosen by whoever built the batch (`custom_id`, `key`): a uid only if they made it one. */
  | 'request-id'
  /** Anything else (Inspect sample ids, a user's id column). */
  | 'other';

export interface ResultRecord {
  /** The id as written (strings and integers both occur); null when the record has none. */
  id: string | number | null;
  /** The field the id came from, for messages. */
  idField: string;
  idRole: IdRole;
  /** The raw model output; null when the record has none (a failed batch request, a missing field). */
  prediction: string | null;
  /** Why there is no prediction, when the file says (a batch error, an HTTP status). */
  predictionError?: string;
  /** The gold answer as the file writes it, when it does. */
  gold?: string;
  /** The question or prompt text the file copied, to check a positional join. */
  questionText?: string;
  model?: string;
  location: RecordLocation;
}

/** The user's per-file mapping for generic files (dotted paths for JSON, column names for sheets). */
export interface FieldMap {
  id?: string;
  /** `uid` when the id field holds dataset uids (the CLI's --uid-field), else joined by the join rules (--id-field). */
  idRole?: 'uid' | 'other';
  prediction?: string;
  gold?: string;
}

/** How a record's id was joined to a dataset uid (join.ts). */
export type JoinRule = 'uid' | 'request-file' | 'id-pattern' | 'position-checked' | 'position-unchecked';

export type FormatName =
  | 'canonical'
  | 'gst-bench'
  | 'lmms-eval'
  | 'openai-batch'
  | 'gemini-batch'
  | 'vlmevalkit'
  | 'inspect-eval'
  | 'inspect-json'
  | 'generic-jsonl'
  | 'generic-table';

export interface ReadOptions {
  fields?: FieldMap;
  /** What detecting the format already read of the file whole, for the read to take instead of reading it again. */
  detected?: DetectedContents;
}

/** One sheet of a workbook as read: its name and its rows of cells (null for an empty cell). */
export interface WorkbookSheet {
  sheet: string;
  data: unknown[][];
}

/**
 * A file's whole-file containers (a JSON document, a workbook's sheets), each read at most once: detection reads
 * one to find the format, and the read that follows takes it. Made by core/formats (`WholeFileReads`).
 */
export interface DetectedContents {
  /** The file it holds the contents of. */
  readonly file: string;
  /** The parsed JSON document, read now unless detection read it; the holder keeps no reference after this. */
  takeJsonDocument(): Promise<{ value: unknown; text: string }>;
  /** The workbook's sheets, read now unless detection read them; the holder keeps no reference after this. */
  takeWorkbook(): Promise<WorkbookSheet[]>;
}

export interface FormatAdapter {
  name: FormatName;
  label: string;
  /** What the adapter reads, one line. */
  reads: string;
  /** What it needs from the user, if anything. */
  needs: string;
  /** File name endings that hint at this format (lower case, with the dot). */
  extensions: readonly string[];
  /** True for JSON lines formats: rescored in place. Others get a sidecar. */
  inPlace: boolean;
  /** Streams the file's records. Throws only when the file as a whole cannot be read. */
  read(file: string, options: ReadOptions): AsyncIterable<RecordOrProblem>;
}

/** A record, or a part of the file that could not be read as one (reported with its location, reading goes on). */
export type RecordOrProblem = { record: ResultRecord } | { problem: string; location: RecordLocation };

/** A short human form of a location: `line 3`, `Sheet1 row 5`, `samples/3_epoch_1.json (id 3, epoch 1)`. */
export function formatLocation(loc: RecordLocation): string {
  switch (loc.kind) {
    case 'line':
      return `line ${loc.line}`;
    case 'row':
      return loc.sheet !== undefined ? `${loc.sheet} row ${loc.row}` : `row ${loc.row}`;
    case 'element':
      return `element ${loc.index}${loc.line !== undefined ? ` (line ${loc.line})` : ''}`;
    case 'sample': {
      const where = loc.entry ?? `samples[${loc.index}]`;
      return loc.sampleId === undefined ? where : `${where} (id ${loc.sampleId}, epoch ${loc.epoch ?? 1})`;
    }
  }
}

/** The line a location stands on, for Problems: a line, a row, else undefined. */
export function locationLine(loc: RecordLocation): number | undefined {
  return loc.kind === 'line' ? loc.line : loc.kind === 'row' ? loc.row : loc.kind === 'element' ? loc.line : undefined;
}

import { open, realpath, type FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import type { Dataset } from '../dataset/question';
import {
  AtomicReplacement,
  blockingWriteChunk,
  checkUnchanged,
  FileChangedError,
  identityFromStats,
  removeStaleTemps,
  type AtomicReplaceOptions,
  type ReplacementUndo,
} from '../io/atomicWrite';
import { spacedAfterColon, topLevelProperties } from '../jsonText';
import { parsedToJson, type ParsedJson } from '../../shared/parsing/parsedValue';
import { ScoreAccumulator } from '../../shared/scoring/aggregate';
import { isSubtaskKey } from '../../shared/subtasks';
import { EvaluationBuilder, toSummary, type EvaluateOptions, type Evaluation, type Summary } from './evaluation';
import { readLineChunks, splitLines, type Line, type LineChunk } from './lines';
import { OWNED_FIELDS, type LineOutcome } from './scoreLine';
import { scoreDetailJson, scoreDetailText, type ScoreDetailJson } from './parseDetail';
import { SlotScores } from './questionSlots';

export interface RescoreReport extends Summary {
  /** Overall computed from the `score` values the file held before, or null if it held none. */
  overallBefore: number | null;
  /** Scored lines whose `score` value changed (including lines that had none). */
  changed: number;
  /** Scored lines that held no numeric `score` before (a first rescore adds the owned fields to them). */
  added: number;
  /** Lines whose numeric `score` changed, in file order; at most MAX_CHANGED_LINES_LISTED of them. */
  changedLines: ChangedLine[];
}

export interface ChangedLine {
  line: number;
  uid: string;
  before: number;
  after: number;
}

/** Why a rescore left its file untouched (`rewritten` false), in the CLI's words and the notification's alike. */
export function untouchedReason(r: Pick<RescoreReport, 'scored' | 'skipped'>): string {
  if (r.scored === 0) return 'no line could be scored';
  return r.skipped > 0 ? 'every scored line already held its current scores' : 'every line already held its current scores';
}

/** Enough to show where a rescore changed scores without holding a list as long as a whole file. */
export const MAX_CHANGED_LINES_LISTED = 1000;

export interface RescoreOptions extends EvaluateOptions {
  /** Checked between lines; when it returns true the rescore stops and nothing is written. */
  isCancelled?: () => boolean;
  /** Called as the work advances (per read batch for files, every 1,000 lines for text) with the fraction done. */
  onProgress?: (fraction: number, linesDone: number) => void;
}

export class RescoreCancelled extends Error {
  constructor() {
    super('rescore cancelled; nothing was written');
  }
}

type OwnedValues = Record<(typeof OWNED_FIELDS)[number], unknown>;

/** One replacement in a line's text: characters [start, end) become `text`. */
interface LineEdit {
  start: number;
  end: number;
  text: string;
}

const NO_EDITS: readonly LineEdit[] = [];

/**
 * How to rewrite one scored line: replace or insert only the owned fields, keeping every other byte. Returns the
 * edits in ascending order, none when the line stays as it is. `record` is the line already parsed; `members`
 * writes the owned members' JSON (in the line's style) for an insertion.
 */
function ownedFieldEdits<T extends OwnedValues>(
  text: string,
  owned: T,
  record: Record<string, unknown>,
  members: (owned: T, spaced: boolean) => string,
): readonly LineEdit[] {
  let held = 0;
  for (const k of OWNED_FIELDS) if (Object.prototype.hasOwnProperty.call(record, k)) held++;
  // Common case, a repeat rescore: the line already holds each owned value, in whatever spelling and place.
  if (held === OWNED_FIELDS.length && holdsCurrentValues(text, record, owned)) return NO_EDITS;
  // Follow the line's own style: `"k": v, ` when its first member has a space after the colon, else compact.
  const spaced = spacedAfterColon(text);
  const sep = spaced ? ', ' : ',';
  if (held === 0) {
    // Common case, a first rescore: one insertion before the closing brace.
    let before = text.lastIndexOf('}');
    while (before > 0 && isSpace(text.charCodeAt(before - 1))) before--;
    return [{ start: before, end: before, text: `${text.charCodeAt(before - 1) === 0x7b /* { */ ? '' : sep}${members(owned, spaced)}` }];
  }
  const edits: LineEdit[] = [];
  const present = new Set<string>();
  for (const p of topLevelProperties(text)) {
    if (!(OWNED_FIELDS as readonly string[]).includes(p.key)) continue;
    present.add(p.key);
    const next = owned[p.key as keyof OwnedValues];
    // Keep the user's spelling of an equal value (`1.0` for 1): a second rescore changes nothing.
    // Each occurrence is compared on its own literal, so a duplicated key is fixed everywhere.
    if (JSON.stringify(JSON.parse(text.slice(p.valueStart, p.valueEnd))) === JSON.stringify(next)) continue;
    edits.push({ start: p.valueStart, end: p.valueEnd, text: ownedJson(next, spaced) });
  }
  const missing = OWNED_FIELDS.filter((k) => !present.has(k));
  if (missing.length > 0) {
    let before = text.lastIndexOf('}');
    while (before > 0 && isSpace(text.charCodeAt(before - 1))) before--;
    const inserted = missing.map((k) => `"${k}"${spaced ? ': ' : ':'}${ownedJson(owned[k], spaced)}`).join(sep);
    edits.push({ start: before, end: before, text: sep + inserted });
  }
  return edits.sort((x, y) => x.start - y.start);
}

/** `text` with `edits` (ascending, not overlapping) applied. */
function applyEdits(text: string, edits: readonly LineEdit[]): string {
  if (edits.length === 0) return text;
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * The chunk's bytes with each line's edits applied. In an ASCII chunk a character offset is a byte offset, so
 * the bytes no edit touches are copied as they are, without decoding or encoding them again. The result is
 * written into `scratch`, grown when needed (a view of it is returned), so that it must be used before the next call.
 */
function spliceAsciiChunk(chunk: LineChunk, editsOf: (line: Line) => readonly LineEdit[], scratch: { buffer: Buffer }): Buffer {
  const at: number[] = [];
  const replaced: LineEdit[] = [];
  // At least the spliced size: a UTF-16 code unit is at most 3 bytes of UTF-8. An upper bound, not the exact size,
  // so that no edit's text is measured (a call into C++ each, as long as writing it).
  let bound = chunk.bytes.length;
  let lineStart = 0;
  for (const line of chunk.lines) {
    for (const e of editsOf(line)) {
      at.push(lineStart);
      replaced.push(e);
      bound += 3 * e.text.length - (e.end - e.start);
    }
    lineStart += line.text.length + line.eol.length;
  }
  if (replaced.length === 0) return chunk.bytes;
  // Fresh memory costs a page fault per page on first write: reuse one buffer across chunks.
  if (scratch.buffer.length < bound) scratch.buffer = Buffer.allocUnsafe(Math.max(bound, 2 * scratch.buffer.length));
  const out = scratch.buffer;
  let written = 0;
  let copied = 0;
  for (let k = 0; k < replaced.length; k++) {
    const e = replaced[k];
    written += chunk.bytes.copy(out, written, copied, at[k] + e.start);
    // Never cut short: the buffer has room for the bound.
    written += out.write(e.text, written);
    copied = at[k] + e.end;
  }
  written += chunk.bytes.copy(out, written, copied);
  return out.subarray(0, written);
}

/** The owned values of a scored line, as the scorer makes them. */
interface ScoredValues {
  parsed: ParsedJson;
  score: number;
  score_detail: ScoreDetailJson;
}

/** `"parsed":…,"score":…,"score_detail":…` in the line's style, as an insertion writes them. */
function scoredMembers(owned: ScoredValues, spaced: boolean): string {
  const colon = spaced ? ': ' : ':';
  const sep = spaced ? ', ' : ',';
  const p = owned.parsed;
  const parsed = Array.isArray(p) ? `[${numberJson(p[0])}${sep}${numberJson(p[1])}]` : ownedJson(p, spaced);
  // Keys in the order scoreDetailJson creates them, which is the order JSON.stringify would write.
  const detail = scoreDetailText(owned.score_detail, colon, sep, numberJson);
  return `"parsed"${colon}${parsed}${sep}"score"${colon}${numberJson(owned.score)}${sep}"score_detail"${colon}${detail}`;
}

/** What JSON.stringify writes for a number, without its overhead. */
export function numberJson(v: number): string {
  if (!Number.isFinite(v)) return 'null';
  if (Number.isInteger(v)) return String(v); // V8 keeps the text of small integers already
  // A fraction's shortest decimal text costs about 90 ns; the scores and details of a file repeat a few hundred
  // values (thirds, fifths, tenths), so each is written once. Map keys treat -0 as 0, and both write "0".
  let text = FRACTION_TEXT.get(v);
  if (text === undefined) {
    if (FRACTION_TEXT.size >= MAX_FRACTION_TEXTS) FRACTION_TEXT.clear();
    FRACTION_TEXT.set(v, (text = String(v)));
  }
  return text;
}
const FRACTION_TEXT = new Map<number, string>();
/** Bounds the memory of `numberJson` whatever a file's values. */
const MAX_FRACTION_TEXTS = 4096;

/**
 * True when `record` (the line `text` parsed) holds each owned key with `owned`'s value, the quoted name of each
 * occurs exactly once anywhere in `text`, and `text` has no `\u` escape that could spell a name another way. Then
 * that one occurrence is the record's own member, the only one the slow path would look at, and its value
 * JSON-stringifies as the new value does: the slow path would keep the line as it is. A name found again (a
 * duplicate, a nested key, a string value) sends the line to the slow path. Building and comparing the members'
 * text instead took longer than the rest of a repeat line.
 */
function holdsCurrentValues(text: string, record: Record<string, unknown>, owned: OwnedValues): boolean {
  for (const k of OWNED_FIELDS) if (!sameJson(record[k], owned[k])) return false;
  if (text.includes('\\u')) return false;
  for (const name of QUOTED_OWNED_FIELDS) if (!occursOnce(text, name)) return false;
  return true;
}

/** `"parsed"`, `"score"`, `"score_detail"`: each owned key as its name is written in a line without escapes. */
const QUOTED_OWNED_FIELDS = OWNED_FIELDS.map((k) => `"${k}"`);

function occursOnce(text: string, needle: string): boolean {
  const at = text.indexOf(needle);
  return at !== -1 && text.indexOf(needle, at + needle.length) === -1;
}

/**
 * Whether JSON values `a` and `b` are equal with their object keys in the same order, so that JSON.stringify
 * writes them alike. Recurses only as deep as both are nested: `b`, an owned value, is at most two levels.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true; // numbers (0 and -0 both write "0"), strings, booleans, null
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const k = aKeys[i];
    if (k !== bKeys[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** JSON of an owned value; objects get a space after colons and commas in a spaced line. */
function ownedJson(v: unknown, spaced: boolean): string {
  if (typeof v === 'number') return numberJson(v);
  return spaced && v !== null && typeof v === 'object' ? spacedJson(v) : JSON.stringify(v);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** JSON on one line with a space after each colon and comma: {"error": 1, "passed": 2}. */
function spacedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(spacedJson).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${spacedJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
}

/** Rescoring state shared by the text and the streaming file entry points. */
class Rescorer {
  private readonly builder: EvaluationBuilder;
  /** The `score` each question held before, last line wins (as in the evaluation). */
  private readonly before: SlotScores;
  private changed = 0;
  private added = 0;
  private readonly changedLines: ChangedLine[] = [];
  private edited = false;

  constructor(
    dataset: Dataset,
    file: string,
    private readonly options: RescoreOptions,
  ) {
    this.builder = new EvaluationBuilder(dataset, file, options);
    this.before = new SlotScores(dataset);
  }

  /** The line's new text, with its ending. */
  process(line: Line): string {
    return applyEdits(line.text, this.edits(line)) + line.eol;
  }

  /** The edits that rewrite the line (none for a line that is not scored or already current). */
  edits(line: Line): readonly LineEdit[] {
    if (this.options.isCancelled?.()) throw new RescoreCancelled();
    const out: LineOutcome = this.builder.addLine(line);
    if (out.status !== 'scored') return NO_EDITS;
    const old = out.record.score;
    if (typeof old === 'number') this.before.record(out.question, line.number, old, out.record.parsed === null);
    if (old !== out.result.score) this.changed++;
    if (typeof old !== 'number') this.added++;
    else if (old !== out.result.score && this.changedLines.length < MAX_CHANGED_LINES_LISTED) {
      this.changedLines.push({ line: line.number, uid: out.uid, before: old, after: out.result.score });
    }
    const owned: ScoredValues = {
      parsed: parsedToJson(out.parse.parsed),
      score: out.result.score,
      score_detail: scoreDetailJson(out.result.detail, out.parse),
    };
    const edits = ownedFieldEdits(line.text, owned, out.record, scoredMembers);
    if (edits.length > 0) this.edited = true;
    return edits;
  }

  /** Whether some line's bytes changed: when none did, the file already holds what a rewrite would write. */
  get rewrites(): boolean {
    return this.edited;
  }

  report(): { report: RescoreReport; evaluation: Evaluation } {
    const evaluation = this.builder.finish();
    const before = new ScoreAccumulator();
    this.before.forEach((q, score, unparsed) => {
      if (isSubtaskKey(q.subtask)) before.add(q.subtask, score, unparsed);
    });
    return {
      evaluation,
      report: {
        ...toSummary(evaluation),
        overallBefore: this.before.any ? before.overall() : null,
        changed: this.changed,
        added: this.added,
        changedLines: this.changedLines,
      },
    };
  }
}

/** Rescores result text, e.g. an editor buffer. Returns the new text; bytes outside owned fields are kept. */
export function rescoreText(
  dataset: Dataset,
  file: string,
  text: string,
  options: RescoreOptions,
): { text: string; report: RescoreReport; evaluation: Evaluation } {
  const r = new Rescorer(dataset, file, options);
  const steps = rescoreSteps(r, text, options, 1000);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return { text: step.value, ...r.report() };
}

/**
 * The same as `rescoreText`, but it yields to the event loop every `linesPerSlice` lines, so that a
 * Cancel button (checked through `isCancelled`) and progress reports work while a long buffer is rescored.
 */
export async function rescoreTextInSlices(
  dataset: Dataset,
  file: string,
  text: string,
  options: RescoreOptions & { linesPerSlice?: number },
): Promise<{ text: string; report: RescoreReport; evaluation: Evaluation }> {
  const r = new Rescorer(dataset, file, options);
  const steps = rescoreSteps(r, text, options, options.linesPerSlice ?? 2000);
  let step = steps.next();
  while (!step.done) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    step = steps.next();
  }
  return { text: step.value, ...r.report() };
}

/** Rescores text line by line, pausing (and reporting progress) every `slice` lines; returns the new text. */
function* rescoreSteps(r: Rescorer, text: string, options: RescoreOptions, slice: number): Generator<void, string> {
  const parts: string[] = [];
  let consumed = 0;
  for (const line of splitLines(text)) {
    parts.push(r.process(line));
    consumed += line.text.length + line.eol.length;
    if (line.number % slice === 0) {
      options.onProgress?.(consumed / text.length, line.number);
      yield;
    }
  }
  return parts.join('');
}

/** A file the rescore will not write, for a reason the user can act on; nothing was written. */
export class RescoreRefused extends Error {
  readonly code = 'ERESCOREREFUSED';
}

/**
 * The replacement's own options, passed on as given: the write and flush primitives and the bytes between flushes
 * (fault-injection tests), and `keepPrevious`, so the caller can undo the rescore (`undoReplacement`) or drop it.
 */
type ReplacementOptions = Pick<AtomicReplaceOptions, 'writeChunk' | 'flush' | 'flushEveryBytes' | 'keepPrevious'>;

export interface RescoreFileOptions extends RescoreOptions, ReplacementOptions {
  dryRun?: boolean;
  /**
   * Read and write with blocking calls, the event loop turning between slices (`ReadLinesOptions.blocking`): for a
   * process with nothing else to do on its thread, the CLI. The extension host keeps the default.
   */
  blockingIo?: boolean;
}

/**
 * Rescores a result file in place, streaming: from the first line that changes, lines go to a temporary file in
 * the same folder, which replaces the original by rename only if the original is still the file that was read
 * (same device, inode, size, mtime and ctime). On any error, cancellation or concurrent change the original is
 * untouched. A file whose every line already holds its owned fields as they would be written is only read and not
 * replaced (`rewritten` false): its bytes, inode and times stay as they were.
 */
export async function rescoreFile(
  dataset: Dataset,
  file: string,
  options: RescoreFileOptions,
): Promise<{ report: RescoreReport; evaluation: Evaluation; rewritten: boolean; undo?: ReplacementUndo }> {
  const abs = await realpath(path.resolve(file)); // a symlink is followed, not replaced
  const source = await open(abs, 'r');
  try {
    const before = await source.stat({ bigint: true });
    if (!before.isFile()) throw new RescoreRefused(`${abs} is not a regular file`);
    const size = Number(before.size);
    let consumed = 0;
    let linesDone = 0;
    const progress = (chunk: LineChunk) => {
      consumed += chunk.bytes.length;
      linesDone += chunk.lines.length;
      options.onProgress?.(size > 0 ? Math.min(1, consumed / size) : 1, linesDone);
    };
    const r = new Rescorer(dataset, abs, options);
    if (options.dryRun) {
      for await (const chunk of readLineChunks(abs, { handle: source, blocking: options.blockingIo })) {
        for (const line of chunk.lines) r.edits(line);
        progress(chunk);
      }
      return { ...r.report(), rewritten: false };
    }
    refuseUnsafeTarget(abs, before);
    await removeStaleTemps(abs);
    const expect = identityFromStats(before);
    // No temp file until a line changes: the lines before it are the file's own bytes, copied from it then, and
    // a file none of whose lines change (a repeat rescore) is only read.
    let out: AtomicReplacement | undefined;
    let unchangedBytes = 0;
    // A chunk is scored while the one before it is written: two buffers for the spliced bytes, taken in turn, and
    // a buffer is spliced into only once the write that used it (two chunks back) has completed.
    const scratches = [{ buffer: Buffer.alloc(0) }, { buffer: Buffer.alloc(0) }];
    let writing: Promise<void> | undefined;
    let spliced = 0;
    try {
      for await (const chunk of readLineChunks(abs, { handle: source, blocking: options.blockingIo })) {
        let bytes: Buffer;
        if (chunk.ascii) bytes = spliceAsciiChunk(chunk, (line) => r.edits(line), scratches[spliced++ % 2]);
        else {
          // One join per batch: cheaper to flatten and encode than a string grown line by line. A batch no edit
          // touches is its own bytes: they were decoded strictly, so encoding the text would only give them back.
          const parts: string[] = [];
          let edited = false;
          for (const line of chunk.lines) {
            const edits = r.edits(line);
            edited ||= edits.length > 0;
            parts.push(applyEdits(line.text, edits) + line.eol);
          }
          bytes = edited ? Buffer.from(parts.join('')) : chunk.bytes;
        }
        progress(chunk);
        if (!out) {
          if (!r.rewrites) {
            unchangedBytes += chunk.bytes.length;
            continue;
          }
          out = await AtomicReplacement.begin(abs, {
            expect,
            mode: Number(before.mode) & 0o7777,
            owner: { uid: Number(before.uid), gid: Number(before.gid) },
            writeChunk: options.writeChunk ?? (options.blockingIo ? blockingWriteChunk : undefined),
            flush: options.flush,
            flushEveryBytes: options.flushEveryBytes,
            keepPrevious: options.keepPrevious,
          });
          await copyPrefix(source, abs, unchangedBytes, out);
        }
        await writing;
        writing = out.write(bytes);
        // Its failure is thrown by the next `await writing`; until then it is not an unhandled rejection.
        writing.catch(() => undefined);
      }
      await writing;
    } catch (e) {
      await writing?.catch(() => undefined); // the temp file is closed only once no write is in flight
      await out?.abort();
      throw e;
    }
    if (!out) {
      // Nothing to write; but a file another writer changed meanwhile is reported, as a commit would report it.
      await checkUnchanged(abs, expect);
      return { ...r.report(), rewritten: false };
    }
    await out.commit();
    return { ...r.report(), rewritten: true, ...(out.undo ? { undo: out.undo } : {}) };
  } finally {
    await source.close();
  }
}

/** Bytes per read when the unchanged start of a file is copied into its replacement. */
const PREFIX_COPY_BYTES = 1 << 20;

/**
 * Writes the first `length` bytes of `source` to `out`. A file that no longer has them changed since it was read;
 * any other change to them is caught by the commit's identity check.
 */
async function copyPrefix(source: FileHandle, file: string, length: number, out: AtomicReplacement): Promise<void> {
  const buffer = Buffer.allocUnsafe(Math.min(length, PREFIX_COPY_BYTES));
  for (let done = 0; done < length;) {
    const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, length - done), done);
    if (bytesRead === 0) throw new FileChangedError(file);
    await out.write(buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
}

/**
 * A read-only file is one its owner marked so: replacing it behind their back would be a surprise, even for
 * root. A hard-linked file would be split in two by a rename (the other names keep the old bytes).
 */
function refuseUnsafeTarget(abs: string, s: { mode: bigint; nlink: bigint }): void {
  if ((Number(s.mode) & 0o222) === 0) {
    throw new RescoreRefused(
      `${abs} is read-only (mode ${(Number(s.mode) & 0o7777).toString(8).padStart(4, '0')}); make it writable to rescore it`,
    );
  }
  if (s.nlink > 1n) {
    throw new RescoreRefused(
      `${abs} has ${s.nlink} hard links; a rescore would split them (the other names would keep the old scores). Rescore a copy instead`,
    );
  }
}

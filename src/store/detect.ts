// Finds GST-Bench datasets and result files in workspace folders. Bounded in depth and time, skips
// node_modules and dot-folders, and never opens media: it lists folders, stats question.json files and
// reads only the first line of .jsonl files.
import { statSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { SETTINGS } from '../ids';
import { classifyLineObject, DEFAULT_FIELDS, getPath, QUESTION_FILE, SIDECAR_SUFFIX, SUMMARY_FILE, type FieldMapping } from '../core';

export interface DetectLimits {
  maxDepth: number;
  maxMillis: number;
  firstLineBytes: number;
  maxJsonlFiles: number;
}

/** Limits of one detection pass: bounded in depth and time, so a large workspace cannot stall activation. */
export const DETECT_LIMITS: Readonly<DetectLimits> = {
  /** Folder levels below a workspace folder. */
  maxDepth: 4,
  /** Wall-clock budget of one pass over all workspace folders. */
  maxMillis: 2000,
  /** Bytes read from the start of a .jsonl file to find its first line. */
  firstLineBytes: 256 * 1024,
  /** .jsonl files opened per pass; the setting SETTINGS.detectionMaxJsonlFiles overrides it (package.json: the same default). */
  maxJsonlFiles: 200,
};

/** The setting's bounds: at least one file, and not so many that a search could hold the host for long. */
export const MAX_JSONL_FILES_RANGE = { min: 1, max: 10_000 } as const;

/** Which limit stopped a pass early. */
export type DetectionStop = 'time' | 'jsonlFiles';

export const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

export interface Detected {
  datasets: string[];
  results: string[];
  /** The limit that stopped the search early, or null when it looked everywhere it goes. */
  stoppedBy: DetectionStop | null;
}

export async function detectInFolders(
  folders: readonly string[],
  fields: FieldMapping,
  limits: Readonly<DetectLimits> = DETECT_LIMITS,
): Promise<Detected> {
  const deadline = Date.now() + limits.maxMillis;
  const out: Detected = { datasets: [], results: [], stoppedBy: null };
  let jsonlOpened = 0;

  const walk = async (dir: string, depth: number): Promise<void> => {
    if (Date.now() > deadline) {
      out.stoppedBy ??= 'time';
      return;
    }
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    const files = entries.filter((e) => e.isFile());
    const dirs = entries.filter((e) => e.isDirectory() && !SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.'));
    if (files.some((f) => f.name === QUESTION_FILE)) return; // a sample folder: only media below
    let isDataset = files.some((f) => f.name === SUMMARY_FILE);
    const samples = new Set<string>();
    // One synchronous stat per folder, in slices: 2,772 awaited stats through the thread pool took 150-220 ms
    // before the dataset's read could start; these take a few milliseconds per slice.
    for (let start = 0; start < dirs.length; start += FOLDERS_PER_SLICE) {
      if (Date.now() > deadline) {
        out.stoppedBy ??= 'time';
        break;
      }
      for (const d of dirs.slice(start, start + FOLDERS_PER_SLICE)) {
        if (isFile(path.join(dir, d.name, QUESTION_FILE))) {
          samples.add(d.name);
          isDataset = true;
        }
      }
      if (start + FOLDERS_PER_SLICE < dirs.length) await new Promise((resolve) => setImmediate(resolve));
    }
    if (isDataset) out.datasets.push(dir);
    for (const f of files) {
      if (!f.name.toLowerCase().endsWith('.jsonl')) continue;
      if (f.name.endsWith(SIDECAR_SUFFIX)) continue; // a rescore's sidecar: its source file's row shows it
      if (jsonlOpened >= limits.maxJsonlFiles) {
        out.stoppedBy ??= 'jsonlFiles';
        break;
      }
      if (Date.now() > deadline) {
        out.stoppedBy ??= 'time';
        break;
      }
      jsonlOpened++;
      const file = path.join(dir, f.name);
      if (await looksLikeResultFile(file, fields, limits.firstLineBytes)) out.results.push(file);
    }
    if (depth >= limits.maxDepth) return;
    for (const d of dirs) if (!samples.has(d.name)) await walk(path.join(dir, d.name), depth + 1);
  };

  for (const folder of folders) await walk(folder, 0);
  return out;
}

/** What to tell the user when a pass stopped early, or undefined when it did not. */
export function detectionStoppedMessage(
  found: Pick<Detected, 'stoppedBy'>,
  limits: Readonly<DetectLimits> = DETECT_LIMITS,
): string | undefined {
  if (found.stoppedBy === 'jsonlFiles')
    return `GST-Bench: the workspace search opened ${limits.maxJsonlFiles} .jsonl files (setting ${SETTINGS.detectionMaxJsonlFiles}) and stopped, so result files after those are not loaded. Raise the limit, or load them with Load Result File.`;
  if (found.stoppedBy === 'time')
    return `GST-Bench: the workspace search stopped after ${limits.maxMillis / 1000} s, so datasets and result files it did not reach are not loaded. Open them with Open Dataset Folder and Load Result File.`;
  return undefined;
}

/** The pass's limits with the setting's file count, when it is a whole number in range; else the default. */
export function detectLimitsWith(n: unknown): Readonly<DetectLimits> {
  const ok = typeof n === 'number' && Number.isInteger(n) && n >= MAX_JSONL_FILES_RANGE.min && n <= MAX_JSONL_FILES_RANGE.max;
  return ok ? { ...DETECT_LIMITS, maxJsonlFiles: n } : DETECT_LIMITS;
}

/** Folders whose question.json is looked for between turns of the event loop. */
const FOLDERS_PER_SLICE = 512;

function isFile(p: string): boolean {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/** Bytes read first when looking for a file's first line; a longer line grows the read fourfold, up to the budget. */
const FIRST_READ_BYTES = 16 * 1024;

/**
 * The file's first non-blank line as text, or undefined when the file has none or it does not end within `maxBytes`.
 * Reads a small head first: a result line is a few hundred bytes, and reading and decoding 256 KB of each of
 * 100 files was most of a detection pass.
 */
export async function readFirstLine(file: string, maxBytes: number): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(Math.min(FIRST_READ_BYTES, maxBytes));
    let filled = 0;
    let lineStart = 0;
    let scanned = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, filled, buf.length - filled, filled);
      filled += bytesRead;
      const atEnd = bytesRead === 0;
      // Blank lines before the first line are skipped, as the readers skip them.
      for (;;) {
        const newline = buf.subarray(0, filled).indexOf(0x0a, scanned);
        const lineEnd = newline === -1 ? (atEnd ? filled : -1) : newline;
        if (lineEnd === -1) {
          scanned = filled;
          break;
        }
        const text = buf.toString('utf8', lineStart, lineEnd);
        const line = lineStart === 0 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        if (line.trim() !== '') return line;
        if (newline === -1) return undefined;
        lineStart = scanned = newline + 1;
      }
      if (atEnd) return undefined;
      if (filled < buf.length) continue;
      if (buf.length >= maxBytes) return undefined; // the first line is longer than the budget
      const grown = Buffer.allocUnsafe(Math.min(buf.length * 4, maxBytes));
      buf.copy(grown, 0, 0, filled);
      buf = grown;
    }
  } finally {
    await handle.close();
  }
}

/** True when the file's first non-blank line is a JSON object with a uid and a prediction (under the field mapping). */
export async function looksLikeResultFile(
  file: string,
  fields: FieldMapping,
  maxBytes: number = DETECT_LIMITS.firstLineBytes,
): Promise<boolean> {
  try {
    const first = await readFirstLine(file, maxBytes);
    if (first === undefined) return false;
    const record: unknown = JSON.parse(first);
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
    const uid = getPath(record, fields.uidField);
    const prediction = getPath(record, fields.predictionField);
    if ((typeof uid === 'string' || typeof uid === 'number') && (typeof prediction === 'string' || typeof prediction === 'number'))
      return true;
    // With the default fields, other harnesses' JSON lines count too (lmms-eval, batch output, GST-Bench scripts).
    const defaults = fields.uidField === DEFAULT_FIELDS.uidField && fields.predictionField === DEFAULT_FIELDS.predictionField;
    return defaults && classifyLineObject(record as Record<string, unknown>) !== undefined;
  } catch {
    return false;
  }
}

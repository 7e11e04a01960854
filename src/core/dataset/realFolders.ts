// Media and question files of real folders, checked and read with synchronous calls.
// The reader's general path takes a realpath, a stat and async opens per file; a dataset of 2,772 folders
// then spends most of its time in the thread pool's queue. A folder reached from the dataset's real root
// through real folders only (no symlink on the way) needs none of that: a regular file in it (lstat, or
// open with O_NOFOLLOW) is inside the root. Anything else (a symlink, a folder that is not known real)
// returns undefined, and the caller takes the general path.
import { closeSync, constants, lstatSync, openSync, readFileSync, readSync } from 'node:fs';
import * as path from 'node:path';
import { sniffMediaType, type MediaType } from '../../shared/media';
import type { Question } from './question';
import { MAX_DATASET_JSON_BYTES, type DatasetFileRead } from './safeRead';
import { isInside } from './safePath';

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
// Node takes numeric open flags wherever it takes a flag string; its typings name only strings.
const OPEN_FLAGS_ARGUMENT = OPEN_FLAGS as unknown as string;

export class RealFolders {
  private readonly real = new Map<string, boolean>();

  /** `realRoot` must be the dataset root's real path; `known` are folders already seen to be real ones in it. */
  constructor(
    private readonly realRoot: string,
    known: Iterable<string> = [],
  ) {
    this.real.set(realRoot, true);
    for (const dir of known) this.real.set(dir, true);
  }

  /** True when `dir` is the root, or a folder under it reached through folders only (no symlink). */
  isReal(dir: string): boolean {
    const known = this.real.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    const real =
      parent !== dir &&
      isInside(this.realRoot, dir) &&
      this.isReal(parent) &&
      lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;
    this.real.set(dir, real);
    return real;
  }

  /**
   * A media file's existence, when a real folder can tell: a regular file there exists at `joined`, nothing
   * there is missing. `joined` must already have passed the lexical checks (`lexicalMediaPath`).
   */
  media(joined: string): { path: string; exists: boolean; identity?: string } | undefined {
    if (!this.isReal(path.dirname(joined))) return undefined;
    let st;
    try {
      st = lstatSync(joined, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (st === undefined) return { path: joined, exists: false };
    return st.isFile() ? { path: joined, exists: true, identity: fileIdentity(st) } : undefined;
  }

  /** The identity of a regular file in a real folder (lstat); undefined for anything else, or when the folder cannot tell. */
  identityOf(file: string): string | undefined {
    if (!this.isReal(path.dirname(file))) return undefined;
    try {
      const st = lstatSync(file, { throwIfNoEntry: false });
      return st?.isFile() ? fileIdentity(st) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * `readDatasetFile` for a file in a real folder; undefined when it is a symlink, not a regular file, or the
   * folder is not known real, and the general path reads it. One `lstat` and Node's one-call UTF-8 read (open,
   * read, close and decode in C++, where reading the bytes makes four calls from JS): opened with `O_NOFOLLOW`
   * and `O_NONBLOCK`, so a symlink or a FIFO put there after the `lstat` fails instead of being followed or
   * blocking. The bytes a question keeps are the text encoded again. `dir` is the file's folder, for a caller that
   * has it at hand.
   */
  readJson(
    file: string,
    maxBytes = MAX_DATASET_JSON_BYTES,
    dir = path.dirname(file),
  ): (DatasetFileRead & { identity?: string }) | undefined {
    if (!this.isReal(dir)) return undefined;
    let st;
    try {
      st = lstatSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (st === undefined) return { ok: false, missing: true };
    if (!st.isFile()) return undefined;
    if (st.size > maxBytes)
      return { ok: false, missing: false, reason: `${st.size} bytes, more than the ${maxBytes}-byte limit for dataset JSON files` };
    let text: string;
    try {
      text = readFileSync(file, { encoding: 'utf8', flag: OPEN_FLAGS_ARGUMENT });
    } catch {
      return undefined;
    }
    // Decoding makes every sequence that is not UTF-8 a U+FFFD: text without one, as long as the lstat said once
    // encoded, is the file's bytes. Any other file (changed since the lstat, or not UTF-8) the general path reads
    // and reports.
    if (text.includes('\uFFFD')) return undefined;
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length !== st.size) return undefined;
    return { ok: true, text, bytes, path: file, identity: fileIdentity(st) };
  }
}

/** What changes when a file's bytes may have: its inode, size, mtime and ctime (a rewrite that keeps the mtime moves the ctime). */
function fileIdentity(st: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }): string {
  // Joined, not a template literal: V8 keeps a template's result as a tree of its pieces until something flattens
  // it, 320 bytes of heap against 80 for this flat string, and the cache keeps one per question and media file.
  return [st.dev, st.ino, st.size, st.mtimeMs, st.ctimeMs].join(':');
}

/** A media file as a question read saw it: its identity, or null when it was missing. */
export interface SeenMedia {
  path: string;
  identity: string | null;
}

/** A question as built, with what it was built from; reused only while all of that is unchanged. */
interface BuiltQuestion {
  identity: string;
  order: number;
  sniffMedia: boolean;
  question: Question;
  /** Its problems when built: a question the dataset then gave more (a duplicate uid) is built again. */
  problemCount: number;
  media: SeenMedia[];
}

/**
 * What earlier reads of one dataset found, by file identity: a dataset read again (Refresh, a watcher event) opens
 * only the question.json and media files that changed. A question is reused when its question.json, each of its
 * media files (or their absence) and its place are as before; a media file's type when the file is.
 */
export class DatasetReadCache {
  private types = new Map<string, { identity: string; type: MediaType }>();
  private usedTypes = new Map<string, { identity: string; type: MediaType }>();
  private questions = new Map<string, BuiltQuestion>();
  private usedQuestions = new Map<string, BuiltQuestion>();

  /** `sniff` reads a file's type (tests count its calls). */
  constructor(private readonly sniff: (file: string) => MediaType = sniffFileSync) {}

  /** The type of the file at `file` with this identity, sniffed now or by an earlier read. */
  typeOf(file: string, identity: string): MediaType {
    const known = this.usedTypes.get(file) ?? this.types.get(file);
    const entry = known?.identity === identity ? known : { identity, type: this.sniff(file) };
    this.usedTypes.set(file, entry);
    return entry.type;
  }

  /** The question an earlier read built from `file`, if nothing it was built from has changed (a few lstats). */
  reuse(file: string, order: number, sniffMedia: boolean, folders: RealFolders): Question | undefined {
    const built = this.questions.get(file);
    if (!built || built.order !== order || built.sniffMedia !== sniffMedia || built.question.problems.length !== built.problemCount)
      return undefined;
    if (folders.identityOf(file) !== built.identity) return undefined;
    for (const m of built.media) {
      const now = folders.media(m.path);
      if (!now || (now.exists ? (now.identity ?? null) : null) !== m.identity) return undefined;
    }
    this.usedQuestions.set(file, built);
    for (const m of built.media) {
      const type = this.types.get(m.path);
      if (type) this.usedTypes.set(m.path, type);
    }
    return built.question;
  }

  /** `problemCount`: the problems it was built with (all it has by default), so one the dataset adds later is seen. */
  remember(file: string, built: Omit<BuiltQuestion, 'problemCount'>, problemCount = built.question.problems.length): void {
    this.usedQuestions.set(file, { ...built, problemCount });
  }

  /** Before a read: what an earlier read left unfinished (its media checks stopped) is not kept. */
  readStarted(): void {
    this.usedTypes = new Map();
    this.usedQuestions = new Map();
  }

  /** After a whole read: only the files it named are kept, so the cache never outgrows the dataset. */
  readFinished(): void {
    this.types = this.usedTypes;
    this.usedTypes = new Map();
    this.questions = this.usedQuestions;
    this.usedQuestions = new Map();
  }

  /** Media types and questions kept. */
  get size(): { types: number; questions: number } {
    return { types: this.types.size, questions: this.questions.size };
  }
}

/** `sniffFile` with synchronous calls, for a regular file in a real folder. */
export function sniffFileSync(file: string): MediaType {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const buf = new Uint8Array(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return sniffMediaType(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

import { readdir, realpath, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { parseGroundTruth } from '../../shared/parsing/answerParser';
import type { Problem } from '../../shared/problems';
import { OTHER, subtaskForTask, subtaskInfo } from '../../shared/subtasks';
import { excerpt, jsonExcerpt } from '../../shared/text/messageText';
import { answerRangeProblem } from '../../shared/validation/answerRange';
import { lineAt, parseJsonBytes, parseJsonWithLocation, recordLineNumbers, topLevelProperties } from '../jsonText';
import { AUDIT_FILE_NAME } from '../../shared/audit/format';
import { sniffFile } from './mediaType';
import { describeFsError, readDatasetFile } from './safeRead';
import { RealFolders, sniffFileSync, type DatasetReadCache, type SeenMedia } from './realFolders';
import { lexicalMediaPath, resolveMediaPath, type SafeResolution } from './safePath';
import { buildPrompt, type Dataset, type MediaRef, type PromptPart, type Question } from './question';
import { TimeSlicer } from '../io/timeSlices';
import { utf8Text } from '../io/utf8';
import { DeferredMedia, type MediaCheckJob } from './deferredMedia';

export interface ReadDatasetOptions {
  /** Sniff each media file's first bytes for its type (default true; implies `checkMedia`). */
  sniffMedia?: boolean;
  /**
   * Check that each media file exists (default true). Off, for a reader that only scores: a media path that
   * leaves the root is still reported, but no media file is looked at, so every ref has no path and
   * `exists: false`, and nothing is reported about missing or unrecognised files.
   */
  checkMedia?: boolean;
  /** What earlier reads of this dataset found: questions and media types reused while their files are unchanged. */
  cache?: DatasetReadCache;
}

export const QUESTION_FILE = 'question.json';
export const SUMMARY_FILE = 'sample_summary.json';
const ANNOTATION_EXTS = ['.json', '.jsonl'];
/** Questions read at once (their async reads overlap); the event loop runs between steps once a slice is spent. */
const QUESTIONS_PER_STEP = 8;

/**
 * The options, and the real folders the questions of one dataset share; `seen` collects the media files one
 * question's build looked at (its `cacheable` is cleared when one was not in a real folder);
 * `shared` holds what many questions have alike once.
 */
type ReadContext = ReadOptions & {
  folders?: RealFolders;
  seen?: { media: SeenMedia[]; cacheable: boolean };
  shared: SharedQuestionParts;
};

/** The options, and where media checks go when they are left for later (`readDatasetDeferringMedia`). */
type ReadOptions = ReadDatasetOptions & { deferred?: DeferredMedia };

/** Fields the reader interprets; every other field except `source_*` is kept in `extra`. */
const KNOWN_FIELDS = new Set(['task', 'uid', 'scene', 'answer', 'texts', 'copied_video_path', 'video', 'images']);

/**
 * Reads a GST-Bench dataset:
 * - layout A, a folder with one sub-folder per sample holding question.json (plus optional sample_summary.json);
 * - layout B, one annotations file (.json array or .jsonl) with media paths relative to its folder.
 * Problems never stop the rest from loading.
 */
export async function readDataset(target: string, options: ReadDatasetOptions = {}): Promise<Dataset> {
  options.cache?.readStarted();
  const dataset = await readEitherLayout(target, options);
  options.cache?.readFinished();
  return dataset;
}

/**
 * `readDataset` that looks at no media file: the questions as a read with `checkMedia: false` gives them, and
 * the checks of a full read (`sniffMedia` as given) left in `media`, to run later, with the check of
 * sample_summary.json against the folders (warnings only) and the lines of an annotations array's records
 * (found at once if a problem needs one). Once `media.all()` has run,
 * the refs and problems are those of `readDataset` with the same options, a question's problems in another order
 * (but a media file that cannot be looked at is a problem of its own, where a full read fails its question).
 * With `cache`, media types are reused, and questions whose files are unchanged, each remembered only once its
 * media were checked.
 */
export async function readDatasetDeferringMedia(
  target: string,
  options: Omit<ReadDatasetOptions, 'checkMedia'> = {},
): Promise<{ dataset: Dataset; media: DeferredMedia }> {
  options.cache?.readStarted();
  const media = new DeferredMedia(options.cache);
  const dataset = await readEitherLayout(target, { ...options, deferred: media });
  media.attach(dataset);
  return { dataset, media };
}

async function readEitherLayout(target: string, options: ReadOptions): Promise<Dataset> {
  const abs = path.resolve(target);
  const st = await stat(abs); // throws for a missing path: a usage error, not a data problem
  if (st.isFile()) {
    const realFile = await realpath(abs);
    return readAnnotationsFile(realFile, path.dirname(realFile), options);
  }
  if (!st.isDirectory()) throw new Error(`${target} is neither a folder nor a regular file`);
  const root = await realpath(abs);
  const problems: Problem[] = [];
  const questions: Question[] = [];
  const entries = (await readdir(root, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.'));
  const ownQuestion = entries.some((e) => e.isFile() && e.name === QUESTION_FILE);

  // Joined as text: the root is a real path and a listed name holds no separator, so path.join would change nothing
  // (and it was 4 % of reading the bench's 2,772 folders).
  const sampleDirs = ownQuestion ? [root] : folders.map((f) => childPath(root, f.name));
  const present = new Set<string>();
  // The folders came from listing the real root as folders, not symlinks: they are real.
  const realFolders = new RealFolders(root, ownQuestion ? [] : sampleDirs);
  const context: ReadContext = { ...options, folders: realFolders, shared: new SharedQuestionParts() };
  // A read that did not look at media must not stand in for one that did: no cache then. A read that checks them
  // later remembers a question once they are checked.
  const cache = options.checkMedia === false ? undefined : options.cache;
  const sniffMedia = options.sniffMedia !== false;
  const readSample = async (dir: string, order: number) => {
    const file = childPath(dir, QUESTION_FILE);
    const reused = cache?.reuse(file, order, sniffMedia, realFolders);
    if (reused) {
      present.add(path.basename(dir));
      questions[order] = reused;
      return;
    }
    const read = realFolders.readJson(file, undefined, dir) ?? (await readDatasetFile(root, file));
    if (!read.ok && read.missing) return; // a folder without question.json is not a sample
    present.add(path.basename(dir));
    if (!read.ok) {
      problems.push({ file, severity: 'error', message: `not read: ${read.reason}` });
      return;
    }
    const text = read.text;
    const parsed = parseJsonWithLocation(text);
    if (!parsed.ok) {
      problems.push({ file, line: parsed.line, severity: 'error', message: `invalid JSON: ${parsed.message}` });
      return;
    }
    const identity = 'identity' in read && typeof read.identity === 'string' ? read.identity : undefined;
    const seen = cache && identity !== undefined ? { media: [] as SeenMedia[], cacheable: true } : undefined;
    const q = await buildQuestion(parsed.value, fileSource(file, read.bytes), dir, root, seen ? { ...context, seen } : context);
    if (q) {
      q.index = order;
      questions[order] = q;
      if (seen && identity !== undefined) {
        const built = { identity, order, sniffMedia, question: q, media: seen.media };
        const problemsAtBuild = q.problems.length;
        if (!options.deferred?.has(q)) {
          if (seen.cacheable) cache!.remember(file, built);
        } else
          options.deferred.whenChecked(q, (added) => {
            // The problems it was built with and its media's, not those the dataset gave it after (a duplicate uid).
            if (seen.cacheable) cache!.remember(file, built, problemsAtBuild + added);
          });
      }
    } else {
      problems.push({ file, line: 1, severity: 'error', message: 'question.json must hold a JSON object' });
    }
  };
  // Folders in slices of time: the reads of real folders are synchronous, and a slice keeps each stretch short.
  const slicer = new TimeSlicer();
  for (let start = 0; start < sampleDirs.length; start += QUESTIONS_PER_STEP) {
    await Promise.all(sampleDirs.slice(start, start + QUESTIONS_PER_STEP).map((dir, k) => readSample(dir, start + k)));
    if (slicer.due()) await slicer.pause();
  }
  const ordered = questions.filter(Boolean);
  // The summary only adds warnings: a read that leaves work for later checks it then.
  if (!ownQuestion) {
    if (options.deferred) options.deferred.afterChecks(() => checkSummary(root, present, problems));
    else await checkSummary(root, present, problems);
  }
  if (ordered.length === 0 && !entries.some((e) => e.isFile() && e.name === SUMMARY_FILE)) {
    const annotations = entries.filter(
      (e) => e.isFile() && ANNOTATION_EXTS.includes(path.extname(e.name)) && e.name !== SUMMARY_FILE && e.name !== AUDIT_FILE_NAME,
    );
    if (annotations.length === 1) return readAnnotationsFile(path.join(root, annotations[0].name), root, options);
  }
  return finish(root, 'folders', ordered, problems);
}

/** `path.join(dir, name)` for a normalised absolute `dir` and a `name` without separators. */
function childPath(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

/** Reads a layout-B annotations file, which must lie inside `root` (its own folder, or the folder it was found in). */
async function readAnnotationsFile(file: string, root: string, options: ReadOptions): Promise<Dataset> {
  const read = await readDatasetFile(root, file);
  // The annotations file is the whole dataset: not reading it is a failure to open the dataset.
  if (!read.ok) throw new Error(`${file}: not read: ${read.missing ? 'no such file' : read.reason}`);
  const realFile = read.path;
  const problems: Problem[] = [];
  const records: Array<{ value: unknown; source: Source }> = [];
  let recordLines: RecordLines | undefined;
  if (realFile.endsWith('.jsonl')) {
    read.text.split('\n').forEach((raw, i) => {
      const line = raw.replace(/\r$/, '');
      if (line.trim() === '') return;
      const parsed = parseJsonWithLocation(line);
      if (parsed.ok) records.push({ value: parsed.value, source: { file: realFile, line: i + 1 } });
      else problems.push({ file: realFile, line: i + 1, severity: 'error', message: `invalid JSON: ${parsed.message}` });
    });
  } else {
    const parsed = parseJsonBytes(read.bytes);
    if (!parsed.ok) {
      problems.push({ file: realFile, line: parsed.line, severity: 'error', message: `invalid JSON: ${parsed.message}` });
    } else if (!Array.isArray(parsed.value)) {
      problems.push({
        file: realFile,
        line: 1,
        severity: 'error',
        message: 'an annotations .json file must hold an array of question records',
      });
    } else {
      const lines = (recordLines = new RecordLines(parsed.lineText));
      for (const value of parsed.value as unknown[]) records.push({ value, source: lines.add(realFile) });
      // A read that leaves work for later finds them then, or once a question is shown on its own (its line opens its
      // record); until then only a problem needs one.
      options.deferred?.afterChecks(() => lines.fill());
      options.deferred?.beforeAQuestion(() => lines.fill());
    }
  }
  const context: ReadContext = { ...options, folders: new RealFolders(root), shared: new SharedQuestionParts() };
  const built: Array<Question | null> = [];
  const slicer = new TimeSlicer();
  for (let start = 0; start < records.length; start += QUESTIONS_PER_STEP) {
    const step = records.slice(start, start + QUESTIONS_PER_STEP);
    built.push(...(await Promise.all(step.map((r) => buildQuestion(r.value, r.source, root, root, context, recordLines)))));
    if (slicer.due()) await slicer.pause();
  }
  const questions: Question[] = [];
  built.forEach((q, i) => {
    if (q) {
      q.index = questions.length;
      questions.push(q);
    } else
      problems.push({
        file: realFile,
        line: sourceLine(records[i].source, recordLines),
        severity: 'error',
        message: 'a question record must be a JSON object',
      });
  });
  if (!options.deferred) recordLines?.fill();
  const ds = finish(root, 'annotations', questions, problems, recordLines);
  ds.file = realFile;
  return ds;
}

/**
 * The line each record of an annotations array starts on, written into the records' sources when first needed:
 * finding them scans the whole text (7 ms of a 4.7 MB file, a fifth of reading it), and only a problem, or a
 * question opened on its own, needs one. The text is dropped once they are found.
 */
class RecordLines {
  private readonly sources: Source[] = [];

  constructor(private text: string | undefined) {}

  /** The next record's source; its `line` is set once the lines are found. */
  add(file: string): Source {
    const source: Source = { file, line: undefined };
    this.sources.push(source);
    return source;
  }

  fill(): void {
    if (this.text === undefined) return;
    const lines = recordLineNumbers(this.text);
    this.text = undefined;
    this.sources.forEach((source, i) => (source.line = lines[i] ?? 1));
    this.sources.length = 0;
  }
}

/** A source's line, found first if it is an annotation record's. */
function sourceLine(source: Source, recordLines: RecordLines | undefined): number {
  if (source.line === undefined) recordLines?.fill();
  return source.line ?? 1;
}

/** The line of a question's "uid" field (of its record, for layout B), for a problem about the uid: found only when
 * a problem needs it (a duplicate uid), since finding it scans the question's text. */
function uidLine(q: Question, recordLines: RecordLines | undefined): number {
  return fieldLine(q.source, 'uid') ?? sourceLine(q.source, recordLines);
}

function finish(root: string, layout: Dataset['layout'], questions: Question[], problems: Problem[], recordLines?: RecordLines): Dataset {
  const byUid = new Map<string, Question>();
  for (const q of questions) {
    const first = byUid.get(q.uid);
    if (first) {
      const where = `${first.source.file === q.source.file ? 'line ' : `${first.source.file}:`}${uidLine(first, recordLines)}`;
      const message = `duplicate uid ${excerpt(q.uid)} (first at ${where}): result lines map to its first occurrence`;
      q.problems.push({ file: q.source.file, line: uidLine(q, recordLines), severity: 'warning', uid: q.uid, message });
    } else byUid.set(q.uid, q);
    problems.push(...q.problems);
  }
  return { root, layout, questions, byUid, problems };
}

async function checkSummary(root: string, present: Set<string>, problems: Problem[]): Promise<void> {
  const file = path.join(root, SUMMARY_FILE);
  const read = await readDatasetFile(root, file);
  if (!read.ok) {
    if (!read.missing) problems.push({ file, severity: 'error', message: `not read: ${read.reason}` });
    return; // optional
  }
  const parsed = parseJsonBytes(read.bytes);
  if (!parsed.ok) {
    problems.push({ file, line: parsed.line, severity: 'warning', message: `invalid JSON: ${parsed.message}` });
    return;
  }
  if (!Array.isArray(parsed.value)) {
    problems.push({ file, line: 1, severity: 'warning', message: 'sample_summary.json should hold an array' });
    return;
  }
  // The entries' lines only when one is reported: a scan of the whole file otherwise spent on every read.
  let lines: number[] | undefined;
  const lineOf = (i: number) => (lines ??= recordLineNumbers(parsed.lineText))[i];
  parsed.value.forEach((entry, i) => {
    const folder =
      typeof entry === 'object' && entry && typeof (entry as { folder?: unknown }).folder === 'string'
        ? (entry as { folder: string }).folder
        : undefined;
    // `folder` is a path in the authors' repository: match it by its last segment.
    const name = folder?.split(/[\\/]/).filter(Boolean).pop();
    if (!name) problems.push({ file, line: lineOf(i), severity: 'warning', message: 'summary entry has no "folder"' });
    else if (!present.has(name))
      problems.push({ file, line: lineOf(i), severity: 'warning', message: `listed sample folder is missing: ${excerpt(name)}` });
  });
}

/** Where a record came from; `bytes` is a question.json's bytes, used to point problems at a field's own line. */
type Source = { file: string; line?: number; bytes?: Buffer };

/**
 * A question.json's source, its bytes kept for the problems found after the read (a missing video, a duplicate
 * uid) as bytes, outside the JS heap: kept as text, they were two thirds of what a question holds (3.8 of 5.6 KB
 * in the paper-size dataset, whose texts are two-byte strings), copied by every scavenge of a dataset's first
 * read. Not enumerable: not part of the question's content (the Question type has no such field).
 */
function fileSource(file: string, bytes: Buffer): Source {
  const source: Source = { file };
  Object.defineProperty(source, 'bytes', { value: bytes, enumerable: false });
  return source;
}

/** The line of a field of a question.json (and of one of its string values), from its bytes; decoded each time, not
 * kept: a media check long after the read would keep the text as long as the question. */
function fieldLine(source: Source, key: string, value?: string): number | undefined {
  return source.bytes ? fieldLocator(utf8Text(source.bytes))(key, value) : undefined;
}

/** 1-based line of a top-level key in a JSON object text, and optionally of a string value after it. */
function fieldLocator(text: string): (key: string, value?: string) => number | undefined {
  let props: ReturnType<typeof topLevelProperties> | undefined;
  return (key, value) => {
    props ??= topLevelProperties(text);
    const p = props.find((x) => x.key === key);
    if (!p) return undefined;
    const at = value === undefined ? -1 : text.indexOf(JSON.stringify(value), p.valueStart);
    return lineAt(text, at >= 0 && at < p.valueEnd ? at : p.keyStart).line;
  };
}

/** Builds a question; an unexpected failure becomes a problem on its record, never a failed dataset. */
async function buildQuestion(
  value: unknown,
  source: Source,
  dir: string,
  root: string,
  options: ReadContext,
  recordLines?: RecordLines,
): Promise<Question | null> {
  try {
    return await buildQuestionUnguarded(value, source, dir, root, options, recordLines);
  } catch (e) {
    const line = sourceLine(source, recordLines);
    const uid =
      typeof value === 'object' && value && typeof (value as { uid?: unknown }).uid === 'string'
        ? (value as { uid: string }).uid
        : `${path.basename(dir)}#${line}`;
    const problem: Problem = {
      file: source.file,
      line,
      severity: 'error',
      uid,
      message: `cannot read this question: ${excerpt(String((e as Error).message))}`,
    };
    return {
      index: 0,
      uid,
      task: '',
      subtask: OTHER,
      kind: null,
      scene: '',
      answer: undefined,
      truth: null,
      texts: [],
      video: null,
      images: [],
      prompt: [],
      source: { file: source.file, line },
      dir,
      extra: {},
      problems: [problem],
    };
  }
}

async function buildQuestionUnguarded(
  value: unknown,
  source: Source,
  dir: string,
  root: string,
  options: ReadContext,
  recordLines: RecordLines | undefined,
): Promise<Question | null> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const rec = value as Record<string, unknown>;
  const problems: Problem[] = [];
  const list = new QuestionProblems(problems, source, typeof rec.uid === 'string' ? rec.uid : undefined, recordLines);
  const task = stringField(rec, 'task', list);
  const uid = stringField(rec, 'uid', list) || `${path.basename(dir)}#${sourceLine(source, recordLines)}`;
  const scene = typeof rec.scene === 'string' ? rec.scene : typeof rec.scene === 'number' ? String(rec.scene) : '';
  if (!scene) list.add('missing "scene"', 'warning', 'scene');
  const subtask = subtaskForTask(task);
  const info = subtask === OTHER ? undefined : subtaskInfo(subtask);
  if (task && !info) list.add(`unknown task ${jsonExcerpt(task)}: kept under "other"`, 'warning', 'task');

  let truth = null;
  if (!('answer' in rec)) list.add('missing "answer"');
  else if (info) {
    truth = parseGroundTruth(info.kind, rec.answer);
    if (!truth)
      list.add(`bad answer ${jsonExcerpt(rec.answer)} for ${info.kind === 'angle' ? 'an' : 'a'} ${info.kind} question`, 'error', 'answer');
    const outOfRange = truth ? answerRangeProblem(truth) : undefined;
    if (outOfRange) list.add(`${outOfRange} (it is scored as written)`, 'error', 'answer');
  }

  let texts: string[] = [];
  if (Array.isArray(rec.texts) && rec.texts.every((t) => typeof t === 'string')) texts = options.shared.texts(rec.texts as string[]);
  else list.add('"texts" must be an array of strings', 'error', 'texts');

  const videoRel =
    typeof rec.copied_video_path === 'string' ? rec.copied_video_path : typeof rec.video === 'string' ? rec.video : undefined;
  const videoKey = typeof rec.copied_video_path === 'string' ? 'copied_video_path' : 'video';
  // Unchecked refs need no file system and no await: a promise and a turn per media file were 7 % of the CLI's
  // dataset read.
  // Checks left for later (readDatasetDeferringMedia), handed over with the question once it is built.
  const later: MediaCheckJob[] | undefined = options.deferred ? [] : undefined;
  const videoRef = videoRel !== undefined ? mediaRef('video', videoRel, dir, root, options, { list, key: videoKey }, later) : null;
  const video = videoRef instanceof Promise ? await videoRef : videoRef;
  const images: MediaRef[] = [];
  if (rec.images !== undefined && !Array.isArray(rec.images)) list.add('"images" must be an array', 'error', 'images');
  const imageList: unknown[] = Array.isArray(rec.images) ? rec.images : [];
  for (let i = 0; i < imageList.length; i++) {
    const img = imageList[i];
    const rel =
      typeof img === 'string'
        ? img
        : typeof img === 'object' && img
          ? firstString(img as Record<string, unknown>, ['copied_path', 'path', 'file'])
          : undefined;
    if (rel === undefined) {
      list.add(`image ${i + 1} has no path`, 'error', 'images');
      // Keep its place, so the images after it stay beside their texts in the prompt.
      images.push({ role: 'image', relPath: '', path: null, exists: false });
      continue;
    }
    const ref = mediaRef('image', rel, dir, root, options, { list, key: 'images', value: rel }, later);
    images.push(ref instanceof Promise ? await ref : ref);
  }

  const extra = extraFields(rec);

  const question: Question = {
    index: 0,
    uid,
    task,
    subtask,
    kind: info?.kind ?? null,
    scene,
    answer: rec.answer,
    truth,
    texts,
    video,
    images,
    prompt: options.shared.prompt(texts, video !== null, images.length),
    source,
    dir,
    extra,
    problems,
  };
  if (later && later.length > 0) options.deferred!.claim(question, later);
  return question;
}

/**
 * What the questions of one read have alike, held once: a subtask's questions share most of their prompt texts,
 * which `JSON.parse` makes a new string of in every question, and so the prompt built from them. A shared prompt is
 * frozen, as a change to one question's would change every question's.
 */
class SharedQuestionParts {
  private readonly strings = new Map<string, string>();
  /** Prompts by their media (video, image count), then by each text in turn: a text held here hashes once. */
  private readonly prompts = new Map<string, PromptNode>();

  /** `texts` (the parsed record's own array) with each string replaced by the one held for it. */
  texts(texts: string[]): string[] {
    for (let i = 0; i < texts.length; i++) {
      const known = this.strings.get(texts[i]);
      if (known === undefined) this.strings.set(texts[i], texts[i]);
      else texts[i] = known;
    }
    return texts;
  }

  /** The prompt of `texts` (as `texts` returned them) and the media. */
  prompt(texts: readonly string[], hasVideo: boolean, imageCount: number): readonly PromptPart[] {
    const media = `${hasVideo ? 'v' : '-'}${imageCount}`;
    let node: PromptNode | undefined = this.prompts.get(media);
    if (node === undefined) this.prompts.set(media, (node = { next: new Map() }));
    for (const text of texts) {
      let child: PromptNode | undefined = node.next.get(text);
      if (child === undefined) node.next.set(text, (child = { next: new Map() }));
      node = child;
    }
    return (node.prompt ??= Object.freeze(buildPrompt(texts, hasVideo, imageCount).map((part) => Object.freeze(part))));
  }
}

/** A node of the prompts held: the prompt of the texts on the way to it, and the nodes one text further. */
interface PromptNode {
  prompt?: readonly PromptPart[];
  next: Map<string, PromptNode>;
}

/** The fields the reader does not interpret, in their order; `source_*` fields are dropped. */
function extraFields(rec: Record<string, unknown>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(rec)) {
    if (KNOWN_FIELDS.has(key) || key.startsWith('source_')) continue;
    // A "__proto__" field is kept as data, not made the object's prototype.
    if (key === '__proto__') Object.defineProperty(extra, key, { value: rec[key], enumerable: true, writable: true, configurable: true });
    else extra[key] = rec[key];
  }
  return extra;
}

/** A question's problems, each at its field's line when a field is named (found only then: it scans the text). */
class QuestionProblems {
  constructor(
    private readonly problems: Problem[],
    private readonly source: Source,
    private readonly uid: string | undefined,
    private readonly recordLines: RecordLines | undefined,
  ) {}

  add(message: string, severity: Problem['severity'] = 'error', key?: string, value?: string): void {
    const line = (key !== undefined ? fieldLine(this.source, key, value) : undefined) ?? sourceLine(this.source, this.recordLines);
    this.problems.push({ file: this.source.file, line, severity, message, uid: this.uid });
  }

  /** A report of problems about one field (and one of its values). */
  reporter(key: string, value?: string): (message: string, severity?: Problem['severity']) => void {
    return (message, severity) => this.add(message, severity, key, value);
  }
}

/** Where a media file's problems go: its question's list, at the field that names it. */
type FieldProblems = { list: QuestionProblems; key: string; value?: string };

/** A field that must be a string (a number is taken as its text); '' and a problem otherwise. */
function stringField(rec: Record<string, unknown>, key: string, list: QuestionProblems): string {
  const v = rec[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  list.add(`missing or non-string "${key}"`, 'error', key);
  return '';
}

function firstString(o: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) if (typeof o[k] === 'string') return o[k] as string;
  return undefined;
}

/**
 * A question's media ref. Unchecked (`checkMedia: false`) it is only the lexical checks, which need no file system
 * and are returned at once; checked, it looks at the file.
 */
function mediaRef(
  role: MediaRef['role'],
  rel: string,
  dir: string,
  root: string,
  options: ReadContext,
  field: FieldProblems,
  later?: MediaCheckJob[],
): MediaRef | Promise<MediaRef> {
  const lexical = lexicalMediaPath(root, dir, rel, options.folders?.isReal(dir) === true);
  const unchecked: MediaRef = { role, relPath: rel, path: null, exists: false };
  if (later && lexical.ok) {
    later.push(new LaterMediaCheck(unchecked, lexical, dir, root, options, field.list, field.key, field.value));
    return unchecked;
  }
  const problem = field.list.reporter(field.key, field.value);
  if (options.checkMedia !== false && !options.deferred) return checkedMediaRef(unchecked, lexical, { dir, root, options, problem });
  if (!lexical.ok) problem(lexical.reason);
  return unchecked;
}

/** A media check left for later: data, not closures, since a dataset keeps thousands until they run. */
class LaterMediaCheck implements MediaCheckJob {
  constructor(
    /** Checked into this same ref, so the question holding it sees the result. */
    private readonly ref: MediaRef,
    private readonly lexical: SafeResolution,
    private readonly dir: string,
    private readonly root: string,
    private readonly options: ReadContext,
    private readonly list: QuestionProblems,
    private readonly key: string,
    private readonly value: string | undefined,
  ) {}

  run(): void | Promise<void> {
    const { dir, root, options } = this;
    const problem = this.list.reporter(this.key, this.value);
    // A file that cannot be looked at (an I/O error) is reported on its own; the other checks go on.
    const failed = (e: unknown) => problem(`${this.ref.role} ${excerpt(this.ref.relPath)} could not be checked: ${describeFsError(e)}`);
    let checked: MediaRef | Promise<MediaRef>;
    try {
      checked = checkedMediaRef(this.ref, this.lexical, { dir, root, options, problem });
    } catch (e) {
      failed(e);
      return;
    }
    if (!(checked instanceof Promise)) Object.assign(this.ref, checked);
    else return checked.then((ref) => void Object.assign(this.ref, ref), failed);
  }
}

/** What a media check needs besides the ref: where it is, the read's options, and how to report a problem. */
type MediaCheckContext = { dir: string; root: string; options: ReadContext; problem: (m: string, s?: Problem['severity']) => void };

/**
 * The checked ref: synchronous for a file in a real folder (a few synchronous calls), a promise for the general path
 * (realpath, stat and an async open), so that checking thousands of media files makes no promise per file.
 */
function checkedMediaRef(unchecked: MediaRef, lexical: SafeResolution, context: MediaCheckContext): MediaRef | Promise<MediaRef> {
  const { options, problem } = context;
  const { role, relPath: rel } = unchecked;
  const listed = lexical.ok ? options.folders?.media(lexical.path) : undefined;
  if (options.seen) {
    if (listed) options.seen.media.push({ path: listed.path, identity: listed.exists ? (listed.identity ?? null) : null });
    else options.seen.cacheable = false;
  }
  if (!listed) return resolvedMediaRef(unchecked, context);
  const ref: MediaRef = { role, relPath: rel, path: listed.path, exists: listed.exists };
  if (!ref.exists) {
    problem(`missing ${role}: ${excerpt(rel)}`, 'warning');
    return ref;
  }
  if (options.sniffMedia !== false) {
    ref.type =
      listed.identity !== undefined && options.cache ? options.cache.typeOf(listed.path, listed.identity) : sniffFileSync(listed.path);
    checkMediaType(ref, problem);
  }
  return ref;
}

/** `checkedMediaRef` for a file the real folders cannot vouch for: resolved, stat-ed and sniffed with async calls. */
async function resolvedMediaRef(unchecked: MediaRef, { dir, root, options, problem }: MediaCheckContext): Promise<MediaRef> {
  const { role, relPath: rel } = unchecked;
  const resolved = await resolveMediaPath(root, dir, rel);
  if (!resolved.ok) {
    problem(resolved.reason);
    return unchecked;
  }
  const ref: MediaRef = { role, relPath: rel, path: resolved.path, exists: false };
  try {
    ref.exists = (await stat(resolved.path)).isFile();
  } catch {
    ref.exists = false;
  }
  if (!ref.exists) {
    problem(`missing ${role}: ${excerpt(rel)}`, 'warning');
    return ref;
  }
  if (options.sniffMedia !== false) {
    ref.type = await sniffFile(resolved.path);
    checkMediaType(ref, problem);
  }
  return ref;
}

/** Reports a media file whose first bytes are not of its role's types. */
function checkMediaType(ref: MediaRef, problem: MediaCheckContext['problem']): void {
  const expected = ref.role === 'video' ? ['mp4', 'webm'] : ['png', 'jpeg', 'gif', 'webp'];
  if (ref.type !== undefined && !expected.includes(ref.type))
    problem(`${ref.role} ${excerpt(ref.relPath)} is not a recognised ${ref.role} file (first bytes: ${ref.type})`, 'warning');
}

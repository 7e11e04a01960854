// Finds where the target is visible in the annotated videos of questions whose dataset has no
// `geometry.targetFrames`, with the core's red-box detector (ffmpeg), on the extension host: one video at a time
// (a queue), cached per file identity (path, size, mtime) in memory and in one JSON file in the extension's global
// storage, so a video is decoded once per machine. No `vscode` import: unit tests drive it with real ffmpeg.
import { execFile } from 'node:child_process';
import { mkdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { Question } from '../core/dataset/question';
import { detectRedBoxFrames } from '../core/diagnosis/redBox';
import { FileChangedError, identityOf, writeFileAtomic, type FileIdentity } from '../core/io/atomicWrite';
import { VISUAL_LOCALISATION_SUBTASKS } from '../shared/diagnosis/diagnose';
import { visibilityFromGeometry, type TargetVisibility } from '../shared/diagnosis/visibility';
import { isSubtaskKey } from '../shared/subtasks';
import { Emitter, type Event } from './slices';

/** The cache file's format version; a file of another version is ignored (and replaced on the next write). */
export const TARGET_FRAMES_CACHE_VERSION = 1;
/** A cache larger than this is not read: at ~100 bytes per video it would hold far more videos than any dataset has. */
export const TARGET_FRAMES_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** How long `ffmpeg -version` may take before ffmpeg counts as absent (a wedged PATH entry must not hang the host). */
export const FFMPEG_PROBE_TIMEOUT_MS = 10_000;
/** Writes of the cache are at most this often while a batch runs; the last one comes when the queue drains. */
const CACHE_WRITE_EVERY = 10;
/** Attempts to write the cache when another window replaced it meanwhile (each merges the other's entries first). */
const CACHE_WRITE_ATTEMPTS = 3;
/**
 * A video still decoding after this long counts as failed and the queue moves on: a wedged ffmpeg must not stop every
 * later detection. Ten minutes is far above a GST-Bench video's decode at 320 px (seconds to a minute).
 */
export const DETECTION_TIMEOUT_MS = 10 * 60_000;

/** What is known about one video's target frames. */
export type TargetFramesState =
  { kind: 'unknown' } | { kind: 'detecting' } | { kind: 'found'; visibility: TargetVisibility } | { kind: 'failed'; message: string };

/** What the viewer shows of a question's video where the dataset's geometry does not say. */
export type DetectedTargetFrames =
  | Exclude<TargetFramesState, { kind: 'unknown' }>
  /** Not detected, and why: the setting is off, the workspace is restricted, ffmpeg is absent. */
  | { kind: 'unavailable'; reason: string };

interface Identity {
  size: string;
  mtimeNs: string;
}

interface Entry {
  identity: Identity;
  state: TargetFramesState;
}

export type DetectFrames = (file: string) => Promise<TargetVisibility>;

export interface TargetFrameDetectorOptions {
  /** The persisted cache (the extension's global storage); none: memory only. */
  cacheFile?: string;
  /** The detector; `detectRedBoxFrames` by default. Tests wrap it to watch the queue. */
  detect?: DetectFrames;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface DetectionRun {
  /** Videos whose frames are now known (found or failed), of those asked. */
  done: number;
  failed: number;
  total: number;
  cancelled: boolean;
}

/** True when `ffmpeg -version` and `ffprobe -version` run (asynchronously, bounded: the host thread never waits on it). */
export function probeFfmpeg(timeoutMs = FFMPEG_PROBE_TIMEOUT_MS): Promise<boolean> {
  const run = (tool: string) =>
    new Promise<boolean>((resolve) => {
      execFile(tool, ['-hide_banner', '-version'], { timeout: timeoutMs, windowsHide: true }, (error) => resolve(!error));
    });
  return Promise.all([run('ffmpeg'), run('ffprobe')]).then((ok) => ok.every(Boolean));
}

/** The annotated video of a visual-localisation question whose dataset does not say where its target is visible. */
export function videoNeedingDetection(q: Question): string | undefined {
  if (!isSubtaskKey(q.subtask) || !VISUAL_LOCALISATION_SUBTASKS.includes(q.subtask)) return undefined;
  if (visibilityFromGeometry(q.extra.geometry)) return undefined;
  return q.video?.exists && q.video.path ? q.video.path : undefined;
}

function sameIdentity(a: Identity, b: Identity): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs;
}

function isRange(r: unknown): r is [number, number] {
  return Array.isArray(r) && r.length === 2 && Number.isInteger(r[0]) && Number.isInteger(r[1]) && r[0] >= 0 && r[1] > r[0];
}

/** One persisted entry, or undefined when it is not one. */
function readEntry(v: unknown): { identity: Identity; visibility: TargetVisibility } | undefined {
  const e = v as { size?: unknown; mtimeNs?: unknown; frames?: unknown; fps?: unknown; visible?: unknown } | null;
  if (!e || typeof e !== 'object' || typeof e.size !== 'string' || typeof e.mtimeNs !== 'string') return undefined;
  if (!Number.isInteger(e.frames) || (e.frames as number) < 0 || !Array.isArray(e.visible) || !e.visible.every(isRange)) return undefined;
  const visibility: TargetVisibility = { frames: e.frames as number, visible: e.visible as Array<[number, number]> };
  if (typeof e.fps === 'number' && e.fps > 0) visibility.fps = e.fps;
  return { identity: { size: e.size, mtimeNs: e.mtimeNs }, visibility };
}

interface Job {
  file: string;
  identity: Identity;
  /** Runs that still want it; a job no run wants is dropped from the queue. */
  wanted: number;
  done: Promise<void>;
  resolve: () => void;
}

export class TargetFrameDetector {
  private readonly entries = new Map<string, Entry>();
  /** Files whose identity was checked against the cache this session (cached entries are used only after). */
  private readonly verified = new Set<string>();
  private readonly queue: Job[] = [];
  private readonly jobs = new Map<string, Job>();
  private running: Job | undefined;
  private readonly changes = new Emitter<{ files: string[] }>();
  readonly onDidChange: Event<{ files: string[] }> = this.changes.event;
  private readonly detect: DetectFrames;
  private readonly log: NonNullable<TargetFrameDetectorOptions['log']>;
  /** The cache file as last read or written (for the atomic write's check), and the entries to persist. */
  private cacheIdentity: FileIdentity | null = null;
  private readonly loaded: Promise<void>;
  private unsaved = 0;
  private saving: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: TargetFrameDetectorOptions = {}) {
    this.detect = options.detect ?? detectRedBoxFrames;
    this.log = options.log ?? (() => undefined);
    this.loaded = this.loadCache();
  }

  /** What is known now about this video (a cached entry counts once `verify` or `request` saw the file unchanged). */
  state(file: string): TargetFramesState {
    if (this.jobs.has(file)) return { kind: 'detecting' };
    const e = this.entries.get(file);
    return e && this.verified.has(file) ? e.state : { kind: 'unknown' };
  }

  /** True while a video is being decoded or waits for it. */
  busy(): boolean {
    return this.running !== undefined || this.queue.length > 0;
  }

  /** The target's visibility in this video when it was found. */
  visibility(file: string): TargetVisibility | undefined {
    const s = this.state(file);
    return s.kind === 'found' ? s.visibility : undefined;
  }

  /** Checks the files' size and mtime against what is known (stat only, no decoding); a changed file is forgotten. */
  async verify(files: Iterable<string>): Promise<void> {
    await this.loaded;
    const changed: string[] = [];
    for (const file of new Set(files)) {
      const now = await this.identity(file);
      const e = this.entries.get(file);
      const known = this.verified.has(file);
      if (e && (!now || !sameIdentity(e.identity, now))) {
        this.entries.delete(file);
        if (known) changed.push(file);
      } else if (e && !known) changed.push(file);
      if (now) this.verified.add(file);
    }
    if (changed.length > 0) this.changes.fire({ files: changed });
  }

  /**
   * Detects every file whose current identity has no result, one at a time, in order. Resolves when they are all
   * known or `signal` aborts (then the queued ones are dropped; ffmpeg on the video being decoded finishes it,
   * since the detector takes no signal, and its result is kept).
   */
  async request(
    files: Iterable<string>,
    options: { signal?: AbortSignal; onProgress?: (run: DetectionRun) => void } = {},
  ): Promise<DetectionRun> {
    const list = [...new Set(files)];
    await this.verify(list);
    const run: DetectionRun = { done: 0, failed: 0, total: list.length, cancelled: false };
    const mine: Job[] = [];
    const waits: Array<Promise<void>> = [];
    // Identities first, then every job queued at once, so the queue's order is the request's.
    const identities = await Promise.all(list.map((f) => this.identity(f)));
    list.forEach((file, i) => {
      const s = this.state(file);
      if (s.kind === 'found' || s.kind === 'failed') {
        run.done++;
        if (s.kind === 'failed') run.failed++;
        return;
      }
      const identity = identities[i];
      if (!identity) {
        run.done++;
        run.failed++;
        return;
      }
      const job = this.enqueue(file, identity);
      job.wanted++;
      mine.push(job);
      waits.push(
        job.done.then(() => {
          run.done++;
          if (this.state(file).kind !== 'found') run.failed++;
          options.onProgress?.({ ...run });
        }),
      );
    });
    options.onProgress?.({ ...run });
    const aborted = new Promise<void>((resolve) => {
      if (options.signal?.aborted) resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([Promise.all(waits), aborted]);
    if (run.done < run.total && (options.signal?.aborted || this.disposed)) {
      run.cancelled = true;
      for (const job of mine) this.release(job);
    }
    return { ...run };
  }

  /** Drops queued work (the video being decoded finishes); nothing is detected after. */
  dispose(): void {
    this.disposed = true;
    for (const job of this.queue.splice(0)) {
      this.jobs.delete(job.file);
      job.resolve();
    }
    this.changes.dispose();
  }

  /** Resolves when the cache is loaded, the video being decoded is done and the last write finished. */
  async idle(): Promise<void> {
    await this.loaded;
    await this.running?.done;
    await this.saving;
  }

  /** The detector, or an error after DETECTION_TIMEOUT_MS (its ffmpeg is left to finish: the detector takes no signal). */
  private detectBounded(file: string): Promise<TargetVisibility> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no result after ${DETECTION_TIMEOUT_MS / 60_000} minutes; given up`)),
        DETECTION_TIMEOUT_MS,
      );
    });
    return Promise.race([this.detect(file), timeout]).finally(() => clearTimeout(timer));
  }

  private async identity(file: string): Promise<Identity | undefined> {
    try {
      const s = await stat(file, { bigint: true });
      return s.isFile() ? { size: String(s.size), mtimeNs: String(s.mtimeNs) } : undefined;
    } catch {
      return undefined;
    }
  }

  private enqueue(file: string, identity: Identity): Job {
    const existing = this.jobs.get(file);
    if (existing) return existing;
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    const job: Job = { file, identity, wanted: 0, done, resolve };
    this.jobs.set(file, job);
    this.queue.push(job);
    this.changes.fire({ files: [file] });
    void this.pump();
    return job;
  }

  private release(job: Job): void {
    job.wanted--;
    if (job.wanted > 0 || job === this.running) return;
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    this.jobs.delete(job.file);
    job.resolve();
    this.changes.fire({ files: [job.file] });
  }

  /** The queue's one worker: one ffmpeg at a time. */
  private async pump(): Promise<void> {
    if (this.running || this.disposed) return;
    const job = this.queue.shift();
    if (!job) {
      if (this.unsaved > 0) this.save();
      return;
    }
    this.running = job;
    let state: TargetFramesState;
    try {
      const v = await this.detectBounded(job.file);
      state = { kind: 'found', visibility: { frames: v.frames, ...(v.fps ? { fps: v.fps } : {}), visible: v.visible } };
      this.log('info', `target frames: ${job.file}: ${v.visible.length} stretch(es) with the red box in ${v.frames} frames`);
    } catch (e) {
      state = { kind: 'failed', message: (e as Error).message };
      this.log('error', `target frames: red-box detection failed for ${job.file}: ${(e as Error).message}`);
    }
    // A file replaced while it was decoded is detected again on the next request.
    const now = await this.identity(job.file);
    if (now && sameIdentity(now, job.identity)) {
      this.entries.set(job.file, { identity: job.identity, state });
      this.verified.add(job.file);
      if (state.kind === 'found') this.unsaved++;
    }
    this.running = undefined;
    this.jobs.delete(job.file);
    job.resolve();
    if (!this.disposed) this.changes.fire({ files: [job.file] });
    if (this.unsaved >= CACHE_WRITE_EVERY) this.save();
    void this.pump();
  }

  // ---------- the persisted cache ----------

  private async loadCache(): Promise<void> {
    const file = this.options.cacheFile;
    if (!file) return;
    const read = await this.readCacheFile(file);
    if (!read) return;
    for (const [video, e] of read.entries) if (!this.entries.has(video)) this.entries.set(video, e);
  }

  /** The cache's entries (found detections only) and its identity; undefined when absent or unreadable (logged). */
  private async readCacheFile(file: string): Promise<{ entries: Map<string, Entry> } | undefined> {
    let identity: FileIdentity;
    try {
      identity = await identityOf(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.log('warn', `target-frames cache ${file} ignored: ${(e as Error).message}`);
      this.cacheIdentity = null;
      return undefined;
    }
    this.cacheIdentity = identity;
    if (identity.size > BigInt(TARGET_FRAMES_CACHE_MAX_BYTES)) {
      this.log('warn', `target-frames cache ${file} ignored: larger than ${TARGET_FRAMES_CACHE_MAX_BYTES} bytes`);
      return undefined;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      this.log('warn', `target-frames cache ${file} ignored: ${(e as Error).message}`);
      return undefined;
    }
    const d = doc as { version?: unknown; videos?: unknown } | null;
    if (!d || typeof d !== 'object' || d.version !== TARGET_FRAMES_CACHE_VERSION || !d.videos || typeof d.videos !== 'object') {
      this.log('warn', `target-frames cache ${file} ignored: not a version ${TARGET_FRAMES_CACHE_VERSION} cache`);
      return undefined;
    }
    const entries = new Map<string, Entry>();
    let bad = 0;
    for (const [video, v] of Object.entries(d.videos as Record<string, unknown>)) {
      const e = readEntry(v);
      if (e) entries.set(video, { identity: e.identity, state: { kind: 'found', visibility: e.visibility } });
      else bad++;
    }
    if (bad > 0) this.log('warn', `target-frames cache ${file}: ${bad} malformed entr${bad === 1 ? 'y' : 'ies'} ignored`);
    return { entries };
  }

  /** Writes the found detections, one write at a time, atomically; a cache another window replaced is merged first. */
  private save(): void {
    const file = this.options.cacheFile;
    if (!file) return;
    this.unsaved = 0;
    this.saving = this.saving
      .then(() => this.writeCache(file))
      .catch((e: Error) => this.log('error', `target-frames cache ${file}: ${e.message}`));
  }

  private async writeCache(file: string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    for (let attempt = 1; ; attempt++) {
      const videos: Record<string, unknown> = {};
      for (const [video, e] of this.entries)
        if (e.state.kind === 'found') videos[video] = { ...e.identity, ...e.state.visibility, visible: e.state.visibility.visible };
      try {
        await writeFileAtomic(file, `${JSON.stringify({ version: TARGET_FRAMES_CACHE_VERSION, videos })}\n`, {
          expect: this.cacheIdentity,
          changedMessage: 'the cache changed while it was being written',
        });
        this.cacheIdentity = await identityOf(file);
        return;
      } catch (e) {
        if (!(e instanceof FileChangedError) || attempt >= CACHE_WRITE_ATTEMPTS) throw e;
        // Another window wrote its detections: keep them (ours win for a video both know), then write again.
        const other = await this.readCacheFile(file);
        for (const [video, entry] of other?.entries ?? []) if (!this.entries.has(video)) this.entries.set(video, entry);
      }
    }
  }
}

/**
 * The question's detection for the viewer: asked for when `blocked()` allows (undefined) and not yet known; a
 * detection cached on this machine is used whatever the policy (it needs no decoding). `pending` while the policy
 * is still being found out (ffmpeg's probe).
 */
export function viewerDetection(
  detector: TargetFrameDetector,
  question: Question,
  blocked: () => string | 'pending' | undefined,
): DetectedTargetFrames | undefined {
  const video = videoNeedingDetection(question);
  if (!video) return undefined;
  const s = detector.state(video);
  if (s.kind !== 'unknown') return s;
  const reason = blocked();
  if (reason === undefined) {
    void detector.request([video]);
    return { kind: 'detecting' };
  }
  void detector.verify([video]);
  return reason === 'pending' ? { kind: 'detecting' } : { kind: 'unavailable', reason };
}

/** The setting `gstBench.diagnosis.detectTargetFrames`: `auto` detects where ffmpeg is on PATH in a trusted workspace. */
export type TargetFramesSetting = 'auto' | 'off';
export const TARGET_FRAMES_SETTINGS: readonly TargetFramesSetting[] = ['auto', 'off'];

/** Why the extension does not decode videos now, in words; undefined when it may. */
export function detectionBlockedReason(p: {
  setting: TargetFramesSetting;
  trusted: boolean;
  ffmpeg: boolean | undefined;
}): string | undefined {
  if (p.setting === 'off') return 'finding the red box is off (setting gstBench.diagnosis.detectTargetFrames)';
  if (!p.trusted) return 'the workspace is in Restricted Mode, where GST-Bench decodes no videos; trust it to find the red box with ffmpeg';
  if (p.ffmpeg === undefined) return 'checking whether ffmpeg is installed';
  if (!p.ffmpeg) return 'ffmpeg is not on PATH; install it (Debian package ffmpeg) to find the red box in the video';
  return undefined;
}

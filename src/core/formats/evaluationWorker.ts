// Scores result files on a worker thread (evaluationWorkerMain.ts), so that the extension host's thread holds
// only the evaluation that comes back: not the lines' parse, nor the garbage whose collections block it.
import { deserialize, serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Dataset, Question } from '../dataset/question';
import type { Evaluation, QuestionOutcome } from '../results/evaluation';
import type { FieldMap } from '../../shared/formats/types';
import type { ResultFormatInfo } from '../../shared/formats/info';
import { DEFAULT_READER } from '../../shared/parsing/readers';
import { PredictionMemos } from '../../shared/parsing/repeatedPredictions';
import { evaluateResultFile, formatInfoOf, type FormatOptions } from './engine';

/** What the store keeps of a result file's read. */
export interface ResultRead {
  evaluation: Evaluation;
  format: ResultFormatInfo;
}

export type EvaluatorOptions = FormatOptions & { mapping?: FieldMap };

/** Scores one result file against a dataset: on this thread (`evaluateHere`) or on a worker (`EvaluationWorker`). */
export type ResultEvaluator = (dataset: Dataset, file: string, options: EvaluatorOptions) => Promise<ResultRead>;

export const evaluateHere: ResultEvaluator = async (dataset, file, options) => {
  const fe = await evaluateResultFile(dataset, file, options);
  return { evaluation: fe.evaluation, format: formatInfoOf(file, fe, options.mapping) };
};

/**
 * What scoring and the joins read of a question (scoreLine, Joiner, the format-loss tracker), in the dataset's
 * order. The rest (media, prompt, extra fields, problems) is not sent: a paper-size dataset's questions whole are
 * 10 MB to clone, these 2,772 rows a fraction of it.
 */
export type ScoringRow = Pick<Question, 'index' | 'uid' | 'task' | 'subtask' | 'kind' | 'truth' | 'texts'>;

export function scoringRows(dataset: Dataset): ScoringRow[] {
  return dataset.questions.map(({ index, uid, task, subtask, kind, truth, texts }) => ({ index, uid, task, subtask, kind, truth, texts }));
}

/** The dataset the worker scores against, and each uid's position in its rows (the host's `dataset.questions`). */
export interface WorkerDataset {
  dataset: Dataset;
  positions: Map<string, number>;
}

/** `byUid` is built from the rows: a uid given twice keeps the dataset's own choice. */
export function datasetFromRows(d: DatasetMessage): WorkerDataset {
  const questions: Question[] = d.rows.map((r) => ({
    ...r,
    scene: '',
    answer: null,
    video: null,
    images: [],
    prompt: [],
    source: { file: '' },
    dir: '',
    extra: {},
    problems: [],
  }));
  const byUid = new Map<string, Question>();
  const positions = new Map<string, number>();
  for (const k of d.byUid) {
    byUid.set(questions[k].uid, questions[k]);
    positions.set(questions[k].uid, k);
  }
  return { dataset: { root: d.root, layout: d.layout, questions, byUid, problems: [] }, positions };
}

/**
 * A read as it crosses back: the outcomes without their uid, which the host takes from its own questions by
 * position. Sent, each uid would come back as two new strings per file (the map's key and the outcome's field),
 * most of what the host would keep of a file.
 */
interface WireRead {
  format: ResultFormatInfo;
  evaluation: Omit<Evaluation, 'byUid'>;
  outcomes: QuestionOutcome[];
  positions: Int32Array;
}

/** The worker's side: `read` as bytes (its outcomes' uids emptied: the read is not used after). */
export function encodeRead(read: ResultRead, positions: Map<string, number>): Uint8Array {
  const { byUid, ...evaluation } = read.evaluation;
  const outcomes = [...byUid.values()];
  const at = new Int32Array(outcomes.length);
  outcomes.forEach((o, k) => {
    at[k] = positions.get(o.uid)!;
    o.uid = '';
  });
  return serialize({ format: read.format, evaluation, outcomes, positions: at } satisfies WireRead);
}

/** The host's side: the read again, each uid the host's own question's string. */
export function decodeRead(bytes: Uint8Array, dataset: Dataset): ResultRead {
  const wire = deserialize(bytes) as WireRead;
  const byUid = new Map<string, QuestionOutcome>();
  wire.outcomes.forEach((o, k) => {
    const uid = dataset.questions[wire.positions[k]].uid;
    o.uid = uid;
    byUid.set(uid, o);
  });
  return { format: wire.format, evaluation: { ...wire.evaluation, byUid } as Evaluation };
}

export interface DatasetMessage {
  type: 'dataset';
  dataset: number;
  root: string;
  layout: Dataset['layout'];
  rows: ScoringRow[];
  /** Positions in `rows` of the questions `byUid` maps to, in the map's order. */
  byUid: number[];
}

/** The options that cross to the worker: the signal, the progress callback, the slices and the memos stay here. */
export type WorkerOptions = Omit<EvaluatorOptions, 'signal' | 'onBytesRead' | 'sliceMs' | 'predictionMemos'>;

export type ToWorker =
  | DatasetMessage
  | { type: 'forget'; dataset: number }
  | { type: 'evaluate'; id: number; dataset: number; file: string; options: WorkerOptions; progress: boolean }
  | { type: 'abort'; id: number };

/** An error's parts that the store reads: its message, a system error's code, an unknown layout's `needsMapping`. */
export interface ErrorParts {
  name: string;
  message: string;
  code?: string;
  needsMapping?: boolean;
}

export type FromWorker =
  | { type: 'progress'; id: number; bytesRead: number }
  /** The read as `v8.serialize` wrote it, moved without a copy: the host decodes it when its thread is free (below). */
  | { type: 'done'; id: number; bytes: Uint8Array }
  | { type: 'failed'; id: number; error: ErrorParts };

export function errorParts(e: unknown): ErrorParts {
  const err = (e instanceof Error ? e : new Error(String(e))) as Error & { code?: unknown; needsMapping?: unknown };
  return {
    name: err.name,
    message: err.message,
    ...(typeof err.code === 'string' ? { code: err.code } : {}),
    ...(err.needsMapping === true ? { needsMapping: true } : {}),
  };
}

function errorFrom(parts: ErrorParts): Error {
  return Object.assign(new Error(parts.message), parts);
}

/** The worker stopped (it crashed, or could not start); the request is then scored on this thread. */
class WorkerStoppedError extends Error {}

interface Waiter {
  dataset: Dataset;
  reader: EvaluatorOptions['reader'];
  resolve(r: ResultRead): void;
  reject(e: Error): void;
  onBytesRead?: (bytesRead: number) => void;
}

/** The worker's counts, for the extension's stats. */
export interface EvaluationWorkerStats {
  /** Files scored on the worker. */
  evaluated: number;
  /** Files scored on the calling thread because the worker stopped or could not start. */
  scoredHere: number;
  /** Datasets sent to the worker. */
  datasetsSent: number;
  /** Workers started: one, unless one stopped. */
  workersStarted: number;
}

/**
 * One worker, started on first use and not keeping the process alive. Each dataset is sent once (the rows above)
 * and forgotten by the worker when the dataset object is collected here. A worker that stops fails nothing: what
 * it held is scored on this thread, and the next request starts a new worker.
 */
export class EvaluationWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private nextDataset = 1;
  private readonly waiting = new Map<number, Waiter>();
  /** The datasets the current worker holds. */
  private sent = new WeakMap<Dataset, number>();
  private readonly forgetting = new FinalizationRegistry<{ worker: Worker; dataset: number }>(({ worker, dataset }) => {
    if (worker === this.worker) worker.postMessage({ type: 'forget', dataset } satisfies ToWorker);
  });
  /** Replies waiting to be decoded, one per turn of the event loop. */
  private readonly decoding: Array<{ waiter: Waiter; bytes: Uint8Array }> = [];
  private decodeScheduled = false;
  /** The answer readers' outcomes, so that the copies each file's read brings back of a repeated answer are held once. */
  private readonly memos = new PredictionMemos();
  private readonly counts: EvaluationWorkerStats = { evaluated: 0, scoredHere: 0, datasetsSent: 0, workersStarted: 0 };
  /** Set when a worker stopped before it answered anything: its script is missing or broken, so none is started again. */
  private unavailable = false;
  private answered = false;

  /** `script`: the worker's bundled file, dist/evaluationWorker.js; `onStopped` hears why a worker stopped. */
  constructor(
    private readonly script: string,
    private readonly onStopped?: (e: Error) => void,
  ) {}

  readonly evaluate: ResultEvaluator = async (dataset, file, options) => {
    try {
      const read = await this.onWorker(dataset, file, options);
      this.counts.evaluated++;
      return read;
    } catch (e) {
      if (!(e instanceof WorkerStoppedError)) throw e;
      this.counts.scoredHere++;
      return evaluateHere(dataset, file, options);
    }
  };

  /** Starts the worker ahead of its first file, so that its start overlaps the caller's own work. */
  warm(): void {
    if (this.unavailable || this.worker) return;
    try {
      this.started();
    } catch {
      // Its first file will find out, and be scored on this thread.
    }
  }

  /** The worker's heap in use (its garbage included); undefined when none runs, or on a Node before 22.16. */
  async heapUsed(): Promise<number | undefined> {
    const w = this.worker as (Worker & { getHeapStatistics?: () => Promise<{ used_heap_size: number }> }) | undefined;
    if (!w?.getHeapStatistics) return undefined;
    return (await w.getHeapStatistics()).used_heap_size;
  }

  stats(): EvaluationWorkerStats {
    return { ...this.counts };
  }

  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    void w?.terminate();
    this.failAll(new WorkerStoppedError('the scoring worker was stopped'));
  }

  private onWorker(dataset: Dataset, file: string, options: EvaluatorOptions): Promise<ResultRead> {
    const { signal, onBytesRead, sliceMs: _sliceMs, predictionMemos: _memos, ...sendable } = options;
    signal?.throwIfAborted();
    if (this.unavailable) return Promise.reject(new WorkerStoppedError('the scoring worker could not start'));
    return new Promise<ResultRead>((resolve, reject) => {
      const id = this.nextId++;
      const settled = () => {
        signal?.removeEventListener('abort', onAbort);
        if (this.waiting.size === 0 && this.decoding.length === 0) this.worker?.unref();
      };
      // Aborted here: the caller gets the signal's reason at once; the worker stops its read.
      const onAbort = () => {
        if (!this.waiting.delete(id)) return;
        this.worker?.postMessage({ type: 'abort', id } satisfies ToWorker);
        settled();
        reject(signal!.reason);
      };
      this.waiting.set(id, {
        dataset,
        reader: options.reader,
        resolve: (r) => (settled(), resolve(r)),
        reject: (e) => (settled(), reject(e)),
        onBytesRead,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const worker = this.started();
        const datasetId = this.sentDataset(worker, dataset);
        const request: ToWorker = {
          type: 'evaluate',
          id,
          dataset: datasetId,
          file,
          options: sendable,
          progress: onBytesRead !== undefined,
        };
        worker.postMessage(request);
        worker.ref(); // a caller waiting for a read keeps the process alive; unref'd again when none waits
      } catch (e) {
        // A worker that cannot start, or options it cannot be sent: scored here instead.
        this.waiting.get(id)?.reject(new WorkerStoppedError(e instanceof Error ? e.message : String(e)));
        this.waiting.delete(id);
      }
    });
  }

  private sentDataset(worker: Worker, dataset: Dataset): number {
    const known = this.sent.get(dataset);
    if (known !== undefined) return known;
    const id = this.nextDataset++;
    const index = new Map(dataset.questions.map((q, k) => [q, k]));
    const byUid = [...dataset.byUid.values()].map((q) => index.get(q)!);
    worker.postMessage({
      type: 'dataset',
      dataset: id,
      root: dataset.root,
      layout: dataset.layout,
      rows: scoringRows(dataset),
      byUid,
    } satisfies ToWorker);
    this.sent.set(dataset, id);
    this.forgetting.register(dataset, { worker, dataset: id });
    this.counts.datasetsSent++;
    return id;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.script);
    this.counts.workersStarted++;
    w.unref();
    w.on('message', (m: FromWorker) => {
      const waiter = this.waiting.get(m.id);
      if (!waiter) return;
      if (m.type === 'progress') {
        waiter.onBytesRead?.(m.bytesRead);
        return;
      }
      this.waiting.delete(m.id);
      this.answered = true;
      if (m.type === 'done') this.decodeLater(waiter, m.bytes);
      else waiter.reject(errorFrom(m.error));
    });
    const gone = (e: Error) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      this.onStopped?.(e);
      if (!this.answered) this.unavailable = true;
      this.failAll(new WorkerStoppedError(e.message));
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the scoring worker exited (code ${code})`)));
    this.worker = w;
    this.answered = false;
    this.sent = new WeakMap();
    return w;
  }

  /**
   * Messages that arrive while the thread is busy are all delivered in one turn; decoding 25 files' reads there
   * would block it for hundreds of ms. Each is decoded in its own turn instead.
   */
  private decodeLater(waiter: Waiter, bytes: Uint8Array): void {
    this.decoding.push({ waiter, bytes });
    if (this.decodeScheduled) return;
    this.decodeScheduled = true;
    const next = () => {
      const item = this.decoding.shift();
      if (!item) {
        this.decodeScheduled = false;
        return;
      }
      try {
        item.waiter.resolve(this.decoded(item.waiter, item.bytes));
      } catch (e) {
        item.waiter.reject(e instanceof Error ? e : new Error(String(e)));
      }
      setImmediate(next);
    };
    setImmediate(next);
  }

  private decoded(waiter: Waiter, bytes: Uint8Array): ResultRead {
    const read = decodeRead(bytes, waiter.dataset);
    const memo = this.memos.for(waiter.reader ?? DEFAULT_READER);
    for (const o of read.evaluation.byUid.values()) {
      const kind = waiter.dataset.byUid.get(o.uid)?.kind;
      if (kind) o.parse = memo.shared(kind, o.prediction, o.parse);
    }
    return read;
  }

  private failAll(e: Error): void {
    const held = [...this.waiting.values()];
    this.waiting.clear();
    for (const h of held) h.reject(e);
  }
}

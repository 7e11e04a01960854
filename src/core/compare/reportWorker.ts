// Computes compare reports on a worker thread (reportWorkerMain.ts): the same `compareReport`, with every number's
// bits kept (typed arrays and structured clone). One worker, started on first use and not keeping the process
// alive; requests are answered in order.
import { Worker } from 'node:worker_threads';
import { compareReport, type CompareReport, type CompareReportOptions } from '../../shared/stats/compareReport';
import type { QuestionResult, ResultSet, SetIdentity } from '../../shared/stats/compare';
import { SUBTASK_KEYS } from '../../shared/subtasks';

export interface ReportRequest {
  id: number;
  sets: PackedSets;
  options: CompareReportOptions;
}

/**
 * Result sets as columns: cloning 25 maps of 2,772 result objects takes the sending thread about 55 ms and the
 * worker 150 ms; these columns move without a copy. The answers' text is left out: the report does not read it.
 */
export interface PackedSets {
  uids: string[];
  sets: Array<SetIdentity & { uid: Int32Array; score: Float64Array; unparsed: Uint8Array; subtask: Uint8Array; index: Int32Array }>;
}

export function packSets(sets: readonly ResultSet[]): { packed: PackedSets; transfer: ArrayBuffer[] } {
  const uidIndex = new Map<string, number>();
  const uids: string[] = [];
  const transfer: ArrayBuffer[] = [];
  const packed = sets.map((s) => {
    const n = s.results.size;
    const columns = {
      uid: new Int32Array(n),
      score: new Float64Array(n),
      unparsed: new Uint8Array(n),
      subtask: new Uint8Array(n),
      index: new Int32Array(n),
    };
    let k = 0;
    for (const [uid, r] of s.results) {
      let u = uidIndex.get(uid);
      if (u === undefined) {
        u = uids.push(uid) - 1;
        uidIndex.set(uid, u);
      }
      columns.uid[k] = u;
      columns.score[k] = r.score;
      columns.unparsed[k] = r.unparsed ? 1 : 0;
      columns.subtask[k] = SUBTASK_KEYS.indexOf(r.subtask);
      columns.index[k] = r.index;
      k++;
    }
    transfer.push(...Object.values(columns).map((c) => c.buffer as ArrayBuffer));
    const { results: _results, ...identity } = s;
    return { ...identity, ...columns };
  });
  return { packed: { uids, sets: packed }, transfer };
}

/** The sets again, their results in the same order (the order scores are added in). */
export function unpackSets(p: PackedSets): ResultSet[] {
  return p.sets.map(({ uid, score, unparsed, subtask, index, ...identity }) => {
    const results = new Map<string, QuestionResult>();
    for (let k = 0; k < uid.length; k++)
      results.set(p.uids[uid[k]], { subtask: SUBTASK_KEYS[subtask[k]], score: score[k], unparsed: unparsed[k] === 1, index: index[k] });
    return { ...identity, results };
  });
}
export type ReportReply = { id: number; report: CompareReport } | { id: number; error: string };

export type ReportComputer = (sets: readonly ResultSet[], options: CompareReportOptions) => Promise<CompareReport>;

/** The report on the calling thread (tests, or where no worker script is shipped). */
export const computeReportHere: ReportComputer = async (sets, options) => compareReport(sets, options);

export class CompareReportWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(r: CompareReport): void; reject(e: Error): void }>();

  /** `script`: the worker's bundled file, dist/compareWorker.js. */
  constructor(private readonly script: string) {}

  readonly compute: ReportComputer = (sets, options) =>
    new Promise<CompareReport>((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      try {
        const { packed, transfer } = packSets(sets);
        this.started().postMessage({ id, sets: packed, options } satisfies ReportRequest, transfer);
      } catch (e) {
        this.waiting.delete(id);
        reject(e as Error);
      }
    });

  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    void w?.terminate();
    this.failAll(new Error('the compare worker was stopped'));
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.script);
    w.unref();
    w.on('message', (m: ReportReply) => {
      const waiter = this.waiting.get(m.id);
      if (!waiter) return;
      this.waiting.delete(m.id);
      if ('error' in m) waiter.reject(new Error(`compare worker: ${m.error}`));
      else waiter.resolve(m.report);
    });
    // A worker that dies fails what it held; the next request starts a new one.
    const gone = (e: Error) => {
      if (this.worker === w) this.worker = undefined;
      this.failAll(e);
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the compare worker exited (code ${code})`)));
    this.worker = w;
    return w;
  }

  private failAll(e: Error): void {
    const held = [...this.waiting.values()];
    this.waiting.clear();
    for (const h of held) h.reject(e);
  }
}

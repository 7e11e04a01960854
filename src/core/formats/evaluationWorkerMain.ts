// The scoring worker thread (bundled to dist/evaluationWorker.js; evaluationWorker.ts starts it): reads and scores
// result files against the datasets the host sent, so their parse and its garbage stay off the host's thread.
import { parentPort } from 'node:worker_threads';
import { PredictionMemos } from '../../shared/parsing/repeatedPredictions';
import {
  datasetFromRows,
  encodeRead,
  errorParts,
  evaluateHere,
  type FromWorker,
  type ToWorker,
  type WorkerDataset,
} from './evaluationWorker';

/** How often a large file's read reports its progress. */
const PROGRESS_EVERY_MS = 50;

const datasets = new Map<number, WorkerDataset>();
const running = new Map<number, AbortController>();
/** Shared by every file this worker scores, as the store shared its own. */
const predictionMemos = new PredictionMemos();

const post = (m: FromWorker) => parentPort!.postMessage(m);

async function evaluate(m: Extract<ToWorker, { type: 'evaluate' }>): Promise<void> {
  const controller = new AbortController();
  running.set(m.id, controller);
  let reported = 0;
  const onBytesRead = m.progress
    ? (bytesRead: number) => {
        const now = Date.now();
        if (now - reported < PROGRESS_EVERY_MS) return;
        reported = now;
        post({ type: 'progress', id: m.id, bytesRead });
      }
    : undefined;
  try {
    const held = datasets.get(m.dataset);
    if (!held) throw new Error(`the scoring worker has no dataset ${m.dataset}`);
    const read = await evaluateHere(held.dataset, m.file, { ...m.options, signal: controller.signal, onBytesRead, predictionMemos });
    const bytes = encodeRead(read, held.positions);
    // Moved, not copied, when the buffer is the serializer's own.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const owned = whole ? bytes : Uint8Array.prototype.slice.call(bytes);
    parentPort!.postMessage({ type: 'done', id: m.id, bytes: owned } satisfies FromWorker, [owned.buffer as ArrayBuffer]);
  } catch (e) {
    post({ type: 'failed', id: m.id, error: errorParts(e) });
  } finally {
    running.delete(m.id);
  }
}

parentPort?.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'dataset':
      datasets.set(m.dataset, datasetFromRows(m));
      return;
    case 'forget':
      datasets.delete(m.dataset);
      return;
    case 'evaluate':
      void evaluate(m);
      return;
    case 'abort':
      running.get(m.id)?.abort();
  }
});

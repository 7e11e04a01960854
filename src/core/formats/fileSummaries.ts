// What `summary` prints about each result file: its evaluation without the per-question map, so that a summary of
// many files holds one file's outcomes at a time.
import type { Dataset } from '../dataset/question';
import { describeFsError } from '../dataset/safeRead';
import type { Evaluation } from '../results/evaluation';
import { withFormatLoss } from '../results/formatLoss';
import type { FormatLoss } from '../../shared/report/formatLoss';
import { evaluateResultFile, type FormatOptions } from './engine';

/** An evaluation without its per-question map, with its format loss and how its format was told. */
export interface FileSummary extends Omit<Evaluation, 'byUid' | 'formatLoss' | 'setFields'> {
  formatLoss: FormatLoss;
  format: { name: string; label: string; reason: string };
  sidecar?: { path: string; stale: boolean };
}

/** A file that could not be read, with why (the message of `describeFsError`). */
interface UnreadFile {
  file: string;
  error: string;
}

export type FileSummaryResult = { ok: true; summary: FileSummary } | ({ ok: false } & UnreadFile);

/** One file's summary, or why it could not be read. */
export async function summarizeResultFile(dataset: Dataset, file: string, options: FormatOptions): Promise<FileSummaryResult> {
  try {
    // Scored under both readers as it is read, keeping only scores: no outcome outlives its line.
    const fe = await evaluateResultFile(dataset, file, { ...options, formatLoss: true, outcomes: 'scores' });
    const { formatLoss } = withFormatLoss(fe.evaluation);
    const { byUid: _byUid, formatLoss: _formatLoss, setFields: _setFields, ...evaluation } = fe.evaluation;
    const { adapter, reason } = fe.detection;
    return {
      ok: true,
      summary: {
        ...evaluation,
        formatLoss,
        format: { name: adapter.name, label: adapter.label, reason },
        sidecar: fe.sidecar && { path: fe.sidecar.path, stale: fe.sidecar.stale },
      },
    };
  } catch (e) {
    return { ok: false, file, error: describeFsError(e) };
  }
}

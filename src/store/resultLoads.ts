// A large result file loads under a progress notification whose Cancel stops the read (loadCache.ts has the rest of
// what keeps loads cheap).
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Files at least this large load with a progress notification that has a Cancel button. */
export const LARGE_RESULT_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Runs a load of a large file under a progress notification: the bar follows the bytes read, and Cancel aborts
 * `controller`, which stops the read. Small files load without one.
 */
export function withLoadProgress<T>(
  file: string,
  size: number,
  controller: AbortController,
  load: (onProgress?: (bytesRead: number) => void) => Promise<T>,
): Promise<T> {
  if (size < LARGE_RESULT_FILE_BYTES) return load();
  const megabytes = (n: number) => Math.round(n / (1024 * 1024)).toLocaleString('en');
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `GST-Bench: loading ${path.basename(file)}`, cancellable: true },
      (progress, token) => {
        const sub = token.onCancellationRequested(() => controller.abort(new LoadCancelledError(file)));
        let reported = 0;
        progress.report({ message: `0 of ${megabytes(size)} MB` });
        return load((bytesRead) => {
          const percent = Math.min(100, (bytesRead / size) * 100);
          if (percent - reported < 1) return;
          progress.report({ increment: percent - reported, message: `${megabytes(bytesRead)} of ${megabytes(size)} MB` });
          reported = percent;
        }).finally(() => sub.dispose());
      },
    ),
  );
}

export class LoadCancelledError extends Error {
  override readonly name = 'AbortError';
  constructor(file: string) {
    super(`loading ${path.basename(file)} was cancelled`);
  }
}

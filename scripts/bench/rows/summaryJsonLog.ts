import { logSummaryRow } from '../lib/logSummaryRow';

// Inspect also writes its logs as one JSON document, which is read whole: the summary-eval row's samples in that form.
export const row = logSummaryRow({
  name: 'summary-json-log',
  figure: "CLI summary of an Inspect .json log of 2,772 samples (the summary-eval row's samples, one pretty-printed document)",
  limit: 'read dataset + read the log and JSON.parse it',
  order: 33,
  limitScript: 'jsonLogReadParse.mjs',
  logs: (inputs, scale) => inputs.inspectJsonLogs(scale),
});

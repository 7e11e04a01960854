import { logSummaryRow } from '../lib/logSummaryRow';

// A lab's logs are often Inspect's: the same scoring as `summary`, read out of a ZIP of one JSON file per sample.
export const row = logSummaryRow({
  name: 'summary-eval',
  figure: "CLI summary of an Inspect .eval log of 2,772 samples (one result file's lines, each sample with a 15 KB image attachment)",
  limit: 'read dataset + read the log, inflate and JSON.parse every sample',
  order: 32,
  limitScript: 'evalReadParse.mjs',
  logs: (inputs, scale) => inputs.inspectLogs(scale),
});

import { statSync } from 'node:fs';
import { MAX_DATASET_JSON_BYTES } from '../../../src/core/dataset/safeRead';
import { SkipRow, type BenchRow } from '../lib/row';
import { shippedCore } from '../lib/shipped';
import { readParseFile } from '../lib/readParse';
import { timeCall } from '../lib/timing';

export const row: BenchRow = {
  name: 'index-b',
  figure: 'index a dataset, layout B (one annotations file), as the extension first reads it (media checked after: media-check)',
  limit: 'read + JSON.parse the annotations file',
  target: { ratio: 'figure/limit', atMost: 1.5 },
  order: 21,
  scales: true,
  async measure(ctx) {
    const { readDatasetDeferringMedia } = shippedCore();
    const input = await ctx.inputs.dataset(ctx.scale);
    const bytes = statSync(input.annotations).size;
    const mb = `${(bytes / 1e6).toFixed(1)} MB`;
    // The reader refuses a dataset JSON file this large (a wrong file is not read into memory), so there is no figure.
    if (bytes > MAX_DATASET_JSON_BYTES)
      throw new SkipRow(`${mb} of annotations, over the reader's ${MAX_DATASET_JSON_BYTES / 2 ** 20} MiB limit`);
    return {
      figure: () => timeCall(() => readDatasetDeferringMedia(input.annotations)),
      limit: () => timeCall(() => readParseFile(input.annotations)),
      note: `${input.questions.toLocaleString('en')} records, ${mb}`,
    };
  },
};

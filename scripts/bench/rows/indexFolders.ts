import type { BenchRow } from '../lib/row';
import { shippedCore } from '../lib/shipped';
import { readParseQuestionFolders } from '../lib/readParse';
import { timeCall } from '../lib/timing';

export const row: BenchRow = {
  name: 'index-a',
  figure: 'index a dataset, layout A (2,772 question folders), as the extension first reads it (media checked after: media-check)',
  limit: 'read + JSON.parse each question.json',
  target: { ratio: 'figure/limit', atMost: 1.5 },
  order: 20,
  scales: true,
  async measure(ctx) {
    const { readDatasetDeferringMedia } = shippedCore();
    const input = await ctx.inputs.dataset(ctx.scale);
    return {
      figure: () => timeCall(() => readDatasetDeferringMedia(input.dir)),
      limit: () => timeCall(() => readParseQuestionFolders(input.dir)),
      note: `${input.questions.toLocaleString('en')} question folders`,
    };
  },
};

import { lstatSync } from 'node:fs';
import type { BenchRow } from '../lib/row';
import { shippedCore } from '../lib/shipped';

// What the extension does after a dataset's first read has shown its questions and its results are scored: every
// media file checked (an lstat in a real folder) and, when it exists, its type sniffed (open, a 16-byte read, close);
// then sample_summary.json checked against the folders.
export const row: BenchRow = {
  name: 'media-check',
  figure: "check and sniff every media file of layout A's 2,772 questions, then the summary, after the read that shows them (index-a)",
  limit: 'lstat every media path the questions name',
  target: { report: true },
  order: 22,
  scales: true,
  async measure(ctx) {
    const { readDatasetDeferringMedia } = shippedCore();
    const input = await ctx.inputs.dataset(ctx.scale);
    const { dataset } = await readDatasetDeferringMedia(input.dir);
    const paths = dataset.questions.flatMap((q) => [q.video, ...q.images].flatMap((m) => (m ? [`${q.dir}/${m.relPath}`] : [])));
    return {
      figure: async () => {
        const { media } = await readDatasetDeferringMedia(input.dir);
        const start = performance.now();
        await media.all();
        return performance.now() - start;
      },
      limit: () => {
        const start = performance.now();
        for (const p of paths) lstatSync(p, { throwIfNoEntry: false });
        return performance.now() - start;
      },
      note: `${paths.length.toLocaleString('en')} media paths`,
    };
  },
};

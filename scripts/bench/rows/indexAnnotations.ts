import { statSync } from 'node:fs';
import { readDataset } from '../../../src/core';
import type { BenchRow } from '../lib/row';
import { readParseFile } from '../lib/readParse';
import { timeCall } from '../lib/timing';

export const row: BenchRow = {
  name: 'index-b',
  figure: 'index a dataset, layout B (one annotations file), media checked and sniffed, as the extension first reads it',
  limit: 'read + JSON.parse the annotations file',
  target: { ratio: 'figure/limit', atMost: 1.5 },
  order: 21,
  scales: true,
  async measure(ctx) {
    const input = await ctx.inputs.dataset(ctx.scale);
    return {
      figure: () => timeCall(() => readDataset(input.annotations)),
      limit: () => timeCall(() => readParseFile(input.annotations)),
      note: `${input.questions.toLocaleString('en')} records, ${(statSync(input.annotations).size / 1e6).toFixed(1)} MB`,
    };
  },
};

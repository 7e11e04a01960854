// Writes test/fixtures/formats-demo/: the demo dataset's predictions (examples/demo/results) in other harnesses'
// formats, for the real-VS-Code tests, which open the demo: an lmms-eval --log_samples log (doc_id by position,
// checked by the copied question text, plus one record past the dataset's end), a VLMEvalKit .xlsx, and a generic
// CSV whose columns no format names (it needs a field mapping). Run with
// `npx tsx scripts/make-demo-format-fixtures.ts`; the output is deterministic.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { readDataset, type Question } from '../src/core';
import { xlsx } from './lib/xlsxWriter';

const ROOT = path.join(__dirname, '..');
const DEMO = path.join(ROOT, 'examples', 'demo');
const OUT = path.join(ROOT, 'test', 'fixtures', 'formats-demo');

function predictions(name: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(path.join(DEMO, 'results', `${name}.jsonl`), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const o = JSON.parse(line) as { uid: string; prediction: string };
    out.set(o.uid, o.prediction);
  }
  return out;
}

const truthText = (q: Question) => String(q.answer ?? '');

async function main(): Promise<void> {
  const dataset = await readDataset(DEMO, { sniffMedia: false });
  mkdirSync(OUT, { recursive: true });
  const qs = dataset.questions;

  // lmms-eval writes <out>/<model>/<date>_samples_<task>.jsonl; filtered_resps as a list, no resps, constant doc_hash.
  const oracle = predictions('noisy-oracle');
  const hash = '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b';
  const lmms = qs.map((q, i) =>
    JSON.stringify({ doc_id: i, target: truthText(q), filtered_resps: [oracle.get(q.uid) ?? ''], doc_hash: hash, input: q.texts[0] }),
  );
  lmms.push(
    JSON.stringify({ doc_id: qs.length, target: '1.0', filtered_resps: ['1.0'], doc_hash: hash, input: 'A question the demo lacks.' }),
  );
  mkdirSync(path.join(OUT, 'lmms-demo-model'), { recursive: true });
  writeFileSync(path.join(OUT, 'lmms-demo-model', '20260801_samples_gst_bench.jsonl'), lmms.join('\n') + '\n');

  // VLMEvalKit: index by position, the question copied, the prediction as the model wrote it.
  const random = predictions('random');
  writeFileSync(
    path.join(OUT, 'vlmevalkit-demo.xlsx'),
    xlsx([
      ['index', 'question', 'answer', 'prediction'],
      ...qs.map((q, i) => [i, q.texts[0] ?? '', truthText(q), random.get(q.uid) ?? '']),
    ]),
  );

  // A generic CSV: `answer` is the model's output and `ground_truth` the gold, so no format's detection fits.
  const b = predictions('template-b');
  const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const rows = qs.map((q) => [q.uid, b.get(q.uid) ?? '', truthText(q)].map(csvCell).join(','));
  writeFileSync(path.join(OUT, 'generic-demo.csv'), ['qid,answer,ground_truth', ...rows].join('\n') + '\n');
  console.log(`wrote ${path.relative(ROOT, OUT)}/{lmms-demo-model/20260801_samples_gst_bench.jsonl,vlmevalkit-demo.xlsx,generic-demo.csv}`);
}

void main();

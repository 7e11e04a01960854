// Peak memory of reading large result files: a generated lmms-eval samples log and an Inspect .eval archive of
// about SIZE_MB each are scored in child processes, and each child's peak RSS is printed next to the peak of a
// child that only loads the code and the dataset. Streaming means the difference stays far below the file size.
// Run: npx tsx scripts/bench/formatsMemory.ts [SIZE_MB]   (writes to a temp folder, removed afterwards)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ZipWriter } from '../lib/zipWriter';

const SIZE_MB = Number(process.argv[2] ?? 500);
const ROOT = path.resolve(__dirname, '..', '..');
const DATASET = path.join(ROOT, 'test/fixtures/formats/dataset.jsonl');
const STEMS = [
  'You stand by the door. In which direction is the red chair?',
  'How far is the sofa from you, in meters?',
  'Where are you on the top-down map?',
  'Which trajectory did the camera follow?\nA.\nB.\nC.\nD.',
];
const ANSWERS = ['-130', '1.0', '<point>391 698</point>', 'C'];

function writeLmmsEval(file: string, bytes: number): number {
  const fd = openSync(file, 'w');
  const filler = ' context'.repeat(250); // ~2 KB lines, like prompts with long instructions
  let written = 0;
  let n = 0;
  while (written < bytes) {
    const parts: string[] = [];
    for (let k = 0; k < 1000; k++, n++) {
      const i = n % STEMS.length;
      parts.push(
        JSON.stringify({ doc_id: i, target: 'x', filtered_resps: [ANSWERS[i]], doc_hash: 'null', input: STEMS[i] + filler }) + '\n',
      );
    }
    written += writeSync(fd, parts.join(''));
  }
  closeSync(fd);
  return n;
}

/** An Inspect .eval archive, streamed to disk one sample at a time. */
function writeInspectEval(file: string, bytes: number): number {
  const fd = openSync(file, 'w');
  const w = new ZipWriter((b) => writeSync(fd, b));
  const add = (name: string, data: Buffer) => w.add(name, data, 8, zlib.deflateRawSync(data, { level: 1 }));
  add('header.json', Buffer.from(JSON.stringify({ version: 2, status: 'success', eval: { model: 'bench/model' } })));
  let n = 0;
  while (w.size < bytes) {
    const i = n % STEMS.length;
    // An image attachment as Inspect stores one: base64 of random bytes, which deflate cannot shrink much.
    const image = randomBytes(75_000).toString('base64');
    const sample = {
      id: ['fx_angle', 'fx_dist', 'fx_point', 'fx_choice'][i],
      epoch: 1 + Math.floor(n / STEMS.length),
      input: [
        {
          role: 'user',
          content: [
            { type: 'text', text: STEMS[i] },
            { type: 'image', image: 'attachment://img' },
          ],
        },
      ],
      output: { model: 'bench', completion: ANSWERS[i], choices: [{ message: { role: 'assistant', content: ANSWERS[i] } }] },
      target: 'x',
      attachments: { img: `data:image/png;base64,${image}` },
    };
    add(`samples/${sample.id}_epoch_${sample.epoch}.json`, Buffer.from(JSON.stringify(sample)));
    n++;
  }
  w.finish();
  closeSync(fd);
  return n;
}

/** Runs the scoring (or only the loading) in a fresh process; returns its peak RSS in MiB and seconds taken. */
function measure(file: string | null): { rssMb: number; seconds: number; scored: number } {
  const code = `
    const { evaluateResultFile, readDataset } = require(${JSON.stringify(path.join(ROOT, 'src/core'))});
    (async () => {
      const ds = await readDataset(${JSON.stringify(DATASET)});
      const t = process.hrtime.bigint();
      let scored = 0;
      if (${JSON.stringify(file)} !== null) scored = (await evaluateResultFile(ds, ${JSON.stringify(file)}, { profile: 'paper' })).evaluation.scored;
      const seconds = Number(process.hrtime.bigint() - t) / 1e9;
      console.log(JSON.stringify({ rssMb: process.resourceUsage().maxRSS / 1024, seconds, scored }));
    })();`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8', cwd: ROOT });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const dir = mkdtempSync(path.join(tmpdir(), 'gst-formats-bench-'));
try {
  copyFileSync(DATASET, path.join(dir, 'dataset.jsonl'));
  const lmms = path.join(dir, '20260101_000000_samples_gst_bench.jsonl');
  const evalFile = path.join(dir, 'bench.eval');
  const lines = writeLmmsEval(lmms, SIZE_MB * 1024 * 1024);
  const samples = writeInspectEval(evalFile, SIZE_MB * 1024 * 1024);
  const base = measure(null);
  console.log(`baseline (code + dataset loaded): peak RSS ${base.rssMb.toFixed(0)} MiB`);
  for (const [label, file, count] of [
    ['lmms-eval samples', lmms, `${lines} lines`],
    ['Inspect .eval', evalFile, `${samples} samples`],
  ] as const) {
    const m = measure(file);
    const sizeMb = statSync(file).size / 1024 / 1024;
    console.log(
      `${label}: ${sizeMb.toFixed(0)} MiB file (${count}), ${m.scored} scored in ${m.seconds.toFixed(1)} s; peak RSS ${m.rssMb.toFixed(0)} MiB, ` +
        `${(m.rssMb - base.rssMb).toFixed(0)} MiB above baseline (${(((m.rssMb - base.rssMb) / sizeMb) * 100).toFixed(1)}% of the file size)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

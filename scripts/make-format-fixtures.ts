// Writes the binary fixtures of test/fixtures/formats/: a VLMEvalKit-style .xlsx and Inspect .eval archives with
// deflate and zstd entries. Run with `npx tsx scripts/make-format-fixtures.ts`; needs the `zstd` command (Debian
// package zstd). The output is deterministic (fixed timestamps), so a rerun changes no bytes.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { xlsx } from './lib/xlsxWriter';
import { ZipWriter, type ZipMethod } from './lib/zipWriter';

const OUT = path.join(__dirname, '..', 'test', 'fixtures', 'formats');

/** 14 (LZMA) is a method the reader refuses. */
type Method = ZipMethod;

interface Entry {
  name: string;
  data: string;
  method: Method;
}

function compress(data: Buffer, method: Method): Buffer {
  if (method === 0) return data;
  if (method === 8) return zlib.deflateRawSync(data);
  if (method === 93) {
    const r = spawnSync('zstd', ['-q', '-c', '-19'], { input: data });
    if (r.status !== 0) throw new Error(`zstd failed: ${r.stderr}`);
    return r.stdout;
  }
  return Buffer.from('not really LZMA data');
}

function zip(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const w = new ZipWriter((b) => parts.push(b));
  for (const e of entries) {
    const data = Buffer.from(e.data, 'utf8');
    w.add(e.name, data, e.method, compress(data, e.method));
  }
  w.finish();
  return Buffer.concat(parts);
}

const json = (v: unknown) => JSON.stringify(v);

/** An Inspect sample as Inspect writes it (the fields the reader uses, plus a few it must ignore). */
function sample(id: string, epoch: number, extra: Record<string, unknown>) {
  return json({
    id,
    epoch,
    input: [{ role: 'user', content: `Question ${id}` }],
    target: 'see dataset',
    messages: [],
    metadata: {},
    store: {},
    events: [],
    model_usage: {},
    ...extra,
  });
}

function inspectEntries(sampleMethod: Method): Entry[] {
  const header = json({
    version: 2,
    status: 'success',
    eval: { task: 'gst_bench', model: 'openai/gpt-4o', dataset: { name: 'gst-bench' } },
    plan: {},
    results: {},
    stats: {},
  });
  return [
    { name: '_journal/start.json', method: 8, data: json({ version: 2, eval: { task: 'gst_bench', model: 'openai/gpt-4o' } }) },
    // Completion order, not id order; fx_angle ran twice (epochs 1 and 2).
    {
      name: 'samples/fx_choice_epoch_1.json',
      method: sampleMethod,
      data: sample('fx_choice', 1, {
        output: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: 'C' } }], completion: 'C' },
        target: ' C',
        scores: { match: { value: 'C', answer: 'C' } },
      }),
    },
    {
      name: 'samples/fx_angle_epoch_2.json',
      method: sampleMethod,
      data: sample('fx_angle', 2, {
        output: {
          model: 'gpt-4o',
          choices: [
            {
              message: {
                role: 'assistant',
                content: [
                  { type: 'reasoning', reasoning: 'hmm' },
                  { type: 'text', text: '-130' },
                ],
              },
            },
          ],
        },
        target: ['-134'],
        scores: { match: { value: 'I' } },
      }),
    },
    {
      name: 'samples/fx_angle_epoch_1.json',
      method: sampleMethod,
      data: sample('fx_angle', 1, {
        output: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: '90' } }], completion: '90' },
        scores: { match: { value: 'I' } },
      }),
    },
    {
      name: 'samples/fx_point_epoch_1.json',
      method: sampleMethod,
      data: sample('fx_point', 1, {
        input: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'attachment://3f2a' },
              { type: 'image', image: 'attachment://9c1d' },
            ],
          },
        ],
        output: {
          model: 'gpt-4o',
          choices: [{ message: { role: 'assistant', content: 'attachment://77aa' } }],
          completion: 'attachment://77aa',
        },
        attachments: {
          '3f2a': 'Where are you on the top-down map?',
          '9c1d': 'data:image/png;base64,iVBORw0KGgo=',
          '77aa': 'I am at <point>391 698</point>.',
        },
      }),
    },
    {
      name: 'samples/fx_dist_epoch_1.json',
      method: sampleMethod,
      data: sample('fx_dist', 1, {
        output: { model: 'gpt-4o', choices: [] },
        error: { message: 'RuntimeError: the model timed out', traceback: '' },
      }),
    },
    { name: 'summaries.json', method: 8, data: json([]) },
    { name: 'reductions.json', method: 8, data: json([]) },
    { name: 'header.json', method: 8, data: header },
  ];
}

writeFileSync(
  path.join(OUT, 'vlmevalkit-predictions.xlsx'),
  xlsx([
    ['index', 'question', 'A', 'B', 'answer', 'category', 'prediction', 'hit'],
    [0, 'You stand by the door. In which direction is the red chair?', '', '', '-134', 'EDv', 'About 45 degrees to the right.', 0],
    [3, 'Which trajectory did the camera follow?\nA.\nB.\nC.\nD.', 'left', 'right', 'C', 'Traj', 'C. The camera turned\nright twice.', 1],
    [2, 'Where are you on the top-down map?', '', '', '<point>391 698</point>', 'Pos', '(391, 700)', 1],
    [1, 'A question this dataset does not have.', '', '', '1.0', 'EDist', '1.0', 1],
  ]),
);
writeFileSync(path.join(OUT, 'inspect-deflate.eval'), zip(inspectEntries(8)));
writeFileSync(
  path.join(OUT, 'inspect-zstd.eval'),
  zip([...inspectEntries(93), { name: 'samples/1007_epoch_1.json', method: 14, data: sample('1007', 1, { output: { completion: 'B' } }) }]),
);
console.log(`wrote ${OUT}/{vlmevalkit-predictions.xlsx,inspect-deflate.eval,inspect-zstd.eval}`);

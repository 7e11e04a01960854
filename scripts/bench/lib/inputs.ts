// The benchmark's inputs, made on demand by the generator's scale mode at a fixed seed in one temp folder that
// the runner removes afterwards (also on Ctrl-C). Each input is made once per scale and shared by the rows.
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { readDataset, type Dataset } from '../../../src/core';
import { generatePaperSizeDataset } from '../paperSizeDataset';
import { Rng } from '../../../src/generator/random';
import { simulateResults, type ResultLine } from '../../../src/generator/results';
import { ZipWriter } from '../../lib/zipWriter';
import { deflateRawSync } from 'node:zlib';

export const SEED = '7';
/** The paper-size dataset: 231 questions for each of the 12 subtasks, 2,772 question folders. */
const QUESTIONS_PER_SUBTASK = { full: 231, quick: 2 };
/** Lines of the rescored file; with repeated uids, as a file of repeated runs has. */
const RESCORE_LINES = { full: 100_000, quick: 500 };
/** Result files of summary and compare, one line per question each. */
const RESULT_FILES = { full: 25, quick: 3 };
/** Inspect .eval logs of the summary-eval row at 1x, and the image attachment each sample carries (bytes before base64). */
const INSPECT_LOGS = { full: 1, quick: 1 };
const INSPECT_ATTACHMENT_BYTES = { full: 15_000, quick: 100 };
/** Share of lines whose prediction carries a reasoning trace, and the trace's length. */
export const TRACE_SHARE = 0.15;
export const TRACE_CHARS = 2048;

export interface DatasetInput {
  /** Layout A: the folder of question folders. */
  dir: string;
  /** Layout B: one annotations .json array beside those folders, naming the same media. */
  annotations: string;
  questions: number;
}

export class BenchInputs {
  readonly root = mkdtempSync(path.join(tmpdir(), 'gst-bench-'));
  private readonly datasets = new Map<number, Promise<DatasetInput>>();
  private readonly loaded = new Map<number, Promise<Dataset>>();
  private readonly rescoreFiles = new Map<number, Promise<string>>();
  private readonly fileSets = new Map<number, Promise<string[]>>();
  private readonly inspectSets = new Map<number, Promise<string[]>>();
  private readonly inspectJsonSets = new Map<number, Promise<string[]>>();

  constructor(
    private readonly quick: boolean,
    private readonly log: (m: string) => void,
  ) {}

  /** The generated dataset at `scale` times the paper's question count. */
  dataset(scale: number): Promise<DatasetInput> {
    return once(this.datasets, scale, () => this.makeDataset(scale));
  }

  /** A result file of the rescore rows' length times `scale`, over the dataset at scale 1. */
  rescoreFile(scale: number): Promise<string> {
    return once(this.rescoreFiles, scale, () => this.makeRescoreFile(scale));
  }

  /** `scale` times the summary rows' file count, each one line per question of the dataset at scale 1. */
  resultFiles(scale: number): Promise<string[]> {
    return once(this.fileSets, scale, () => this.makeResultFiles(scale));
  }

  /**
   * `scale` times the summary-eval row's Inspect .eval logs: each the lines of one result file as samples (the uid as
   * the sample's id, the prediction as its completion), each sample with an image attachment as Inspect stores one.
   */
  inspectLogs(scale: number): Promise<string[]> {
    return once(this.inspectSets, scale, () => this.makeInspectLogs(scale, 'eval'));
  }

  /** The same logs as `inspectLogs`, written as Inspect's .json logs: one pretty-printed document each. */
  inspectJsonLogs(scale: number): Promise<string[]> {
    return once(this.inspectJsonSets, scale, () => this.makeInspectLogs(scale, 'json'));
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  private async makeDataset(scale: number): Promise<DatasetInput> {
    const perSubtask = (this.quick ? QUESTIONS_PER_SUBTASK.quick : QUESTIONS_PER_SUBTASK.full) * scale;
    const dir = path.join(this.root, `dataset-${scale}x`);
    this.log(`generating a dataset of ${(perSubtask * 12).toLocaleString('en')} questions (scale mode, seed ${SEED})…`);
    await generatePaperSizeDataset(dir, SEED, { questionsPerSubtask: perSubtask });
    // Layout B: the same questions as one array, media paths relative to the file's folder.
    const records: unknown[] = [];
    for (const folder of readdirSync(dir, { withFileTypes: true })) {
      if (!folder.isDirectory() || folder.name === 'results') continue;
      const q = JSON.parse(readFileSync(path.join(dir, folder.name, 'question.json'), 'utf8')) as Record<string, unknown>;
      const images = (q.images as Array<Record<string, unknown>>).map((im) => ({
        ...im,
        copied_path: `${folder.name}/${String(im.copied_path)}`,
      }));
      records.push({ ...q, copied_video_path: `${folder.name}/${String(q.copied_video_path)}`, images });
    }
    const annotations = path.join(dir, 'annotations.json');
    writeFileSync(annotations, JSON.stringify(records, null, 2) + '\n');
    return { dir, annotations, questions: records.length };
  }

  private loadedDataset(): Promise<Dataset> {
    return once(this.loaded, 1, () => this.dataset(1).then((input) => readDataset(input.dir, { sniffMedia: false })));
  }

  /** Predictions of the generator's simulated models for `lines` lines (uids cycle), traces added. */
  private async lines(lines: number, model: 'noisy-oracle' | 'random' | 'template-b', label: string): Promise<ResultLine[]> {
    const dataset = await this.loadedDataset();
    const questions = dataset.questions.map((q) => ({ uid: q.uid, kind: q.kind!, answer: q.answer as string | number }));
    return withTraces(simulateResults(SEED, questions, lines)[model], label);
  }

  private async makeRescoreFile(scale: number): Promise<string> {
    const lines = (this.quick ? RESCORE_LINES.quick : RESCORE_LINES.full) * scale;
    this.log(`generating a result file of ${lines.toLocaleString('en')} lines…`);
    const file = path.join(this.root, `rescore-${scale}x.jsonl`);
    writeJsonl(file, await this.lines(lines, 'template-b', 'rescore'));
    return file;
  }

  private async makeResultFiles(scale: number): Promise<string[]> {
    const count = (this.quick ? RESULT_FILES.quick : RESULT_FILES.full) * scale;
    const perFile = (await this.loadedDataset()).questions.length;
    this.log(`generating ${count} result files of ${perFile.toLocaleString('en')} lines…`);
    const models = ['noisy-oracle', 'template-b', 'random'] as const;
    const sources = await Promise.all(models.map((m) => this.lines(perFile, m, `files/${m}`)));
    const dir = path.join(this.root, `files-${scale}x`);
    mkdirSync(dir);
    const files: string[] = [];
    for (let k = 0; k < count; k++) {
      // Each file mixes the three simulated models' lines in its own proportion, so no two files are alike.
      const lines = sources[0].map((_, i) => {
        const source = sources[(i * 7 + k * 13) % (3 + (k % 5)) < 3 ? (i + k) % 3 : 0][i];
        return { ...source, model: `model-${k % 9}`, template: `t${k % 3}`, run: String(Math.floor(k / 9)) };
      });
      const file = path.join(dir, `file-${String(k).padStart(3, '0')}.jsonl`);
      writeJsonl(file, lines);
      files.push(file);
    }
    return files;
  }

  private async makeInspectLogs(scale: number, kind: 'eval' | 'json'): Promise<string[]> {
    const count = (this.quick ? INSPECT_LOGS.quick : INSPECT_LOGS.full) * scale;
    const attachment = this.quick ? INSPECT_ATTACHMENT_BYTES.quick : INSPECT_ATTACHMENT_BYTES.full;
    const sources = await this.resultFiles(Math.ceil(count / (this.quick ? RESULT_FILES.quick : RESULT_FILES.full)));
    this.log(`generating ${count} Inspect .${kind} log(s), one result file's lines each…`);
    const dir = path.join(this.root, `inspect-${kind}-${scale}x`);
    mkdirSync(dir);
    const logs: string[] = [];
    for (let k = 0; k < count; k++) {
      const lines = readFileSync(sources[k], 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as ResultLine);
      const file = path.join(dir, `log-${String(k).padStart(3, '0')}.${kind}`);
      const samples = new InspectSamples(`model-${k % 9}`, new Rng(`gst-bench/${SEED}/inspect/${k}`), attachment);
      if (kind === 'eval') writeInspectEvalLog(file, lines, samples);
      else
        writeFileSync(
          file,
          JSON.stringify(
            { version: 2, status: 'success', eval: { model: samples.model }, samples: lines.map((l) => samples.of(l)) },
            null,
            2,
          ),
        );
      logs.push(file);
    }
    return logs;
  }
}

/** Inspect samples of result lines, each with the same random image attachment (it does not compress). */
class InspectSamples {
  private readonly attachment: string;

  constructor(
    readonly model: string,
    rng: Rng,
    attachmentBytes: number,
  ) {
    const image = Buffer.alloc(attachmentBytes);
    for (let i = 0; i < image.length; i++) image[i] = rng.int(0, 255);
    this.attachment = `data:image/png;base64,${image.toString('base64')}`;
  }

  /** The line as a sample: its uid as the id, its prediction as the completion. */
  of(line: ResultLine): object {
    return {
      id: line.uid,
      epoch: 1,
      input: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is the object marked in the video?' },
            { type: 'image', image: 'attachment://img' },
          ],
        },
      ],
      messages: [{ role: 'assistant', content: line.prediction }],
      output: { model: this.model, completion: line.prediction, choices: [{ message: { role: 'assistant', content: line.prediction } }] },
      target: 'x',
      attachments: { img: this.attachment },
    };
  }
}

/** An Inspect .eval log (a ZIP: header.json and samples/<id>_epoch_1.json, deflated) of the lines as samples. */
function writeInspectEvalLog(file: string, lines: readonly ResultLine[], samples: InspectSamples): void {
  const fd = openSync(file, 'w');
  try {
    const zip = new ZipWriter((b) => writeFully(fd, b));
    const add = (name: string, text: string) => {
      const data = Buffer.from(text, 'utf8');
      zip.add(name, data, 8, deflateRawSync(data));
    };
    add('header.json', JSON.stringify({ version: 2, status: 'success', eval: { model: samples.model } }));
    for (const line of lines) add(`samples/${encodeURIComponent(line.uid)}_epoch_1.json`, JSON.stringify(samples.of(line)));
    zip.finish();
  } finally {
    closeSync(fd);
  }
}

/** The value made for `key`, made on first use. */
function once<T>(made: Map<number, T>, key: number, make: () => T): T {
  let v = made.get(key);
  if (v === undefined) {
    v = make();
    made.set(key, v);
  }
  return v;
}

/** Lines written as JSON lines, a block at a time: the 16x file (790 MB) is beyond one V8 string. */
function writeJsonl(file: string, lines: readonly object[]): void {
  const fd = openSync(file, 'w');
  try {
    for (let start = 0; start < lines.length; start += LINES_PER_WRITE) {
      const block = lines.slice(start, start + LINES_PER_WRITE);
      writeFully(fd, Buffer.from(block.map((l) => JSON.stringify(l)).join('\n') + '\n', 'utf8'));
    }
  } finally {
    closeSync(fd);
  }
}

const LINES_PER_WRITE = 10_000;

function writeFully(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
}

const TRACE_SENTENCES = [
  (r: Rng) =>
    `At frame ${r.int(1, 300)} the ${r.pick(OBJECTS)} was about ${r.range(0.5, 9).toFixed(1)} meters away, slightly to the ${r.pick(['left', 'right'])}.`,
  (r: Rng) => `Then the camera turned roughly ${r.int(10, 170)} degrees ${r.pick(['left', 'right'])} and passed the ${r.pick(OBJECTS)}.`,
  (r: Rng) => `On the map the ${r.pick(OBJECTS)} should be near (${r.int(0, 999)}, ${r.int(0, 999)}), but I am not certain.`,
  (r: Rng) => `Option ${r.pick(['A', 'B', 'C', 'D'])} has ${r.int(2, 6)} rooms, which does not match what I saw.`,
  (r: Rng) => `Let me reconsider: the ${r.pick(OBJECTS)} was behind me when I entered the ${r.pick(ROOMS)}.`,
];
const OBJECTS = ['sofa', 'refrigerator', 'wardrobe', 'ottoman', 'bed', 'table', 'chair', 'lamp', 'desk'];
const ROOMS = ['kitchen', 'bedroom', 'hallway', 'living room', 'bathroom'];

/** Gives TRACE_SHARE of the lines (chosen by a seeded draw per line) a <think> trace of TRACE_CHARS before the answer. */
function withTraces(lines: ResultLine[], label: string): ResultLine[] {
  return lines.map((line, i) => {
    const r = new Rng(`gst-bench/${SEED}/trace/${label}/${i}`);
    if (!r.chance(TRACE_SHARE)) return line;
    let trace = '';
    while (trace.length < TRACE_CHARS) trace += (trace ? ' ' : '') + r.pick(TRACE_SENTENCES)(r);
    return { ...line, prediction: `<think>${trace.slice(0, TRACE_CHARS)}</think>${line.prediction}` };
  });
}

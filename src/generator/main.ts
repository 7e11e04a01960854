// npm run make-dataset -- --out <dir> [--scenes N] [--questions-per-subtask K] [--seed S] [--no-video] [--size WxH]
//   [--results-lines N] [--diagnosis-fixture] [--force]
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS, generateDataset } from './generate';
import { FfmpegMissingError } from './video';

const USAGE = `Writes a synthetic GST-Bench dataset (layout A) with simulated result files.

Usage: npm run make-dataset -- --out <dir> [options]
  --out <dir>                  output folder (must be empty or missing, unless --force)
  --scenes <N>                 question scenes (default ${DEFAULT_OPTIONS.scenes})
  --questions-per-subtask <K>  questions for each of the 12 subtasks (default ${DEFAULT_OPTIONS.questionsPerSubtask})
  --seed <S>                   seed; the same seed gives the same question.json and PNG files (default ${DEFAULT_OPTIONS.seed})
  --size <WxH>                 first-person frame size (default ${DEFAULT_OPTIONS.width}x${DEFAULT_OPTIONS.height}; the real data is 640x512)
  --no-video                   no MP4s (question.json still names them) and 8x8 stub query views: scale mode
  --results-lines <N>          lines per result file (default: one per question; more cycle through the uids again)
  --diagnosis-fixture          also write results/diagnosis-fixture.jsonl, with a known number of each failure class
                               injected, and the counts \`gst-bench diagnose\` must find (diagnosis-fixture.expected.json)
  --force                      replace a non-empty output folder`;

function positiveInt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not "${v}"`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      scenes: { type: 'string' },
      'questions-per-subtask': { type: 'string' },
      seed: { type: 'string' },
      size: { type: 'string' },
      'no-video': { type: 'boolean' },
      'results-lines': { type: 'string' },
      force: { type: 'boolean' },
      'diagnosis-fixture': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.out) {
    console.error(`--out <dir> is required\n\n${USAGE}`);
    return 2;
  }
  let width: number = DEFAULT_OPTIONS.width;
  let height: number = DEFAULT_OPTIONS.height;
  if (values.size) {
    const m = /^(\d+)x(\d+)$/.exec(values.size);
    if (!m || Number(m[1]) < 32 || Number(m[2]) < 32 || Number(m[1]) % 2 || Number(m[2]) % 2)
      throw new Error(`--size must be WxH with even W, H >= 32, e.g. 640x512; not "${values.size}"`);
    width = Number(m[1]);
    height = Number(m[2]);
  }
  const noVideo = values['no-video'] === true;
  const report = await generateDataset({
    out: values.out,
    seed: values.seed ?? DEFAULT_OPTIONS.seed,
    scenes: positiveInt('--scenes', values.scenes, DEFAULT_OPTIONS.scenes),
    questionsPerSubtask: positiveInt('--questions-per-subtask', values['questions-per-subtask'], DEFAULT_OPTIONS.questionsPerSubtask),
    width,
    height,
    video: !noVideo,
    stubViews: noVideo,
    resultsLines: values['results-lines'] === undefined ? undefined : positiveInt('--results-lines', values['results-lines'], 1),
    force: values.force,
    diagnosisFixture: values['diagnosis-fixture'],
    command: `npm run make-dataset -- ${argv.join(' ')}`,
    log: (m) => console.error(m),
  });
  console.log(
    `wrote ${report.questions} questions (${Object.keys(report.perSubtask).length} subtasks), ${report.videosEncoded} videos encoded, to ${values.out} in ${report.seconds.toFixed(1)} s`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof FfmpegMissingError ? e.message : `make-dataset: ${(e as Error).message}`);
    process.exit(e instanceof FfmpegMissingError ? 3 : 1);
  },
);

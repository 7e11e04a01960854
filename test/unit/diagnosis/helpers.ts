import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { seededRandom } from '../../../src/shared/diagnosis/random';
import { REPO_ROOT } from '../helpers/shared';
import { parseGroundTruth, parsePrediction, subtaskInfo, type DiagnosisAnswer, type SubtaskKey } from '../../../src/core';

let serial = 0;

/** A scored answer built from the truth as question.json writes it and the model's raw text, through the real parsers. */
export function answer(subtask: SubtaskKey, truth: string | number, raw: string, extra: Partial<DiagnosisAnswer> = {}): DiagnosisAnswer {
  const kind = subtaskInfo(subtask)!.kind;
  const t = parseGroundTruth(kind, truth);
  if (!t) throw new Error(`bad truth ${truth}`);
  return { uid: extra.uid ?? `${subtask}_${serial++}`, subtask, truth: t, parsed: parsePrediction(kind, raw).parsed, raw, ...extra };
}

/** A deterministic generator for the chance tests. */
export function seeded(seed: number): () => number {
  return seededRandom(`test/${seed}`);
}

/** Writes the generator's diagnosis fixture (no videos) into a new temp folder and returns the dataset's folder. */
export function makeDiagnosisFixture(questionsPerSubtask: number, seed?: number): string {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'gst-fixture-')), 'ds');
  const args = ['--out', out, '--no-video', '--questions-per-subtask', String(questionsPerSubtask), '--diagnosis-fixture'];
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'src/generator/main.ts'), ...args, ...(seed === undefined ? [] : ['--seed', String(seed)])],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`make-dataset --diagnosis-fixture failed: ${r.stderr}`);
  return out;
}

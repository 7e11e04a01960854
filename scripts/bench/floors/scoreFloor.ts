// The least a scoring command must do with this project's answer readers, in plain Node. Bundled to
// dist/bench/scoreFloor.js; the score-floor and rescore-floor rows run it.
// - `files <dataset-dir> <results.jsonl>...`: the summary limit's work (read and JSON.parse every question.json and
//   every result line), then each line's prediction read under the lenient and the strict reader (each distinct
//   short one once in the run, as the CLI does) and scored under both, summed per subtask.
// - `rescore <results.jsonl> <dataset-dir>`: the file read and split, each line JSON.parsed, its prediction read
//   under the lenient reader and scored, then the file's bytes written back unchanged to a temp file, fsynced and
//   renamed over it: a rescore that writes no owned field.
// Neither reports problems, locations or duplicates, detects a format, or prints anything.
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { parseGroundTruth } from '../../../src/shared/parsing/answerParser';
import type { ParsedValue } from '../../../src/shared/parsing/parsedValue';
import { RepeatedPredictions } from '../../../src/shared/parsing/repeatedPredictions';
import { scoreParsed } from '../../../src/shared/scoring/scorer';
import { subtaskForTask, subtaskInfo, type AnswerKind } from '../../../src/shared/subtasks';
import { forEachLines } from '../limits/lines.mjs';
import { readQuestions } from '../limits/questions.mjs';

interface ScorableQuestion {
  subtask: string;
  kind: AnswerKind;
  truth: ParsedValue;
}

/** The questions the limits read (`limits/questions.mjs`, the same read), with what scoring needs of each. */
function scorableQuestions(dataset: string): Map<string, ScorableQuestion> {
  const questions = new Map<string, ScorableQuestion>();
  for (const [uid, q] of readQuestions(dataset)) {
    const subtask = subtaskForTask(q.task);
    const info = subtaskInfo(subtask);
    const truth = info ? parseGroundTruth(info.kind, q.answer) : null;
    if (info && truth) questions.set(uid, { subtask, kind: info.kind, truth });
  }
  return questions;
}

/** The lines' scores under `readers`, summed; lines of unknown questions are passed over. */
function scoreLines(lines: string[], questions: Map<string, ScorableQuestion>, readers: RepeatedPredictions[]): number {
  let total = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as { uid: unknown; prediction: unknown };
    const q = questions.get(String(record.uid));
    if (!q) continue;
    const prediction = String(record.prediction);
    for (const reader of readers) total += scoreParsed(q.truth, reader.read(q.kind, prediction).parsed, 'paper').score;
  }
  return total;
}

const [mode, ...args] = process.argv.slice(2);
let total = 0;
if (mode === 'files') {
  const [dataset, ...files] = args;
  const questions = scorableQuestions(dataset);
  // One memory per reader for all the files, as the CLI's summary and compare keep.
  const readers = [new RepeatedPredictions('lenient'), new RepeatedPredictions('strict')];
  for (const file of files) forEachLines(file, (lines) => (total += scoreLines(lines, questions, readers)));
} else if (mode === 'rescore') {
  // In chunks, as the CLI and the limits read: a 16x file is beyond one V8 string.
  const [file, dataset] = args;
  const questions = scorableQuestions(dataset);
  const lenient = [new RepeatedPredictions('lenient')];
  const temp = `${file}.floor.tmp`;
  const output = openSync(temp, 'w');
  forEachLines(
    file,
    (lines) => (total += scoreLines(lines, questions, lenient)),
    (bytes) => {
      for (let done = 0; done < bytes.length;) done += writeSync(output, bytes, done, bytes.length - done);
    },
  );
  fsyncSync(output);
  closeSync(output);
  renameSync(temp, file);
} else throw new Error('usage: scoreFloor.js files <dataset-dir> <results.jsonl>... | rescore <results.jsonl> <dataset-dir>');
if (!(total > 0)) throw new Error('no result line was scored');

// The least a scoring command must do with this project's answer readers, in plain Node. Bundled to
// dist/bench/scoreFloor.js; the score-floor and rescore-floor rows run it.
// - `files <dataset-dir> <results.jsonl>...`: the summary limit's work (read and JSON.parse every question.json and
//   every result line), then each line's prediction read under the lenient and the strict reader (each distinct
//   short one once, as the CLI does) and scored under both, summed per subtask.
// - `rescore <results.jsonl> <dataset-dir>`: the file read and split, each line JSON.parsed, its prediction read
//   under the lenient reader and scored, then the file's bytes written back unchanged to a temp file, fsynced and
//   renamed over it: a rescore that writes no owned field.
// Neither reports problems, locations or duplicates, detects a format, or prints anything.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { parseGroundTruth } from '../../../src/shared/parsing/answerParser';
import type { ParsedValue } from '../../../src/shared/parsing/parsedValue';
import { RepeatedPredictions } from '../../../src/shared/parsing/repeatedPredictions';
import { scoreParsed } from '../../../src/shared/scoring/scorer';
import { subtaskForTask, subtaskInfo, type AnswerKind } from '../../../src/shared/subtasks';

interface ScorableQuestion {
  subtask: string;
  kind: AnswerKind;
  truth: ParsedValue;
}

function readQuestions(dataset: string): Map<string, ScorableQuestion> {
  const questions = new Map<string, ScorableQuestion>();
  for (const name of readdirSync(dataset)) {
    let text: string;
    try {
      text = readFileSync(path.join(dataset, name, 'question.json'), 'utf8');
    } catch {
      continue;
    }
    const q = JSON.parse(text) as { uid: unknown; task: string; answer: unknown };
    const subtask = subtaskForTask(q.task);
    const info = subtaskInfo(subtask);
    const truth = info ? parseGroundTruth(info.kind, q.answer) : null;
    if (info && truth) questions.set(String(q.uid), { subtask, kind: info.kind, truth });
  }
  return questions;
}

/** The lines' scores under `readers`, summed; lines of unknown questions are passed over. */
function scoreLines(text: string, questions: Map<string, ScorableQuestion>, readers: RepeatedPredictions[]): number {
  let total = 0;
  for (const line of text.split('\n')) {
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
  const questions = readQuestions(dataset);
  for (const file of files) {
    total += scoreLines(readFileSync(file, 'utf8'), questions, [new RepeatedPredictions('lenient'), new RepeatedPredictions('strict')]);
  }
} else if (mode === 'rescore') {
  const [file, dataset] = args;
  const questions = readQuestions(dataset);
  const bytes = readFileSync(file);
  total = scoreLines(bytes.toString('utf8'), questions, [new RepeatedPredictions('lenient')]);
  const temp = `${file}.floor.tmp`;
  const fd = openSync(temp, 'w');
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, file);
} else throw new Error('usage: scoreFloor.js files <dataset-dir> <results.jsonl>... | rescore <results.jsonl> <dataset-dir>');
if (!(total > 0)) throw new Error('no result line was scored');

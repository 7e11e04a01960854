// The limit a rescore is measured against: plain Node doing the least any rescore must do. It reads every
// question.json of the dataset, then reads the result file, JSON.parses and JSON.stringifies every line, and
// writes the lines to a temp file that it fsyncs and renames over the original.
// Usage: node rescore.mjs <results.jsonl> <dataset-dir>
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { readQuestions } from './questions.mjs';

const [results, dataset] = process.argv.slice(2);
const questions = readQuestions(dataset);
const out = [];
for (const line of readFileSync(results, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line);
  if (!questions.has(String(record.uid))) throw new Error(`unknown uid ${record.uid}`);
  out.push(JSON.stringify(record));
}
const tmp = `${results}.limit.tmp`;
const fd = openSync(tmp, 'w');
writeSync(fd, out.join('\n') + '\n');
fsyncSync(fd);
closeSync(fd);
renameSync(tmp, results);

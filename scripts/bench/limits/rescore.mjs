// The limit a rescore is measured against: plain Node doing the least any rescore must do. It reads every
// question.json of the dataset, then reads the result file in 64 KiB chunks (lines.mjs), JSON.parses and
// JSON.stringifies every line, and writes the lines to a temp file that it fsyncs and renames over the original.
// It streams, as the CLI does, so that it runs on files of any size (one string of a 790 MB file is beyond V8's
// limit).
// Usage: node rescore.mjs <results.jsonl> <dataset-dir>
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { forEachLines } from './lines.mjs';
import { readQuestions } from './questions.mjs';

const [results, dataset] = process.argv.slice(2);
const questions = readQuestions(dataset);
const tmp = `${results}.limit.tmp`;
const output = openSync(tmp, 'w');

function rewrite(lines) {
  const out = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line);
    if (!questions.has(String(record.uid))) throw new Error(`unknown uid ${record.uid}`);
    out.push(JSON.stringify(record));
  }
  if (out.length === 0) return;
  const bytes = Buffer.from(out.join('\n') + '\n', 'utf8');
  for (let done = 0; done < bytes.length;) done += writeSync(output, bytes, done, bytes.length - done);
}

forEachLines(results, rewrite);
fsyncSync(output);
closeSync(output);
renameSync(tmp, results);

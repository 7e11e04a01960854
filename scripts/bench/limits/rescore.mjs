// The limit a rescore is measured against: plain Node doing the least any rescore must do. It reads every
// question.json of the dataset, then reads the result file in 1 MiB chunks, JSON.parses and JSON.stringifies
// every line, and writes the lines to a temp file that it fsyncs and renames over the original. It streams, as
// the CLI does, so that it runs on files of any size (one string of a 790 MB file is beyond V8's limit).
// Usage: node rescore.mjs <results.jsonl> <dataset-dir>
import { closeSync, fsyncSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { readQuestions } from './questions.mjs';

const CHUNK_BYTES = 1 << 20;
const [results, dataset] = process.argv.slice(2);
const questions = readQuestions(dataset);
const tmp = `${results}.limit.tmp`;
const input = openSync(results, 'r');
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

const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
const decoder = new StringDecoder('utf8');
let carry = '';
for (let n = readSync(input, chunk, 0, CHUNK_BYTES, null); n > 0; n = readSync(input, chunk, 0, CHUNK_BYTES, null)) {
  const lines = (carry + decoder.write(chunk.subarray(0, n))).split('\n');
  carry = lines.pop();
  rewrite(lines);
}
rewrite([carry + decoder.end()]);
closeSync(input);
fsyncSync(output);
closeSync(output);
renameSync(tmp, results);

// The limit of the summary-eval row: plain Node reading every question.json of the dataset, then each Inspect .eval
// log whole, walking its central directory, inflating and JSON.parse-ing every samples/ entry. Any reader of the
// samples must do this. The logs are the benchmark's own (no ZIP64, no archive comment).
// Usage: node evalReadParse.mjs <dataset-dir> <log.eval>...
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { readQuestions } from './questions.mjs';

const [dataset, ...files] = process.argv.slice(2);
const questions = readQuestions(dataset);
let known = 0;
for (const file of files) {
  const zip = readFileSync(file);
  const end = zip.length - 22;
  const entries = zip.readUInt16LE(end + 10);
  let record = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(record + 10);
    const size = zip.readUInt32LE(record + 20);
    const nameLength = zip.readUInt16LE(record + 28);
    const name = zip.toString('utf8', record + 46, record + 46 + nameLength);
    const local = zip.readUInt32LE(record + 42);
    record += 46 + nameLength + zip.readUInt16LE(record + 30) + zip.readUInt16LE(record + 32);
    if (!name.startsWith('samples/')) continue;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(start, start + size);
    const sample = JSON.parse((method === 8 ? inflateRawSync(stored) : stored).toString('utf8'));
    if (questions.has(String(sample.id))) known++;
  }
}
if (known === 0) throw new Error('no sample names a question of the dataset');

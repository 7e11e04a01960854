// The limit of the summary-json-log row: plain Node reading every question.json of the dataset, then each Inspect
// .json log whole and JSON.parse-ing it. Any reader of the samples must do this.
// Usage: node jsonLogReadParse.mjs <dataset-dir> <log.json>...
import { readFileSync } from 'node:fs';
import { readQuestions } from './questions.mjs';

const [dataset, ...files] = process.argv.slice(2);
const questions = readQuestions(dataset);
let known = 0;
for (const file of files) {
  for (const sample of JSON.parse(readFileSync(file, 'utf8')).samples) if (questions.has(String(sample.id))) known++;
}
if (known === 0) throw new Error('no sample names a question of the dataset');

// The limit `summary` and `compare` are measured against: plain Node reading every question.json of the dataset,
// then reading every result file and JSON.parse-ing every line. Any command that scores the files must do this.
// Usage: node readParse.mjs <dataset-dir> <results.jsonl>...
import { forEachLines } from './lines.mjs';
import { readQuestions } from './questions.mjs';

const [dataset, ...files] = process.argv.slice(2);
const questions = readQuestions(dataset);
let known = 0;
for (const file of files) {
  forEachLines(file, (lines) => {
    for (const line of lines) {
      if (line.trim() === '') continue;
      if (questions.has(String(JSON.parse(line).uid))) known++;
    }
  });
}
if (known === 0) throw new Error('no result line names a question of the dataset');

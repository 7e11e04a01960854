// What every limit reads first: each <folder>/question.json of a layout-A dataset, JSON.parsed, by uid.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export function readQuestions(dataset) {
  const questions = new Map();
  for (const name of readdirSync(dataset)) {
    let text;
    try {
      text = readFileSync(path.join(dataset, name, 'question.json'), 'utf8');
    } catch {
      continue;
    }
    const q = JSON.parse(text);
    questions.set(String(q.uid), q);
  }
  return questions;
}

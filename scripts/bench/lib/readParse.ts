// In-process limits: read and JSON.parse files, the least any reader of them must do.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Reads and parses every `<folder>/question.json` of a layout-A dataset; returns how many there were. */
export function readParseQuestionFolders(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, name, 'question.json'), 'utf8');
    } catch {
      continue;
    }
    JSON.parse(text);
    n++;
  }
  return n;
}

/** Reads and parses one JSON file. */
export function readParseFile(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

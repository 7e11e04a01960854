// The demo's noisy-oracle result file with some lines changed, for tests that need a known failure in real data.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './shared';

export const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');

type ResultRecord = { uid: string } & Record<string, unknown>;

/** noisy-oracle.jsonl's text with each record `edit` returns in place of its line (undefined keeps the line). */
export function editedNoisyOracle(edit: (record: ResultRecord) => ResultRecord | undefined): string {
  const lines = readFileSync(path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const changed = edit(JSON.parse(l) as ResultRecord);
      return changed ? JSON.stringify(changed) : l;
    });
  return lines.join('\n') + '\n';
}

// Writes the generator's diagnosis fixture (a dataset without video, and results/diagnosis-fixture.jsonl with a
// known number of each failure class injected) through the generator's own command line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './shared';

export function writeDiagnosisFixture(out: string, options: { seed?: number; questionsPerSubtask?: number } = {}): string {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'src/generator/main.ts'),
      '--out',
      out,
      '--no-video',
      '--questions-per-subtask',
      String(options.questionsPerSubtask ?? 24),
      '--seed',
      String(options.seed ?? 16),
      '--diagnosis-fixture',
    ],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  return path.join(out, 'results', 'diagnosis-fixture.jsonl');
}

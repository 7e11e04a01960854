// What an evaluation keeps of its lines: the uid it is keyed by is the dataset's string, not the line's copy. The
// extension holds an evaluation per loaded file (hundreds at lab scale), so a copy per line and file adds up.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { evaluateText, readDataset } from '../../../src/core';
import { TINY_QUESTIONS } from '../helpers/tinyDataset';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Long enough that a copy per evaluation is megabytes, where the dataset's one string is not. */
const UID_CHARS = 50_000;
const EVALUATIONS = 200;

describe('uids kept by evaluations', () => {
  it("an evaluation keys its outcomes by the dataset's uid strings, so many evaluations hold no copies of them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-held-uids-'));
    try {
      const questions = TINY_QUESTIONS.map((q) => ({ ...q, uid: q.uid + '_' + 'x'.repeat(UID_CHARS) }));
      const annotations = path.join(dir, 'annotations.jsonl');
      writeFileSync(annotations, questions.map((q) => JSON.stringify(q)).join('\n') + '\n');
      const dataset = await readDataset(annotations);
      const text = questions.map((q) => JSON.stringify({ uid: q.uid, prediction: String(q.answer) })).join('\n') + '\n';
      collect();
      const before = process.memoryUsage().heapUsed;
      const kept = Array.from({ length: EVALUATIONS }, (_, i) => evaluateText(dataset, `run-${i}.jsonl`, text, { profile: 'paper' }));
      collect();
      const held = process.memoryUsage().heapUsed - before;
      assert.ok(kept.every((e) => e.scored === questions.length && e.byUid.size === questions.length));
      // A copy per line would be EVALUATIONS x 4 x 50 KB = 40 MB.
      const copies = EVALUATIONS * questions.length * UID_CHARS;
      assert.ok(
        held < copies / 4,
        `held ${(held / 1e6).toFixed(1)} MB for ${EVALUATIONS} evaluations (copies would be ${(copies / 1e6).toFixed(0)} MB)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

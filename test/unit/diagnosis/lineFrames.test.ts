// The extension reads each line's frames field after scoring (readLineFrames): it parses only the lines that can
// hold the field, and must still find every one that does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { evaluateFile, readDataset, readLineFrames } from '../../../src/core';
import { REPO_ROOT } from '../helpers/shared';

const DEMO = path.join(REPO_ROOT, 'examples/demo');

describe('readLineFrames', () => {
  it('finds the field written plainly, nested, or with an escaped key; lines without it have none', async () => {
    const dataset = await readDataset(DEMO, { sniffMedia: false });
    const uids = readFileSync(path.join(DEMO, 'results', 'random.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(0, 5)
      .map((l) => (JSON.parse(l) as { uid: string }).uid);
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-line-frames-'));
    try {
      const file = path.join(dir, 'r.jsonl');
      writeFileSync(
        file,
        [
          JSON.stringify({ uid: uids[0], prediction: '1', frames: [3, 9] }),
          JSON.stringify({ uid: uids[1], prediction: '1' }),
          `{"uid": ${JSON.stringify(uids[2])}, "prediction": "1", "fr\\u0061mes": 8}`,
          JSON.stringify({ uid: uids[3], prediction: 'frames: none here', meta: { frames: 4 } }),
          JSON.stringify({ uid: uids[4], prediction: '1', frames: 16 }),
        ].join('\n') + '\n',
      );
      const evaluation = await evaluateFile(dataset, file, { profile: 'paper' });
      const found = await readLineFrames(evaluation);
      assert.deepEqual(
        [...found].map(([uid, f]) => [uids.indexOf(uid), f.value, f.line]),
        [
          [0, [3, 9], 1],
          [2, 8, 3],
          [4, 16, 5],
        ],
      );
      const nested = await readLineFrames(evaluation, 'meta.frames');
      assert.deepEqual(
        [...nested].map(([uid, f]) => [uids.indexOf(uid), f.value]),
        [[3, 4]],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

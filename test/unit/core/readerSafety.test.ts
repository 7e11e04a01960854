// Every file the dataset reader opens follows the media rule: inside the root, regular files only, bounded size.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { readDataset } from '../../../src/core';
import { MAX_DATASET_JSON_BYTES } from '../../../src/core/dataset/safeRead';
import { runCli } from '../helpers/cli';
import { makeFifo, tempDir } from '../helpers/tempDirs';

const question = (uid: string) =>
  JSON.stringify({ task: 'Self_Localization_Global_Orientation', uid, scene: 's', answer: '30', texts: ['t'] });

/** A layout-A dataset with one good question folder `01_ok`; returns its root. */
function datasetWithOneGoodQuestion(): string {
  const root = tempDir('gst-safe-');
  mkdirSync(path.join(root, '01_ok'));
  writeFileSync(path.join(root, '01_ok', 'question.json'), question('ok'));
  return root;
}

describe('dataset JSON files follow the media rule', { timeout: 60_000 }, () => {
  it('a question.json symlinked to a file outside the root loads nothing and is reported', async () => {
    const root = datasetWithOneGoodQuestion();
    const outside = tempDir('gst-outside-');
    writeFileSync(path.join(outside, 'question.json'), question('from_outside'));
    mkdirSync(path.join(root, '02_link'));
    symlinkSync(path.join(outside, 'question.json'), path.join(root, '02_link', 'question.json'));
    const ds = await readDataset(root);
    assert.deepEqual(
      ds.questions.map((q) => q.uid),
      ['ok'],
    );
    const p = ds.problems.find((x) => x.file.endsWith(path.join('02_link', 'question.json')));
    assert.ok(p, JSON.stringify(ds.problems));
    assert.equal(p.severity, 'error');
    assert.match(p.message, /not read: a link that leaves the dataset root/);
  });

  it('a symlink inside the root to another question.json inside the root is still read', async () => {
    const root = datasetWithOneGoodQuestion();
    mkdirSync(path.join(root, '02_alias'));
    symlinkSync(path.join(root, '01_ok', 'question.json'), path.join(root, '02_alias', 'question.json'));
    const ds = await readDataset(root);
    assert.equal(ds.questions.length, 2, 'both folders load (the second repeats the uid)');
  });

  it('a FIFO named question.json does not hang validate; the rest is validated', () => {
    const root = datasetWithOneGoodQuestion();
    mkdirSync(path.join(root, '02_fifo'));
    makeFifo(path.join(root, '02_fifo', 'question.json'));
    // Without O_NONBLOCK and the fstat check, opening the FIFO waits for a writer forever and this is killed.
    const r = runCli(['validate', root], 30_000);
    assert.equal(r.timedOut, false, 'validate hung on the FIFO');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /02_fifo\/question\.json: error: not read: not a regular file but a FIFO/);
    assert.match(r.stdout, /: 1 questions \(orientation 1\)/);
  });

  it('a FIFO named sample_summary.json is refused without blocking', async () => {
    const root = datasetWithOneGoodQuestion();
    makeFifo(path.join(root, 'sample_summary.json'));
    const ds = await readDataset(root);
    assert.equal(ds.questions.length, 1);
    assert.match(
      ds.problems.map((p) => `${path.basename(p.file)}: ${p.message}`).join('\n'),
      /sample_summary\.json: not read: not a regular file but a FIFO/,
    );
  });

  it('question.json and sample_summary.json symlinked to /dev/zero are refused, never read', async () => {
    const root = datasetWithOneGoodQuestion();
    mkdirSync(path.join(root, '02_zero'));
    symlinkSync('/dev/zero', path.join(root, '02_zero', 'question.json'));
    symlinkSync('/dev/zero', path.join(root, 'sample_summary.json'));
    const ds = await readDataset(root);
    assert.deepEqual(
      ds.questions.map((q) => q.uid),
      ['ok'],
    );
    const refused = ds.problems
      .filter((p) => /not read: a link that leaves the dataset root/.test(p.message))
      .map((p) => path.basename(p.file))
      .sort();
    assert.deepEqual(refused, ['question.json', 'sample_summary.json']);
  });

  it('a folder named question.json is refused as not a regular file', async () => {
    const root = datasetWithOneGoodQuestion();
    mkdirSync(path.join(root, '02_dir', 'question.json'), { recursive: true });
    const ds = await readDataset(root);
    assert.match(ds.problems.map((p) => p.message).join('\n'), /not read: not a regular file but a folder/);
  });

  it('a question.json larger than the limit is refused with a clear error and the rest loads', async () => {
    const root = datasetWithOneGoodQuestion();
    mkdirSync(path.join(root, '02_huge'));
    const huge = path.join(root, '02_huge', 'question.json');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_DATASET_JSON_BYTES + 1); // sparse: nothing is written to disk
    const ds = await readDataset(root);
    assert.deepEqual(
      ds.questions.map((q) => q.uid),
      ['ok'],
    );
    const p = ds.problems.find((x) => x.file === huge);
    assert.ok(p, JSON.stringify(ds.problems));
    assert.equal(
      p.message,
      `not read: ${MAX_DATASET_JSON_BYTES + 1} bytes, more than the ${MAX_DATASET_JSON_BYTES}-byte limit for dataset JSON files`,
    );
  });

  it('a question.json exactly at the limit is not refused for its size', async () => {
    const root = tempDir('gst-safe-');
    mkdirSync(path.join(root, '01_big'));
    const text = question('big');
    writeFileSync(path.join(root, '01_big', 'question.json'), text.padEnd(MAX_DATASET_JSON_BYTES, ' '));
    const ds = await readDataset(root);
    assert.deepEqual(
      ds.questions.map((q) => q.uid),
      ['big'],
    );
  });

  it('an annotations file given as the dataset must be a regular file within the limit', async () => {
    const dir = tempDir('gst-safe-');
    const fifo = path.join(dir, 'qa.jsonl');
    makeFifo(fifo);
    await assert.rejects(readDataset(fifo), /neither a folder nor a regular file/);
    const huge = path.join(dir, 'big.jsonl');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_DATASET_JSON_BYTES + 1);
    await assert.rejects(readDataset(huge), /big\.jsonl: not read: \d+ bytes, more than the \d+-byte limit/);
  });

  it('an annotations file found in a folder is read only from inside it', async () => {
    const dir = tempDir('gst-safe-');
    writeFileSync(path.join(dir, 'qa.jsonl'), question('b1') + '\n');
    const ds = await readDataset(dir);
    assert.equal(ds.layout, 'annotations');
    assert.deepEqual(
      ds.questions.map((q) => q.uid),
      ['b1'],
    );
  });
});

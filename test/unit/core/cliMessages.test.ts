// CLI messages: I/O errors in one line, a several-file summary with counts, a --dataset that is one question folder.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../helpers/cli';
import { PAPER_COLUMNS } from '../helpers/shared';
import { tempDir } from '../helpers/tempDirs';
import { TINY_QUESTIONS, writeTinyDataset } from '../helpers/tinyDataset';

function tempFile(name: string, text: string): string {
  const file = path.join(tempDir('gst-cli-msg-'), name);
  writeFileSync(file, text);
  return file;
}

/** The tiny questions as a layout-A dataset, one folder each; returns the root. */
function tinyLayoutA(): string {
  const root = tempDir('gst-cli-msg-');
  TINY_QUESTIONS.forEach((q, i) => {
    const dir = path.join(root, `${i + 1}_${q.uid}`);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'question.json'), JSON.stringify(q));
  });
  return root;
}

const ALL_UIDS = TINY_QUESTIONS.map((q) => JSON.stringify({ uid: q.uid, prediction: String(q.answer) })).join('\n') + '\n';

describe('an I/O error prints one clear line, not the usage text', () => {
  const dataset = writeTinyDataset(tempDir('gst-tiny-'));
  for (const [what, args] of [
    ['a missing result file (summary)', ['summary', 'no-such-file.jsonl', '--dataset', dataset]],
    ['a missing result file (rescore)', ['rescore', 'no-such-file.jsonl', '--dataset', dataset]],
    ['a missing dataset', ['summary', 'x.jsonl', '--dataset', 'no/such/dataset']],
    ['a result file that is a folder', ['summary', path.dirname(dataset), '--dataset', dataset]],
    ['a missing result file (diagnose)', ['diagnose', 'no-such-file.jsonl', '--dataset', dataset]],
    ['a missing dataset (diagnose)', ['diagnose', 'x.jsonl', '--dataset', 'no/such/dataset']],
    ['a missing result file (compare)', ['compare', 'no-such-file.jsonl', 'other.jsonl', '--dataset', dataset]],
  ] as const) {
    it(what, () => {
      const r = runCli([...args]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr.split('\n').filter(Boolean).length, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /Usage:/);
      assert.match(r.stderr, /^gst-bench: cannot (read|rescore) .*\((ENOENT|EISDIR)\)/);
      if (args[0] === 'rescore') assert.equal(r.stderr.split('left untouched').length, 2, r.stderr);
    });
  }
  // Files are read two at a time: the error must still be the one a reading in order meets first.
  for (const command of ['summary', 'compare'] as const) {
    it(`${command} of several files with two missing names the first missing one in the command's order`, () => {
      const good = tempFile('good.jsonl', ALL_UIDS);
      const first = path.join(path.dirname(good), 'first-missing.jsonl');
      const second = path.join(path.dirname(good), 'second-missing.jsonl');
      const r = runCli([command, good, good, first, second, good, '--dataset', dataset]);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stderr.split('\n').filter(Boolean).length, 1, r.stderr);
      assert.match(r.stderr, /^gst-bench: cannot read .*first-missing\.jsonl: .*\(ENOENT\)$/m);
      assert.doesNotMatch(r.stderr, /Usage:/);
    });
  }
  it('a usage error still shows the usage', () => {
    const r = runCli(['summary', '--dataset', dataset]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^gst-bench: summary takes at least one result file\n\n.*\n\nUsage:/);
  });
  for (const [command, args, said] of [
    ['compare', ['compare', 'a.jsonl', '--dataset', dataset], 'compare takes at least two result files'],
    ['diagnose', ['diagnose', '--dataset', dataset], 'diagnose takes at least one result file'],
  ] as const)
    it(`a usage error of ${command} shows the usage too`, () => {
      const r = runCli([...args]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, new RegExp(`^gst-bench: ${said}\n\n.*\n\nUsage:`));
    });
});

describe('summary of several files keeps n and unparsed', () => {
  it('a second table with the same rows gives n per subtask, unparsed in brackets, and the total', () => {
    const dataset = writeTinyDataset(tempDir('gst-tiny-'));
    const a = tempFile(
      'a.jsonl',
      '{"uid":"q_choice","prediction":"C","model":"M1"}\n{"uid":"q_angle","prediction":"no idea","model":"M1"}\n',
    );
    const b = tempFile('b.jsonl', '{"uid":"q_choice","prediction":"A","model":"M2"}\n');
    const r = runCli(['summary', a, b, '--dataset', dataset]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('n (unparsed)'));
    assert.ok(at > 0, r.stdout);
    assert.deepEqual(lines[at].split(/\s{2,}/), ['n (unparsed)', ...PAPER_COLUMNS, 'all']);
    assert.deepEqual(lines[at + 2].split(/\s{2,}/), ['M1', '1 (1)', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1', '2 (1)']);
    assert.deepEqual(lines[at + 3].split(/\s{2,}/), ['M2', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1', '1']);
    const widths = new Set(lines.slice(at, at + 4).map((l) => l.length));
    assert.equal(widths.size, 1, 'the columns are aligned');
  });
  it('a model name with control characters stays on its row', () => {
    const file = tempFile('a.jsonl', '{"uid":"q_choice","prediction":"C","model":"M\\n1\\u001b[31m"}\n');
    const r = runCli(['summary', file, '--dataset', writeTinyDataset(tempDir('gst-tiny-'))]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^M\\n1\\x1b\[31m\s/m);
    assert.ok(!r.stdout.includes('\x1b'));
  });
});

describe('--dataset pointed at one question folder of a layout-A dataset', () => {
  it('summary says to pass the parent folder instead of scoring 0.00 with one error per line', () => {
    const root = tinyLayoutA();
    const results = tempFile('r.jsonl', ALL_UIDS);
    const one = path.join(root, '1_q_angle');
    const r = runCli(['summary', results, '--dataset', one]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    const rel = (p: string) => path.relative(process.cwd(), p);
    assert.equal(
      r.stderr,
      `gst-bench: --dataset ${rel(one)} is a single question folder of the dataset in ${rel(root)}, and 3 result line(s) name other questions; pass --dataset ${rel(root)}\n`,
    );
    assert.equal(runCli(['summary', results, '--dataset', root]).code, 0, 'the parent works');
  });
  it('rescore refuses before writing anything', () => {
    const root = tinyLayoutA();
    const results = tempFile('r.jsonl', ALL_UIDS);
    const r = runCli(['rescore', results, '--dataset', path.join(root, '2_q_dist')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is a single question folder of the dataset in .*; pass --dataset /);
    assert.equal(readFileSync(results, 'utf8'), ALL_UIDS);
  });
  it('a result file that only names that question is scored as usual', () => {
    const root = tinyLayoutA();
    const results = tempFile('r.jsonl', '{"uid":"q_angle","prediction":"-134"}\n');
    const r = runCli(['summary', results, '--dataset', path.join(root, '1_q_angle'), '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).overall, 100);
  });
  it('a lone question folder (no sibling questions) is not mistaken for part of a dataset', () => {
    const parent = tempDir('gst-cli-msg-');
    mkdirSync(path.join(parent, 'only'));
    mkdirSync(path.join(parent, 'media'));
    writeFileSync(path.join(parent, 'only', 'question.json'), JSON.stringify(TINY_QUESTIONS[0]));
    const results = tempFile('r.jsonl', ALL_UIDS);
    const r = runCli(['summary', results, '--dataset', path.join(parent, 'only')]);
    assert.equal(r.code, 1, 'the usual skipped lines');
    assert.match(r.stderr, /uid not in the dataset: q_dist/);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PAPER_COLUMNS, REPO_ROOT } from '../helpers/shared';
import { writeTinyDataset } from '../helpers/tinyDataset';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-cli-')), name);
  writeFileSync(file, text);
  return file;
}

describe('gst-bench CLI', () => {
  const dataset = writeTinyDataset();
  it('rescore --json: one JSON document, exit 0 when every line scored', () => {
    const file = tempFile('r.jsonl', '{"uid":"q_choice","prediction":"C"}\n{"uid":"q_angle","prediction":"-130"}\n');
    const r = cli('rescore', file, '--dataset', dataset, '--json');
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(doc), [
      'overall',
      'subtasks',
      'lines',
      'scored',
      'skipped',
      'problems',
      'overallBefore',
      'changed',
      'added',
      'written',
    ]);
    assert.equal(doc.overall, 100);
    assert.deepEqual(doc.subtasks.trajectory, { score: 100, n: 1, unparsed: 0 });
    assert.deepEqual(doc.subtasks.ed_v, { score: 100, n: 1, unparsed: 0 });
    assert.deepEqual([doc.overallBefore, doc.changed, doc.added], [null, 2, 2]);
    assert.deepEqual(doc.written, { kind: 'in-place', path: path.relative(process.cwd(), file) });
    assert.match(readFileSync(file, 'utf8'), /"score":1/);
    // Again: the same scores, the file left untouched, and why.
    const again = JSON.parse(cli('rescore', file, '--dataset', dataset, '--json').stdout);
    assert.deepEqual([again.overallBefore, again.changed, again.added], [100, 0, 0]);
    assert.deepEqual(again.written, {
      kind: 'unchanged',
      path: path.relative(process.cwd(), file),
      reason: 'every line already held its current scores',
    });
    assert.deepEqual(JSON.parse(cli('rescore', file, '--dataset', dataset, '--json', '--dry-run').stdout).written, { kind: 'none' });
  });
  it('exit 1 when lines are skipped; they are listed and the file is still written', () => {
    const file = tempFile('r.jsonl', '{"uid":"q_choice","prediction":"B"}\nbroken\n{"uid":"zzz","prediction":"1"}\n');
    const r = cli('rescore', file, '--dataset', dataset);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /r\.jsonl:2: error: not valid JSON/);
    assert.match(r.stderr, /r\.jsonl:3: error: uid not in the dataset: zzz/);
    assert.match(r.stdout, /TDS-E|Traj/);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /"score":0/);
    assert.ok(text.includes('\nbroken\n{"uid":"zzz","prediction":"1"}\n'));
  });
  it('a second rescore says the file was left untouched, and leaves the very same file', () => {
    const file = tempFile('r.jsonl', '{"uid":"q_choice","prediction":"C"}\n');
    assert.match(cli('rescore', file, '--dataset', dataset).stdout, /\nrescored .*r\.jsonl: 1\/1 lines scored/);
    const rescored = statSync(file);
    const again = cli('rescore', file, '--dataset', dataset);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /\nrescored .*r\.jsonl, left untouched \(every line already held its current scores\): 1\/1 lines scored/);
    assert.deepEqual([statSync(file).ino, statSync(file).mtimeMs], [rescored.ino, rescored.mtimeMs]);
  });
  it('a file with no line it can score is left untouched, and the last line says why', () => {
    const text = 'broken\n{"uid":"zzz","prediction":"1"}\n';
    const file = tempFile('r.jsonl', text);
    const r = cli('rescore', file, '--dataset', dataset);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /\nrescored .*r\.jsonl, left untouched \(no line could be scored\): 0\/2 lines scored, 2 skipped/);
    assert.equal(readFileSync(file, 'utf8'), text);
  });
  it('--dry-run writes nothing; --profile vsibench changes the boundary case', () => {
    const text = '{"uid":"q_dist","prediction":"1.3"}\n';
    const file = tempFile('r.jsonl', text);
    const paper = JSON.parse(cli('rescore', file, '--dataset', dataset, '--dry-run', '--json').stdout);
    const vsi = JSON.parse(cli('rescore', file, '--dataset', dataset, '--dry-run', '--json', '--profile', 'vsibench').stdout);
    assert.equal(paper.subtasks.edist_s.score, 40);
    assert.equal(vsi.subtasks.edist_s.score, 50);
    assert.equal(readFileSync(file, 'utf8'), text);
  });
  it('dotted field paths read lmms-eval style lines', () => {
    const file = tempFile('lmms.jsonl', '{"doc":{"uid":"q_point"},"filtered_resps":["<point>391 698</point>"]}\n');
    const r = cli('summary', file, '--dataset', dataset, '--uid-field', 'doc.uid', '--prediction-field', 'filtered_resps.0', '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).subtasks.position.score, 100);
  });
  it('summary of several files: a table with a row per file and 12 subtask columns plus Avg.', () => {
    const a = tempFile('a.jsonl', '{"uid":"q_choice","prediction":"C","model":"M1","template":"t1"}\n');
    const b = tempFile('b.jsonl', '{"uid":"q_choice","prediction":"A","model":"M2"}\n');
    const r = cli('summary', a, b, '--dataset', dataset);
    assert.equal(r.code, 0, r.stderr);
    const [header, , row1, row2] = r.stdout.split('\n');
    assert.deepEqual(header.trim().split(/\s+/), [...PAPER_COLUMNS, 'Avg.']);
    assert.match(row1, /^M1 \/ t1\s.*100\.00\s+100\.00$/);
    assert.match(row2, /^M2\s.*0\.00\s+0\.00$/);
    const json = JSON.parse(cli('summary', a, b, '--dataset', dataset, '--json').stdout);
    assert.equal(json.results.length, 2);
  });
  it('usage and I/O errors exit 2', () => {
    assert.equal(cli('rescore').code, 2);
    assert.equal(cli('frobnicate').code, 2);
    assert.equal(cli('rescore', 'nope.jsonl', '--dataset', dataset).code, 2);
    assert.equal(cli('summary', 'x.jsonl', '--dataset', '/definitely/missing').code, 2);
    const file = tempFile('r.jsonl', '{"uid":"q_choice","prediction":"C"}\n');
    assert.equal(cli('rescore', file, '--dataset', dataset, '--profile', 'nope').code, 2);
  });
  it('validate lists problems with counts', () => {
    const dir = path.dirname(
      tempFile('qa.jsonl', '{"task":"Self_Localization_Global_Orientation","uid":"a","scene":"s","answer":"x","texts":[]}\n'),
    );
    const r = cli('validate', path.join(dir, 'qa.jsonl'));
    assert.equal(r.code, 1);
    assert.match(r.stdout, /qa\.jsonl:1: error: bad answer "x"/);
    assert.match(r.stdout, /1 errors, 0 warnings/);
  });
});

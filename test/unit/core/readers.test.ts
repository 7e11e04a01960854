// Reader selection end to end: the rule and ambiguity in score_detail on rescore, repeat rescores that change
// nothing, `--reader` on the CLI, and format loss (lenient - strict) in `summary`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  evaluateText,
  evaluateTextWithFormatLoss,
  formatLossOf,
  readDataset,
  rescoreText,
  summarizeResultFile,
  type Dataset,
} from '../../../src/core';
import { REPO_ROOT } from '../helpers/shared';
import { writeTinyDataset } from '../helpers/tinyDataset';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const LINES =
  [
    '{"uid":"q_choice","prediction":"C"}', // the prompt's format: both readers
    '{"uid":"q_angle","prediction":"The chair is about 134 degrees to the right."}', // lenient only: -134
    '{"uid":"q_point","prediction":"I am at (391, 698)."}', // lenient only
    '{"uid":"q_dist","prediction":"1.0"}', // the prompt's format
  ].join('\n') + '\n';

describe('readers in rescore, evaluation and the CLI', () => {
  const annotations = writeTinyDataset();
  let dataset: Dataset;
  const load = async () => (dataset ??= await readDataset(annotations));

  it('rescore writes the rule (and read steps) into score_detail; a repeat rescore is a no-op', async () => {
    const ds = await load();
    const once = rescoreText(ds, 'r.jsonl', LINES, { profile: 'paper' });
    const rows = once.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(rows[0].score_detail, { passed: 1, of: 1, rule: 'exact format' });
    assert.equal(rows[1].parsed, -134);
    assert.deepEqual(rows[1].score_detail, { error: 0, passed: 3, of: 3, rule: 'only value', read: ['direction word'] });
    assert.equal(rows[2].score_detail.rule, 'final-answer phrase', '"I am at" states the position');
    const twice = rescoreText(ds, 'r.jsonl', once.text, { profile: 'paper' });
    assert.equal(twice.text, once.text);
    assert.equal(twice.report.changed, 0);
  });

  it('the strict reader leaves non-compliant answers unparsed; ambiguity reaches score_detail', async () => {
    const ds = await load();
    const strict = rescoreText(ds, 'r.jsonl', LINES, { profile: 'paper', reader: 'strict' });
    const rows = strict.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      rows.map((r) => r.parsed),
      ['C', null, null, 1],
    );
    assert.equal(rows[1].score_detail, null);
    const amb = rescoreText(ds, 'r.jsonl', '{"uid":"q_choice","prediction":"Both A and C fit."}\n{"uid":"q_dist","prediction":"2-3 m"}\n', {
      profile: 'paper',
    });
    const [a, b] = amb.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(a.parsed, null);
    assert.deepEqual(a.score_detail, { ambiguous: 'several options' });
    assert.equal(b.parsed, 2.5);
    assert.equal(b.score_detail.ambiguous, 'range');
    const again = rescoreText(ds, 'r.jsonl', amb.text, { profile: 'paper' });
    assert.equal(again.text, amb.text, 'repeat rescore of ambiguous lines changes nothing');
  });

  it('format loss: lenient minus strict per subtask, with the questions it rests on', async () => {
    const ds = await load();
    for (const reader of ['lenient', 'strict'] as const) {
      const { evaluation, formatLoss } = evaluateTextWithFormatLoss(ds, 'r.jsonl', LINES, { profile: 'paper', reader });
      assert.equal(evaluation.subtasks.ed_v?.score, reader === 'lenient' ? 100 : 0);
      assert.deepEqual(formatLoss.subtasks.ed_v, { lenient: 100, strict: 0, loss: 100, n: 1, differing: 1 });
      assert.deepEqual(formatLoss.subtasks.trajectory, { lenient: 100, strict: 100, loss: 0, n: 1, differing: 0 });
      assert.equal(formatLoss.overall.loss, 50);
    }
  });

  it('property: the format loss scored line by line, keeping only scores, is the one of the evaluation made first', async () => {
    const ds = await load();
    const line = fc
      .record({
        uid: fc.constantFrom('q_angle', 'q_dist', 'q_point', 'q_choice', 'nope'),
        prediction: fc.constantFrom(
          'C',
          'the answer is B',
          '45',
          'about 134 degrees to the right',
          '1.0',
          'roughly 2 meters',
          '(391, 698)',
          'I am at (391, 698).',
          'no idea',
        ),
      })
      .map((r) => JSON.stringify(r));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 25 }), fc.constantFrom('lenient', 'strict'), async (ls, reader) => {
        const text = ls.join('\n') + '\n';
        const options = { profile: 'paper' as const, reader };
        const all = evaluateText(ds, 'r.jsonl', text, options);
        const inline = evaluateText(ds, 'r.jsonl', text, { ...options, formatLoss: true, outcomes: 'scores' });
        assert.deepEqual(inline.formatLoss, formatLossOf(ds, all, options));
        assert.equal(inline.byUid.size, 0);
        assert.deepEqual({ ...inline, byUid: undefined, formatLoss: undefined }, { ...all, byUid: undefined, formatLoss: undefined });
        // summary's path: the same file through the format engine
        const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-readers-')), 'r.jsonl');
        writeFileSync(file, text);
        const summary = await summarizeResultFile(ds, file, options);
        assert.ok(summary.ok);
        assert.deepEqual(summary.summary.formatLoss, formatLossOf(ds, evaluateText(ds, file, text, options), options));
      }),
      { numRuns: 100 },
    );
  });

  it('CLI: --reader, format loss in the table and in --json, and a bad reader is a usage error', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-readers-')), 'r.jsonl');
    writeFileSync(file, LINES);
    const table = cli('summary', file, '--dataset', annotations);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /format loss \(lenient - strict\): r\.jsonl loses 100\.00 points on EDv to format \(1 of 1 questions\)/);
    assert.match(table.stdout, /EDv\s+100\.00\s+0\.00\s+100\.00\s+1 of 1/);
    const doc = JSON.parse(cli('summary', file, '--dataset', annotations, '--json', '--reader', 'strict').stdout);
    assert.equal(doc.reader, 'strict');
    assert.equal(doc.overall, 50);
    assert.deepEqual(doc.formatLoss.subtasks.position, { lenient: 100, strict: 0, loss: 100, n: 1, differing: 1 });
    const rescored = cli('rescore', file, '--dataset', annotations, '--reader', 'strict', '--json');
    assert.equal(JSON.parse(rescored.stdout).overall, 50);
    assert.match(readFileSync(file, 'utf8'), /"prediction":"I am at \(391, 698\)\.","parsed":null/);
    const bad = cli('summary', file, '--dataset', annotations, '--reader', 'sloppy');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown reader "sloppy"/);
  });
});

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  convertResultFile,
  evaluateFile,
  evaluateResultFile,
  readDataset,
  rescoreResultFile,
  sidecarPath,
  type Dataset,
} from '../../../src/core';
import { REPO_ROOT } from '../helpers/shared';

const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/formats');

/** A copy of a fixture in a fresh folder, so that writes never touch the repository. */
function copy(name: string): string {
  const target = path.join(mkdtempSync(path.join(tmpdir(), 'gst-formats-')), name);
  copyFileSync(path.join(FIXTURES, name), target);
  return target;
}

let dataset: Dataset;
before(async () => {
  dataset = await readDataset(path.join(FIXTURES, 'dataset.jsonl'));
});

describe('rescore of JSON lines formats: in place, every other byte kept', () => {
  it('lmms-eval: owned fields at the top level; lines that cannot be joined unchanged', async () => {
    const file = copy('lmms-eval-nested.jsonl');
    const before = readFileSync(file, 'utf8').split('\n');
    const r = await rescoreResultFile(dataset, file, { profile: 'paper' });
    assert.deepEqual(r.written, { kind: 'in-place', path: file });
    const after = readFileSync(file, 'utf8').split('\n');
    assert.equal(after.length, before.length);
    // Line 1 joined (doc_id 0): the original text, then the owned fields before the closing brace.
    assert.equal(
      after[0],
      before[0].slice(0, -1) + ', "parsed": -140, "score": 1, "score_detail": {"error": 6, "passed": 3, "of": 3, "rule": "exact format"}}',
    );
    assert.equal(after[1], before[1], 'question text differs: not joined, unchanged');
    assert.equal(after[2], before[2], 'past the end: unchanged');
    assert.match(after[3], /"parsed": "B", "score": 0, "score_detail": \{"passed": 0, "of": 1, "rule": "exact format"\}\}$/);
    assert.equal(r.report.skipped, 2);
    // A second rescore changes nothing.
    const again = await rescoreResultFile(dataset, file, { profile: 'paper' });
    assert.equal(readFileSync(file, 'utf8'), after.join('\n'));
    assert.equal(again.report.changed, 0);
    assert.equal(again.report.overallBefore, r.report.overall);
    assert.equal(r.written.kind, 'in-place');
    assert.deepEqual(again.written, { kind: 'unchanged', path: file }, 'every joined line already held its scores');
  });

  it('OpenAI batch: rescored in place; the error lines stay as they were', async () => {
    const file = copy('openai-batch-output.jsonl');
    const before = readFileSync(file, 'utf8').split('\n');
    await rescoreResultFile(dataset, file, { profile: 'paper' });
    const after = readFileSync(file, 'utf8').split('\n');
    assert.match(
      after[0],
      /, "error": null, "parsed": "C", "score": 1, "score_detail": \{"passed": 1, "of": 1, "rule": "final-answer phrase"\}\}$/,
    );
    assert.equal(after[2], before[2]);
    assert.equal(after[3], before[3]);
  });

  it('dry run writes nothing', async () => {
    const file = copy('gst-bench-results.jsonl');
    const bytes = readFileSync(file);
    const r = await rescoreResultFile(dataset, file, { profile: 'paper', dryRun: true });
    assert.deepEqual(r.written, { kind: 'none' });
    assert.deepEqual(readFileSync(file), bytes);
  });
});

describe('rescore of formats that cannot be edited losslessly: a sidecar', () => {
  for (const name of ['vlmevalkit-predictions.xlsx', 'inspect-zstd.eval']) {
    it(`${name} is never rewritten; <file>.gst-scores.jsonl holds the scores and each record's source`, async () => {
      const file = copy(name);
      const bytes = readFileSync(file);
      const r = await rescoreResultFile(dataset, file, { profile: 'paper' });
      assert.deepEqual(readFileSync(file), bytes, 'the source is untouched');
      const side = sidecarPath(file);
      assert.deepEqual(r.written, { kind: 'sidecar', path: side });
      const lines = readFileSync(side, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(lines.length, r.evaluation.byUid.size); // one line per question (a repeated epoch counts once)
      for (const l of lines) {
        assert.deepEqual(
          Object.keys(l).filter((k) => !['model', 'template'].includes(k)),
          ['uid', 'prediction', 'source', 'parsed', 'score', 'score_detail'],
        );
        assert.equal(l.source.file, name);
        assert.equal(l.score, r.evaluation.byUid.get(l.uid)!.score);
      }
      // The sidecar is itself a canonical result file, with the same scores.
      const direct = await evaluateFile(dataset, side, { profile: 'paper' });
      assert.equal(direct.overall, r.report.overall);
      assert.equal(r.report.overallBefore, null);
      const again = await rescoreResultFile(dataset, file, { profile: 'paper' });
      assert.equal(again.report.changed, 0);
      assert.equal(again.report.overallBefore, r.report.overall);
      const fe = await evaluateResultFile(dataset, file, { profile: 'paper' });
      assert.deepEqual(fe.sidecar, { path: side, stale: false });
    });
  }

  it('the sidecar shows as stale once the source is newer', async () => {
    const file = copy('inspect-deflate.eval');
    await rescoreResultFile(dataset, file, { profile: 'paper' });
    const { utimesSync } = await import('node:fs');
    const later = new Date(statSync(sidecarPath(file)).mtimeMs + 10_000);
    utimesSync(file, later, later);
    assert.equal((await evaluateResultFile(dataset, file, { profile: 'paper' })).sidecar?.stale, true);
  });

  it('dry run writes no sidecar', async () => {
    const file = copy('vlmevalkit-predictions.tsv');
    await rescoreResultFile(dataset, file, { profile: 'paper', dryRun: true });
    assert.equal(existsSync(sidecarPath(file)), false);
  });
});

describe('convert --to jsonl', () => {
  it('writes canonical lines (uid, prediction, source) that score as the original does', async () => {
    const file = copy('vlmevalkit-predictions.xlsx');
    const out = file + '.gst.jsonl';
    const c = await convertResultFile(dataset, file, out, { profile: 'paper' });
    assert.equal(c.written, 3);
    const lines = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(lines[0], {
      uid: 'fx_angle',
      prediction: 'About 45 degrees to the right.',
      source: { file: 'vlmevalkit-predictions.xlsx', format: 'vlmevalkit', kind: 'row', row: 2, sheet: 'Sheet1' },
    });
    const back = await evaluateFile(dataset, out, { profile: 'paper' });
    assert.equal(back.overall, c.evaluation.overall);
  });
});

describe('gst-bench CLI with foreign formats', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args], { encoding: 'utf8' });
  const ds = path.join(FIXTURES, 'dataset.jsonl');

  it('formats lists every format with what it needs', () => {
    const r = cli('formats', '--json');
    assert.equal(r.status, 0, r.stderr);
    const list = JSON.parse(r.stdout) as Array<{ name: string; needs: string; rescore: string }>;
    assert.deepEqual(
      list.map((f) => f.name),
      [
        'canonical',
        'gst-bench',
        'lmms-eval',
        'openai-batch',
        'gemini-batch',
        'vlmevalkit',
        'inspect-eval',
        'inspect-json',
        'generic-jsonl',
        'generic-table',
      ],
    );
    assert.equal(list.find((f) => f.name === 'vlmevalkit')!.rescore, 'sidecar');
  });

  it('summary of an .xlsx and an .eval with no settings; skipped records listed with their place; exit 1', () => {
    const r = cli(
      'summary',
      path.join(FIXTURES, 'vlmevalkit-predictions.xlsx'),
      path.join(FIXTURES, 'inspect-deflate.eval'),
      '--dataset',
      ds,
      '--json',
    );
    assert.equal(r.status, 1, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.results.length, 2);
    assert.equal(doc.results[1].model, 'gpt-4o');
    assert.ok(
      doc.results[0].problems.some((p: { line: number; message: string }) => p.line === 5 && p.message.startsWith('Sheet1 row 5: index 1')),
    );
  });

  it('compare and scoreboard take any format: an .xlsx and an .eval get the scores summary gives them', () => {
    const files = [path.join(FIXTURES, 'vlmevalkit-predictions.xlsx'), path.join(FIXTURES, 'inspect-deflate.eval')];
    const summary = JSON.parse(cli('summary', ...files, '--dataset', ds, '--json').stdout) as {
      results: Array<{ overall: number; subtasks: Record<string, { score: number; n: number }> }>;
    };
    const compare = cli('compare', ...files, '--dataset', ds, '--json');
    assert.equal(compare.status, 1, compare.stderr); // records skipped, as summary says with its status
    const doc = JSON.parse(compare.stdout) as {
      problems: unknown[];
      sets: Array<{ label: string; overall: { score: number }; subtasks: Record<string, { score: number; n: number }> }>;
    };
    assert.deepEqual(
      doc.sets.map((s) => s.label),
      ['vlmevalkit-predictions.xlsx', 'gpt-4o'],
    );
    doc.sets.forEach((set, i) => {
      assert.equal(set.overall.score, summary.results[i].overall);
      for (const [key, sub] of Object.entries(summary.results[i].subtasks))
        assert.deepEqual([set.subtasks[key].score, set.subtasks[key].n], [sub.score, sub.n]);
    });
    // Each file's problems are still listed with their place in it.
    assert.match(JSON.stringify(doc), /"line":5,"severity":"error","message":"Sheet1 row 5: index 1 is question fx_dist/);
    const board = cli('scoreboard', ...files, '--dataset', ds, '--json');
    assert.equal(board.status, 1, board.stderr);
    assert.ok(board.stdout.includes('gpt-4o'), board.stdout.slice(0, 400));
  });

  it('rescore of a mapped CSV writes the sidecar and says so', () => {
    const file = copy('generic-quoted-newlines.csv');
    const r = cli('rescore', file, '--dataset', ds, '--id-field', 'id', '--prediction-field', 'output');
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /rescored .*generic-quoted-newlines\.csv \(generic-table\) into .*generic-quoted-newlines\.csv\.gst-scores\.jsonl: 3\/3 lines scored/,
    );
    assert.ok(existsSync(sidecarPath(file)));
    const json = cli('rescore', file, '--dataset', ds, '--id-field', 'id', '--prediction-field', 'output', '--json');
    assert.equal(json.status, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout).written, { kind: 'sidecar', path: path.relative(process.cwd(), sidecarPath(file)) });
  });

  it('convert needs --to jsonl and refuses to overwrite its input', () => {
    assert.equal(cli('convert', path.join(FIXTURES, 'gst-bench-results.jsonl'), '--dataset', ds).status, 2);
    const file = copy('gst-bench-results.jsonl');
    const r = cli('convert', file, '--to', 'jsonl', '--dataset', ds, '--out', file);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--out must differ from the input file/);
  });

  it('the old dotted-path flags still read a foreign JSONL as before', () => {
    const file = copy('lmms-eval-copied-uid.jsonl');
    const r = cli(
      'summary',
      file,
      '--dataset',
      ds,
      '--uid-field',
      'gst_bench_score.uid',
      '--prediction-field',
      'filtered_resps.0',
      '--json',
    );
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).scored, 2);
  });
});

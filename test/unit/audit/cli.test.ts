import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NEEDS_SHARED, REPO_ROOT, SHARED_DIR } from '../helpers/shared';
import { writeTinyDataset } from '../helpers/tinyDataset';
import { formatAuditDocument, parseAuditText } from '../../../src/shared/audit/format';
import { entry } from './fixtures/entries';

function cli(args: string[], cwd = REPO_ROOT) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args], { encoding: 'utf8', cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const sidecar = (...entries: ReturnType<typeof entry>[]) => formatAuditDocument({ entries, corrupt: [] });

describe('gst-bench audit', () => {
  const annotations = writeTinyDataset();
  const root = path.dirname(annotations);
  writeFileSync(
    path.join(root, 'gst-audit.jsonl'),
    sidecar(
      entry('q_angle', 'ann', 'wrong-answer', { note: 'the target is the other lamp', proposed_answer: { kind: 'angle', value: 120 } }),
      entry('q_angle', 'bob', 'ok'),
      entry('q_choice', 'ann', 'ok'),
      entry('q_choice', 'bob', 'ok'),
    ),
  );

  it('report: Markdown by default, from gst-audit.jsonl in the dataset root', () => {
    const r = cli(['audit', 'report', root]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^# GST-Bench audit report/);
    assert.match(r.stdout, /Audited 2 of 4 questions; reviewers: ann, bob\./);
    assert.match(r.stdout, /\| q\\_angle \| EDv \| ann \| wrong-answer \| the target is the other lamp \| 120° \| -134° \| yes \|/);
    assert.match(r.stdout, /\| ann \/ bob \| 2 \| 50\.00 \| 0\.00 \|/);
  });

  it('report --json and --csv --table; a corrupt line gives exit 1 and its line number', () => {
    const other = path.join(mkdtempSync(path.join(tmpdir(), 'gst-audit-cli-')), 'elsewhere.jsonl');
    writeFileSync(other, sidecar(entry('q_point', 'cy', 'media-problem')) + 'not json\n');
    const json = cli(['audit', 'report', annotations, '--audit', other, '--json']);
    assert.equal(json.code, 1);
    const doc = JSON.parse(json.stdout);
    assert.equal(doc.audited, 1);
    assert.equal(doc.flagged[0].verdict, 'media-problem');
    assert.match(json.stderr, /elsewhere\.jsonl:2: error: not valid JSON/);
    const csv = cli(['audit', 'report', root, '--csv', '--table', 'counts']);
    assert.equal(csv.code, 0, csv.stderr);
    assert.equal(csv.stdout.split('\r\n')[1], 'EDv,1,1,0,0,0,0,0,0,0,1');
    assert.equal(cli(['audit', 'report', root, '--table', 'counts']).code, 2);
    assert.equal(cli(['audit', 'report', root, '--csv', '--json']).code, 2);
  });

  it('merge A B: the union on stdout, or written with -o', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-audit-cli-'));
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    writeFileSync(a, sidecar(entry('q1', 'ann', 'ok')));
    writeFileSync(b, sidecar(entry('q1', 'bob', 'ambiguous'), entry('q2', 'bob', 'ok')));
    const r = cli(['audit', 'merge', a, b]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, sidecar(entry('q1', 'ann', 'ok'), entry('q1', 'bob', 'ambiguous'), entry('q2', 'bob', 'ok')));
    const out = path.join(dir, 'out.jsonl');
    assert.equal(cli(['audit', 'merge', a, b, '-o', out]).code, 0);
    assert.equal(readFileSync(out, 'utf8'), r.stdout);
    writeFileSync(b, 'broken line\n');
    const withCorrupt = cli(['audit', 'merge', a, b, '-o', out]);
    assert.equal(withCorrupt.code, 0, 'a merge driver must not report a conflict for a kept corrupt line');
    assert.match(withCorrupt.stderr, /b\.jsonl:1: error: not valid JSON/);
    assert.equal(readFileSync(out, 'utf8'), sidecar(entry('q1', 'ann', 'ok')) + 'broken line\n');
  });

  it('as a git merge driver: two branches with verdicts on the same file merge cleanly, both kept', () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'gst-audit-git-'));
    const env = {
      ...process.env,
      HOME: repo,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
    };
    const git = (...args: string[]) => {
      const r = spawnSync('git', args, { cwd: repo, env, encoding: 'utf8' });
      assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    git('init', '-q', '-b', 'main');
    // git runs the driver in the repository, where `--import tsx` would not resolve: name the loader's file.
    const tsx = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const driver = `"${process.execPath}" --import "${pathToFileURL(tsx).href}" "${path.join(REPO_ROOT, 'src/cli.ts')}" audit merge %O %A %B`;
    git('config', 'merge.gst-audit.name', 'GST-Bench audit sidecar');
    git('config', 'merge.gst-audit.driver', driver);
    writeFileSync(path.join(repo, '.gitattributes'), 'gst-audit.jsonl merge=gst-audit\n');
    const file = path.join(repo, 'gst-audit.jsonl');
    const base = [entry('q1', 'ann', 'ok'), entry('q3', 'ann', 'ok')];
    writeFileSync(file, sidecar(...base));
    git('add', '.');
    git('commit', '-qm', 'base');
    git('checkout', '-qb', 'bob');
    writeFileSync(file, sidecar(...base, entry('q2', 'bob', 'wrong-answer', { note: 'bob' })));
    git('commit', '-qam', 'bob');
    git('checkout', '-q', 'main');
    // On main: ann changes q1 and adds q2. A line-based merge conflicts here (adjacent edits); the driver does not.
    writeFileSync(file, sidecar(entry('q1', 'ann', 'ambiguous', { time: '2026-12-01T10:00:00.000Z' }), entry('q2', 'ann', 'ok'), base[1]));
    git('commit', '-qam', 'ann');
    git('merge', '-q', '--no-edit', 'bob');
    const merged = parseAuditText(readFileSync(file, 'utf8'), file);
    assert.deepEqual(
      merged.entries.map((e) => `${e.uid}/${e.reviewer}/${e.verdict}`),
      ['q1/ann/ambiguous', 'q2/ann/ok', 'q2/bob/wrong-answer', 'q3/ann/ok'],
    );
    assert.equal(git('status', '--porcelain'), '');
  });

  it('report on the real samples, with the sidecar elsewhere (the shared copy is read-only)', { skip: NEEDS_SHARED }, () => {
    const real = path.join(SHARED_DIR, 'datasets', 'gst-page-examples');
    const uid = JSON.parse(
      readFileSync(path.join(real, '04_Object_Localization_Egocentric_Direction_visual', 'question.json'), 'utf8'),
    ).uid;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-audit-real-')), 'gst-audit.jsonl');
    writeFileSync(
      file,
      sidecar(entry(uid, 'ann', 'target-not-recognisable', { note: 'two armchairs', proposed_answer: { kind: 'angle', value: -120 } })),
    );
    const r = cli(['audit', 'report', real, '--audit', file, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.questions, 6);
    assert.equal(doc.audited, 1);
    assert.deepEqual([doc.flagged[0].subtask, doc.flagged[0].truth, doc.flagged[0].proposed], ['ed_v', '-134°', '-120°']);
    assert.deepEqual(doc.problems, []);
  });

  it('usage errors exit 2', () => {
    assert.equal(cli(['audit']).code, 2);
    assert.equal(cli(['audit', 'merge', 'only-one']).code, 2);
    assert.equal(cli(['audit', 'frobnicate']).code, 2);
    assert.match(cli(['audit', 'merge', '/nonexistent/a', '/nonexistent/b']).stderr, /no such file/);
  });
});

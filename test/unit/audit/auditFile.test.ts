import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import * as path from 'node:path';
import { readAuditFile, updateAuditFile } from '../../../src/core/audit/auditFile';
import { locateAuditFile } from '../../../src/core/audit/location';
import { lockPathFor } from '../../../src/core/audit/lock';
import { gitUserName, resolveReviewer } from '../../../src/core/audit/reviewer';
import { formatAuditEntry } from '../../../src/shared/audit/format';
import { readDataset } from '../../../src/core/dataset/reader';
import { TINY_QUESTIONS } from '../helpers/tinyDataset';
import { entry } from './fixtures/entries';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'gst-audit-'));

function startWriter(file: string, reviewer: string, count: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'fixtures', 'verdictWriter.ts'), file, reviewer, String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const ready = new Promise<void>((resolve) => child.stdout.on('data', (d) => ((out += d), out.includes('ready') && resolve())));
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`writer ${reviewer} exited ${code}`)))),
  );
  return { child, ready, done };
}

describe('audit file on disk', () => {
  it('two processes writing verdicts at once keep every verdict of both', async () => {
    const file = path.join(tempDir(), 'gst-audit.jsonl');
    const corrupt = '{"uid": "q_broken", oops';
    writeFileSync(file, `${corrupt}\n`);
    const count = 40;
    const writers = [startWriter(file, 'ann', count), startWriter(file, 'bob', count)];
    await Promise.all(writers.map((w) => w.ready));
    for (const w of writers) w.child.stdin.end('go\n');
    await Promise.all(writers.map((w) => w.done));
    const state = await readAuditFile(file);
    assert.equal(state.doc.entries.length, 2 * count, 'no verdict lost');
    for (const reviewer of ['ann', 'bob']) assert.equal(state.doc.entries.filter((e) => e.reviewer === reviewer).length, count, reviewer);
    assert.deepEqual(
      state.doc.corrupt.map((c) => c.text),
      [corrupt],
      'the corrupt line survived 80 rewrites, once',
    );
    assert.deepEqual(readdirSync(path.dirname(file)), ['gst-audit.jsonl'], 'no temp or lock file left');
  });

  it('a program that ignores the lock and saves between read and write: the merge is redone, both edits kept', async () => {
    const file = path.join(tempDir(), 'gst-audit.jsonl');
    writeFileSync(file, `${formatAuditEntry(entry('q1', 'ann', 'ok'))}\n`);
    const r = await updateAuditFile(file, [{ set: entry('q2', 'ann', 'other') }], {
      afterRead: async (_state, attempt) => {
        if (attempt === 1) writeFileSync(file, readFileSync(file, 'utf8') + `${formatAuditEntry(entry('q0', 'eve', 'media-problem'))}\n`);
      },
    });
    assert.equal(r.attempts, 2);
    assert.deepEqual(
      r.state.doc.entries.map((e) => `${e.uid}/${e.reviewer}`),
      ['q0/eve', 'q1/ann', 'q2/ann'],
    );
  });

  it('creates a missing file, writes nothing when nothing changes, follows a symlink, keeps the mode', async () => {
    const dir = tempDir();
    const real = path.join(dir, 'real.jsonl');
    const first = await updateAuditFile(real, [{ set: entry('q1', 'ann', 'ok') }]);
    assert.equal(first.wrote, true);
    assert.equal((await updateAuditFile(real, [{ set: entry('q1', 'ann', 'ok') }])).wrote, false);
    chmodSync(real, 0o640);
    const link = path.join(dir, 'gst-audit.jsonl');
    symlinkSync(real, link);
    await updateAuditFile(link, [{ set: entry('q2', 'ann', 'ok') }]);
    assert.ok(statSync(link, { throwIfNoEntry: true }) && readFileSync(real, 'utf8').includes('"q2"'));
    assert.equal(statSync(real).mode & 0o777, 0o640);
  });

  it('refuses a read-only file and leaves it as it was', async () => {
    const file = path.join(tempDir(), 'gst-audit.jsonl');
    const text = `${formatAuditEntry(entry('q1', 'ann', 'ok'))}\n`;
    writeFileSync(file, text);
    chmodSync(file, 0o444);
    await assert.rejects(updateAuditFile(file, [{ set: entry('q2', 'ann', 'ok') }]), /read-only/);
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.ok(!existsSync(lockPathFor(file)), 'the lock is released after a refusal');
  });

  it('a lock left by a dead process is taken over', async () => {
    const file = path.join(tempDir(), 'gst-audit.jsonl');
    const { hostname } = await import('node:os');
    writeFileSync(lockPathFor(file), JSON.stringify({ host: hostname(), pid: 2 ** 22 + 12345, time: new Date().toISOString() }));
    const r = await updateAuditFile(file, [{ set: entry('q1', 'ann', 'ok') }]);
    assert.equal(r.wrote, true);
  });

  it('locates the sidecar in the dataset root, or at a configured path, and says when it cannot be written', async () => {
    const root = tempDir();
    assert.deepEqual(await locateAuditFile(root), { file: path.join(root, 'gst-audit.jsonl'), writable: true });
    assert.equal((await locateAuditFile(root, 'elsewhere/a.jsonl', '/x')).file, '/x/elsewhere/a.jsonl');
    const locked = path.join(root, 'ro');
    mkdirSync(locked);
    writeFileSync(path.join(locked, 'gst-audit.jsonl'), '');
    chmodSync(path.join(locked, 'gst-audit.jsonl'), 0o444);
    const ro = await locateAuditFile(locked);
    assert.equal(ro.writable, false);
    assert.match(ro.reason!, /read-only; configure a writable audit file path/);
  });

  it('the reviewer is git user.name, else the setting, else the OS user', async () => {
    const repo = tempDir();
    // A home without a git config, so that only the repository's own name counts.
    const env = { ...process.env, HOME: tempDir(), XDG_CONFIG_HOME: tempDir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
    const git = (...args: string[]) => new Promise((r) => spawn('git', args, { cwd: repo, stdio: 'ignore', env }).on('exit', r));
    await git('init', '-q');
    await git('config', 'user.name', 'Ada Reviewer');
    assert.equal(await gitUserName(repo, env), 'Ada Reviewer');
    assert.equal(await resolveReviewer(repo, 'from-setting', env), 'Ada Reviewer');
    const noRepo = tempDir();
    assert.equal(await gitUserName(noRepo, env), null);
    assert.equal(await resolveReviewer(noRepo, ' from-setting ', env), 'from-setting');
    assert.equal(await resolveReviewer(noRepo, '', env), userInfo().username);
  });

  it('the dataset reader does not take gst-audit.jsonl for an annotations file', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'annotations.jsonl'), TINY_QUESTIONS.map((q) => JSON.stringify(q)).join('\n') + '\n');
    writeFileSync(path.join(dir, 'gst-audit.jsonl'), `${formatAuditEntry(entry('q_angle', 'ann', 'ok'))}\n`);
    const ds = await readDataset(dir);
    assert.equal(ds.questions.length, TINY_QUESTIONS.length);
  });
});

describe('audit file refuses invalid verdicts', () => {
  it('a proposed answer off the map is refused before anything is written', async () => {
    const file = path.join(tempDir(), 'gst-audit.jsonl');
    await assert.rejects(
      updateAuditFile(file, [{ set: entry('q1', 'ann', 'wrong-answer', { proposed_answer: { kind: 'point', x: 1200, y: 3 } }) }]),
      /invalid verdict for q1: "proposed_answer" a point/,
    );
    assert.ok(!existsSync(file));
  });
});

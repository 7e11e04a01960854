// `npm run test:slow`: fault injection at scale, with real processes. kill -9 at random moments of a rescore
// of a 100 MB file, a full file system, and other processes writing the file while it is rescored.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../unit/helpers/shared';
import { writeTinyDataset } from '../unit/helpers/tinyDataset';

const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
const KILLS = 10;
const BIG_FILE_BYTES = 100 * 1024 * 1024;

let work: string;
let datasetPath: string;
before(() => {
  if (!statSync(CLI, { throwIfNoEntry: false }))
    throw new Error(`${path.relative(REPO_ROOT, CLI)} is missing: run \`npm run build\` first`);
  work = mkdtempSync(path.join(tmpdir(), 'gst-slow-'));
  datasetPath = writeTinyDataset();
});
after(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(path.dirname(datasetPath), { recursive: true, force: true });
});

const PREDICTIONS: Array<[string, string]> = [
  ['q_choice', 'Looking at the four top-down maps, the route matches option C.'],
  ['q_angle', 'The target is behind me and to the left, about 130 degrees.'],
  ['q_dist', 'It is about 1.2 m away.'],
  ['q_point', '<point>391 698</point>'],
];

/** A result file of about `bytes`, each line with a 1 KB reasoning trace, in its own folder. */
function bigResultFile(name: string, bytes: number): string {
  const dir = mkdtempSync(path.join(work, 'run-'));
  const file = path.join(dir, name);
  const trace = 'I walk through the corridor, pass the sofa, and turn at the doorway. '.repeat(15);
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const [uid, prediction] = PREDICTIONS[i % PREDICTIONS.length];
    const line = JSON.stringify({ uid, prediction: `${prediction} (${i})`, reasoning: trace, run: i });
    lines.push(line);
    size += line.length + 1;
  }
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const others = (file: string) => readdirSync(path.dirname(file)).filter((n) => n !== path.basename(file));

function rescore(file: string): ChildProcess {
  return spawn(process.execPath, [CLI, 'rescore', file, '--dataset', datasetPath], { stdio: ['ignore', 'ignore', 'pipe'] });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

describe('kill -9 at random moments of a rescore of a 100 MB file', () => {
  it(
    `leaves the old file or the complete new one, ${KILLS} times; the next run removes the leftovers`,
    { timeout: 15 * 60_000 },
    async () => {
      const file = bigResultFile('big.jsonl', BIG_FILE_BYTES);
      const reference = path.join(path.dirname(file), '..', 'reference.jsonl');
      const pristine = path.join(path.dirname(file), '..', 'pristine.jsonl');
      copyFileSync(file, reference);
      copyFileSync(file, pristine);
      const t0 = Date.now();
      const full = await exitOf(rescore(reference));
      const fullMs = Date.now() - t0;
      assert.equal(full.code, 0, full.stderr);
      const oldHash = sha(file);
      const newHash = sha(reference);
      assert.notEqual(oldHash, newHash);
      // Seeded moments over the whole run, so the kills land in reading, writing, fsync and rename alike.
      let seed = 12345;
      const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
      const outcomes = { old: 0, new: 0 };
      for (let k = 0; k < KILLS; k++) {
        const child = rescore(file);
        const exited = exitOf(child);
        await new Promise((r) => setTimeout(r, Math.floor(random() * fullMs * 1.1)));
        child.kill('SIGKILL');
        await exited;
        const h = sha(file);
        assert.ok(h === oldHash || h === newHash, `after kill ${k + 1} the file is neither the old nor the new one`);
        outcomes[h === oldHash ? 'old' : 'new']++;
        if (h === newHash) copyFileSync(pristine, file); // every run starts from the old file
      }
      console.log(
        `  kills: ${KILLS}, full rescore ${fullMs} ms, old file kept ${outcomes.old}x, new file complete ${outcomes.new}x, temp files left by the kills: ${others(file).length}`,
      );
      const last = await exitOf(rescore(file));
      assert.equal(last.code, 0, last.stderr);
      assert.equal(sha(file), newHash);
      assert.deepEqual(others(file), [], 'the next run removed every temp file the killed runs left');
    },
  );
});

describe('a full file system', () => {
  const isRoot = process.getuid?.() === 0;
  it(
    'ENOSPC mid-write: exit 2, one clear line, the original intact, no temp file',
    { skip: isRoot ? false : 'mounting a small tmpfs needs root; the unit suite covers ENOSPC by injection and EFBIG by ulimit' },
    async () => {
      const mount = mkdtempSync(path.join(work, 'tmpfs-'));
      const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount], { encoding: 'utf8' });
      if (m.status !== 0) {
        console.log(`  cannot mount a tmpfs here (${m.stderr.trim()}); skipped`);
        return;
      }
      try {
        const file = path.join(mount, 'r.jsonl');
        copyFileSync(bigResultFile('r.jsonl', 600 * 1024), file); // fits once; the rescored copy beside it does not
        const before = sha(file);
        const r = await exitOf(rescore(file));
        assert.equal(r.code, 2, r.stderr);
        assert.match(r.stderr, /ENOSPC|no space left/i);
        assert.equal(r.stderr.trim().split('\n').length, 1, `one line, not the usage text:\n${r.stderr}`);
        assert.equal(sha(file), before);
        assert.deepEqual(others(file), []);
      } finally {
        spawnSync('umount', [mount]);
      }
    },
  );
});

describe('other processes write the file during the rescore', () => {
  /** Starts a writer process once the rescore's temp file exists, i.e. while the rescore runs. */
  async function raceWith(file: string, writerScript: string): Promise<{ code: number | null; stderr: string }> {
    const child = rescore(file);
    const exited = exitOf(child);
    const deadline = Date.now() + 60_000;
    while (!others(file).some((n) => n.includes('.gst-tmp-')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    const writer = spawnSync(process.execPath, ['-e', writerScript, file], { encoding: 'utf8' });
    assert.equal(writer.status, 0, writer.stderr);
    return exited;
  }
  const changed = /the file changed during the rescore; nothing was written/;

  it('an appender: every appended line is kept and nothing of the rescore is written', { timeout: 120_000 }, async () => {
    const file = bigResultFile('append.jsonl', 30 * 1024 * 1024);
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    const r = await raceWith(
      file,
      `const fs = require('fs'); for (let i = 0; i < 260; i++) fs.appendFileSync(process.argv[1], JSON.stringify({ uid: 'q_choice', prediction: 'A', appended: i }) + '\\n');`,
    );
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, changed);
    const text = readFileSync(file, 'utf8');
    assert.equal(text.split('\n').length - 1, lines + 260);
    assert.doesNotMatch(text.slice(0, 4096), /"score"/);
    assert.deepEqual(others(file), []);
  });

  it("an editor's in-place save (truncate, then write 50k lines): the editor's version survives whole", { timeout: 120_000 }, async () => {
    const file = bigResultFile('save.jsonl', 30 * 1024 * 1024);
    const saved = bigResultFile('saved.jsonl', 50_000 * 40);
    const script = `const fs = require('fs'); const data = fs.readFileSync(${JSON.stringify(saved)}); const fd = fs.openSync(process.argv[1], 'w'); for (let o = 0; o < data.length; o += 65536) fs.writeSync(fd, data, o, Math.min(65536, data.length - o)); fs.closeSync(fd);`;
    const r = await raceWith(file, script);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, changed);
    assert.equal(sha(file), sha(saved));
    assert.deepEqual(others(file), []);
  });

  it('a replacement by rename: the replacing file is kept', { timeout: 120_000 }, async () => {
    const file = bigResultFile('rename.jsonl', 30 * 1024 * 1024);
    const script = `const fs = require('fs'); const f = process.argv[1]; fs.writeFileSync(f + '.new', '{"uid":"q_choice","prediction":"B","replaced":true}\\n'); fs.renameSync(f + '.new', f);`;
    const r = await raceWith(file, script);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, changed);
    assert.equal(readFileSync(file, 'utf8'), '{"uid":"q_choice","prediction":"B","replaced":true}\n');
    assert.deepEqual(others(file), []);
  });
});

describe('hostile strings through the CLI', () => {
  // Each is a model output of about 1 MB built from the readers' own tokens, the shapes that were quadratic.
  const HOSTILE: Array<[string, string]> = [
    ['q_choice', 'answer' + ' '.repeat(1 << 20)],
    ['q_point', '<point>1' + ' '.repeat(1 << 20)],
    ['q_angle', '<answer>'.repeat(1 << 17)],
    ['q_dist', '1,'.repeat(1 << 19)],
    ['q_point', '(1, '.repeat(1 << 18)],
  ];

  it(
    'summary and rescore of lines with 1 MB hostile outputs take a small multiple of the same file with plain outputs',
    { timeout: 10 * 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(work, 'hostile-'));
      const hostile = path.join(dir, 'hostile.jsonl');
      const plain = path.join(dir, 'plain.jsonl');
      writeFileSync(hostile, HOSTILE.map(([uid, prediction]) => JSON.stringify({ uid, prediction })).join('\n') + '\n');
      // The same bytes of text, as plain prose the readers skip through.
      writeFileSync(plain, HOSTILE.map(([uid, p]) => JSON.stringify({ uid, prediction: 'x'.repeat(p.length) })).join('\n') + '\n');
      const time = (args: string[]) => {
        const t = performance.now();
        const r = spawnSync(process.execPath, [CLI, ...args, '--dataset', datasetPath], { encoding: 'utf8' });
        assert.ok(r.status === 0 || r.status === 1, r.stderr);
        return performance.now() - t;
      };
      const ratios: number[] = [];
      for (const command of ['summary', 'rescore']) {
        const p = time([command, plain]);
        const h = time([command, hostile]);
        ratios.push(h / p);
        console.log(`  ${command}: plain ${p.toFixed(0)} ms, hostile ${h.toFixed(0)} ms (${(h / p).toFixed(1)}x)`);
      }
      // A quadratic reader takes minutes on these (thousands of times the plain file); a linear one a few times.
      for (const r of ratios) assert.ok(r < 50, `hostile outputs took ${r.toFixed(1)}x the plain ones`);
    },
  );
});

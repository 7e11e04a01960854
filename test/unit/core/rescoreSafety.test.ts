// The in-place rescore under faults: short writes and write errors, other writers, leftover temp files,
// read-only files, hard links, owners, and values nested deep enough to overflow a recursive walk.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  blockingWriteChunk,
  FileChangedError,
  readDataset,
  removeStaleTemps,
  rescoreFile,
  RescoreCancelled,
  RescoreRefused,
  ShortWriteError,
  tempOwner,
  tempPathFor,
  writeFileAtomic,
  type Dataset,
  type FlushFile,
  type RescoreFileOptions,
  type WriteChunk,
} from '../../../src/core';
import { REPO_ROOT } from '../helpers/shared';
import { writeTinyDataset } from '../helpers/tinyDataset';

let dataset: Dataset;
let datasetPath: string;
const dirs: string[] = [];
before(async () => {
  datasetPath = writeTinyDataset();
  dataset = await readDataset(datasetPath);
});
after(() => {
  for (const d of [...dirs, path.dirname(datasetPath)]) rmSync(d, { recursive: true, force: true });
});

const LINES = [
  '{"uid":"q_choice","prediction":"C"}',
  '{"uid":"q_angle","prediction":"-130"}',
  '{"uid":"q_dist","prediction":"1.2 m"}',
  '{"uid":"q_point","prediction":"(391, 698)"}',
];

/** A result file of `repeat` copies of the four tiny lines, alone in a fresh folder. */
function resultFile(repeat = 1, name = 'r.jsonl'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-safety-'));
  dirs.push(dir);
  const file = path.join(dir, name);
  writeFileSync(file, Array.from({ length: repeat }, () => LINES.join('\n')).join('\n') + '\n');
  return file;
}

/** Everything in the file's folder except the file (and its dataset): temp files that were left behind. */
function leftovers(file: string): string[] {
  return readdirSync(path.dirname(file)).filter((n) => n !== path.basename(file));
}

function cli(args: string[], shellPrefix = '') {
  const cmd = [process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args].map((a) => `'${a}'`).join(' ');
  const r = spawnSync('bash', ['-c', `${shellPrefix}${cmd}`], { encoding: 'utf8', cwd: REPO_ROOT });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const opts = { profile: 'paper' as const };

/** Waits until the rescore's temp file exists: the rescore is then between its start and its rename. */
async function waitForTemp(file: string): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (!leftovers(file).some((n) => n.endsWith('.tmp')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  return leftovers(file).length > 0;
}

describe('rescore writes every byte or nothing', () => {
  it('loops over short writes: a system that writes 7 bytes at a time still gives the whole file', async () => {
    const file = resultFile(50);
    const trickle: WriteChunk = async (fh, bytes, offset, length) => (await fh.write(bytes, offset, Math.min(7, length))).bytesWritten;
    await rescoreFile(dataset, file, { ...opts, writeChunk: trickle });
    const reference = resultFile(50);
    await rescoreFile(dataset, reference, opts);
    assert.equal(readFileSync(file, 'utf8'), readFileSync(reference, 'utf8'));
    assert.deepEqual(leftovers(file), []);
  });

  it('a write that stops making progress aborts, leaving the original and no temp file', async () => {
    const file = resultFile(50);
    const original = readFileSync(file);
    let calls = 0;
    const stalls: WriteChunk = async (fh, bytes, offset, length) =>
      calls++ === 0 ? (await fh.write(bytes, offset, Math.min(100, length))).bytesWritten : 0;
    await assert.rejects(rescoreFile(dataset, file, { ...opts, writeChunk: stalls }), ShortWriteError);
    assert.deepEqual(readFileSync(file), original);
    assert.deepEqual(leftovers(file), []);
  });

  /** A file of many read chunks (long predictions), so that a chunk is scored while the one before is written. */
  function multiChunkFile(): string {
    const file = resultFile(0);
    const trace = 'The answer, after much thought: '.repeat(60);
    writeFileSync(
      file,
      Array.from({ length: 1500 }, (_, i) => `{"uid":"q_choice","prediction":"(${i}) ${trace}${'ABCD'[i % 4]}"}\n`).join(''),
    );
    assert.ok(statSync(file).size > 2.5 * 2 ** 20);
    return file;
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a write in flight over several chunks: its bytes are not touched while the next chunks are spliced, and no second write starts', async () => {
    const reference = multiChunkFile();
    let chunks = 0;
    await rescoreFile(dataset, reference, { ...opts, onProgress: () => chunks++ });
    const file = multiChunkFile();
    let chunksDone = 0;
    let writes = 0;
    let overlapped = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const changed: number[] = [];
    // Each write holds its bytes while the rescore still makes progress (chunks spliced, reported after the splice),
    // until it stops to wait for this write or has read every chunk: a buffer reused too early then holds other
    // bytes, and a write started meanwhile is a second one in flight.
    const held: WriteChunk = async (fh, bytes, offset, length) => {
      writes++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        const before = Buffer.from(bytes.subarray(offset, offset + length));
        const chunk = chunksDone;
        const deadline = Date.now() + 10_000;
        for (let seen = -1; chunksDone !== seen && chunksDone < chunks && Date.now() < deadline;) {
          seen = chunksDone;
          await sleep(15);
        }
        if (chunksDone > chunk) overlapped++;
        if (!before.equals(bytes.subarray(offset, offset + length))) changed.push(chunk);
        return (await fh.write(bytes, offset, length)).bytesWritten;
      } finally {
        inFlight--;
      }
    };
    await rescoreFile(dataset, file, { ...opts, writeChunk: held, onProgress: () => chunksDone++ });
    assert.ok(writes >= 3 && overlapped === writes - 1, `${overlapped} of ${writes} writes overlapped the next chunk's splice`);
    assert.equal(mostInFlight, 1, 'writes in flight at once');
    assert.deepEqual(changed, [], 'bytes changed under a write in flight');
    assert.equal(readFileSync(file, 'utf8'), readFileSync(reference, 'utf8'));
    assert.deepEqual(leftovers(file), []);
  });

  it("blocking I/O (the CLI's) writes the bytes and report the streams do: a first rescore, a repeat, one stale line", async () => {
    const streamed = multiChunkFile();
    const blocking = multiChunkFile();
    const both = async () => {
      const a = await rescoreFile(dataset, streamed, opts);
      const b = await rescoreFile(dataset, blocking, { ...opts, blockingIo: true });
      assert.deepEqual(readFileSync(blocking), readFileSync(streamed));
      assert.deepEqual({ ...b.report, problems: [] }, { ...a.report, problems: [] });
      assert.equal(b.rewritten, a.rewritten);
      return a.rewritten;
    };
    assert.equal(await both(), true, 'first');
    assert.equal(await both(), false, 'repeat');
    // A stale score in the last line: the unchanged lines before it are copied into the temp file first.
    for (const f of [streamed, blocking]) {
      const text = readFileSync(f, 'utf8');
      const at = text.lastIndexOf('"score":');
      writeFileSync(f, text.slice(0, at) + text.slice(at).replace(/"score":[0-9.]+/, '"score":0.5'));
    }
    assert.equal(await both(), true, 'one stale line');
    assert.deepEqual(leftovers(blocking), []);
  });

  it('the blocking write primitive reports a failing write as a rejection, which aborts the rescore', async () => {
    const file = resultFile(1);
    const handle = await open(file, 'r');
    try {
      let thrown = false;
      const write = (() => {
        try {
          return blockingWriteChunk(handle, Buffer.from('x'), 0, 1);
        } catch {
          thrown = true;
          return Promise.resolve(0);
        }
      })();
      assert.equal(thrown, false);
      await assert.rejects(write, (e: NodeJS.ErrnoException) => e.code === 'EBADF');
    } finally {
      await handle.close();
    }
  });

  it('the temp file is flushed in the background as it grows; the same bytes, and the commit waits for the flush', async () => {
    const reference = multiChunkFile();
    await rescoreFile(dataset, reference, opts);
    const file = multiChunkFile();
    let flushes = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const slowFlush: FlushFile = async (fh) => {
      flushes++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await sleep(25);
      await fh.datasync();
      inFlight--;
    };
    await rescoreFile(dataset, file, { ...opts, flush: slowFlush, flushEveryBytes: 256 * 1024 });
    assert.ok(flushes >= 3, `${flushes} flushes of a ${statSync(file).size}-byte file`);
    assert.equal(mostInFlight, 1, 'flushes in flight at once');
    assert.equal(inFlight, 0, 'the rename came before a flush ended');
    assert.equal(readFileSync(file, 'utf8'), readFileSync(reference, 'utf8'));
    assert.deepEqual(leftovers(file), []);
  });

  it('a background flush that fails fails the rescore: the original stays, no temp file', async () => {
    const file = multiChunkFile();
    const original = readFileSync(file);
    let flushes = 0;
    const failsSecond: FlushFile = async (fh) => {
      if (++flushes === 2) throw Object.assign(new Error('EIO: injected'), { code: 'EIO' });
      await fh.datasync();
    };
    await assert.rejects(
      rescoreFile(dataset, file, { ...opts, flush: failsSecond, flushEveryBytes: 256 * 1024 }),
      (e: NodeJS.ErrnoException) => e.code === 'EIO',
    );
    assert.equal(flushes, 2, 'no flush after the failed one');
    assert.deepEqual(readFileSync(file), original);
    assert.deepEqual(leftovers(file), []);
  });

  /**
   * Cancels a rescore of a multi-chunk file while an operation is in flight: `slowed(inFlight)` gives the rescore's
   * options that slow that operation down, reporting through `inFlight` whether one is under way.
   */
  async function cancelWhileInFlight(what: string, slowed: (inFlight: { now: boolean }) => Partial<RescoreFileOptions>) {
    const file = multiChunkFile();
    const original = readFileSync(file);
    const inFlight = { now: false };
    let cancelled = false;
    await assert.rejects(
      rescoreFile(dataset, file, { ...opts, ...slowed(inFlight), isCancelled: () => (cancelled ||= inFlight.now) }),
      RescoreCancelled,
    );
    assert.ok(cancelled);
    assert.equal(inFlight.now, false, `the temp file was closed under a ${what} in flight`);
    assert.deepEqual(readFileSync(file), original);
    assert.deepEqual(leftovers(file), []);
  }

  it('a cancel while a background flush is in flight waits for it, then removes the temp file', () =>
    cancelWhileInFlight('flush', (inFlight) => ({
      flushEveryBytes: 256 * 1024,
      flush: async (fh) => {
        inFlight.now = true;
        await sleep(40);
        await fh.datasync();
        inFlight.now = false;
      },
    })));

  it('a write that fails on a later chunk, while the next is scored, aborts: the original stays, no temp file', async () => {
    const file = multiChunkFile();
    const original = readFileSync(file);
    let writes = 0;
    const failsThird: WriteChunk = async (fh, bytes, offset, length) => {
      if (++writes === 3) {
        await sleep(20);
        throw Object.assign(new Error('EIO: injected'), { code: 'EIO' });
      }
      return (await fh.write(bytes, offset, length)).bytesWritten;
    };
    await assert.rejects(rescoreFile(dataset, file, { ...opts, writeChunk: failsThird }), (e: NodeJS.ErrnoException) => e.code === 'EIO');
    assert.equal(writes, 3);
    assert.deepEqual(readFileSync(file), original);
    assert.deepEqual(leftovers(file), []);
  });

  it('a cancel while a write is in flight waits for it, then removes the temp file', () =>
    cancelWhileInFlight('write', (inFlight) => ({
      writeChunk: async (fh, bytes, offset, length) => {
        inFlight.now = true;
        await sleep(30);
        const n = (await fh.write(bytes, offset, length)).bytesWritten;
        inFlight.now = false;
        return n;
      },
    })));

  for (const code of ['ENOSPC', 'EDQUOT', 'EFBIG', 'EIO']) {
    it(`${code} from the file system aborts, leaving the original and no temp file`, async () => {
      const file = resultFile(50);
      const original = readFileSync(file);
      const failing: WriteChunk = async () => {
        throw Object.assign(new Error(`${code}: injected`), { code });
      };
      await assert.rejects(rescoreFile(dataset, file, { ...opts, writeChunk: failing }), (e: NodeJS.ErrnoException) => e.code === code);
      assert.deepEqual(readFileSync(file), original);
      assert.deepEqual(leftovers(file), []);
    });
  }

  it('under a file-size limit (ulimit -f) the CLI exits 2 and the original is untouched', () => {
    const file = resultFile(400); // about 60 KB; the rescored file is several times larger
    const original = readFileSync(file);
    const blocks = Math.ceil(original.length / 1024) + 1; // room for the original, not for the new file
    const r = cli(['rescore', file, '--dataset', datasetPath], `ulimit -f ${blocks}; `);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /EFBIG|file too large/i);
    assert.doesNotMatch(r.stdout, /scored/);
    assert.deepEqual(readFileSync(file), original);
    assert.deepEqual(leftovers(file), []);
  });
});

describe('rescore never overwrites another writer', () => {
  // The rescore reports progress after reading each batch and before its rename: a change made then is a
  // change "during the rescore", exactly as a concurrent process's would be.
  const changes: Record<string, (file: string) => void> = {
    'a process appends a line': (f) => appendFileSync(f, '{"uid":"q_choice","prediction":"A","appended":true}\n'),
    'an editor saves in place (truncate and rewrite)': (f) => writeFileSync(f, readFileSync(f, 'utf8').replace('"C"', '"D"')),
    'another program replaces the file by rename': (f) => {
      writeFileSync(`${f}.new`, '{"uid":"q_choice","prediction":"B","replaced":true}\n');
      renameSync(`${f}.new`, f);
    },
  };
  const unscoredChanges: Record<string, (file: string) => void> = {
    'a process appends a line': (f) => appendFileSync(f, 'appended, not JSON\n'),
    'an editor saves in place (truncate and rewrite)': (f) => writeFileSync(f, readFileSync(f, 'utf8') + 'saved, not JSON\n'),
    'another program replaces the file by rename': (f) => {
      writeFileSync(`${f}.new`, 'replaced, not JSON\n');
      renameSync(`${f}.new`, f);
    },
  };
  for (const [name, change] of Object.entries(changes)) {
    it(`${name}: the rescore aborts with "the file changed", keeps the other writer's bytes, leaves no temp`, async () => {
      const file = resultFile(3);
      let changed = false;
      const onProgress = () => {
        if (!changed) change(file);
        changed = true;
      };
      const expected = () => readFileSync(file, 'utf8');
      await assert.rejects(
        rescoreFile(dataset, file, { ...opts, onProgress }),
        (e: Error) => e instanceof FileChangedError && /the file changed during the rescore; nothing was written/.test(e.message),
      );
      const now = expected();
      assert.doesNotMatch(now, /"score"/, 'the rescored version was not written');
      assert.ok(/appended|"D"|replaced/.test(now), "the other writer's change is there");
      assert.deepEqual(leftovers(file), []);
    });
    it(`${name} while a file that needs no rewrite is rescored: the same refusal, the change kept`, async () => {
      const file = resultFile(3);
      assert.equal((await rescoreFile(dataset, file, opts)).rewritten, true);
      let changed = false;
      // What the other writer adds is not JSON: should the rescore read it, it still has no line to rewrite, so the
      // refusal is the untouched file's check, never the commit's.
      const onProgress = () => {
        if (!changed) unscoredChanges[name](file);
        changed = true;
      };
      await assert.rejects(
        rescoreFile(dataset, file, { ...opts, onProgress }),
        (e: Error) => e instanceof FileChangedError && /the file changed during the rescore; nothing was written/.test(e.message),
      );
      assert.ok(/appended|saved|replaced/.test(readFileSync(file, 'utf8')), "the other writer's change is there");
      assert.deepEqual(leftovers(file), []);
    });
  }

  // A file rescored once, then given one stale score in its last line: the lines before it are copied from the
  // file only when that line is reached, so another writer has until then to change them.
  const staleAtTheEnd = async () => {
    const file = resultFile(3000);
    await rescoreFile(dataset, file, opts);
    const text = readFileSync(file, 'utf8');
    const at = text.lastIndexOf('"score":');
    writeFileSync(file, text.slice(0, at) + text.slice(at).replace(/"score":[0-9.]+/, '"score":0.5'));
    assert.ok(statSync(file).size > 3 * 65536, 'several read chunks before the stale line');
    return file;
  };
  const changesBeforeTheCopy: Record<string, { change: (file: string) => void; left: RegExp }> = {
    'it is truncated': { change: (f) => truncateSync(f, 10), left: /^\{"uid":"q/ },
    'its first line is saved in place, the size kept': {
      change: (f) => writeFileSync(f, readFileSync(f, 'utf8').replace('"prediction":"C"', '"prediction":"D"')),
      left: /^\{"uid":"q_choice","prediction":"D"/,
    },
  };
  for (const [name, { change, left }] of Object.entries(changesBeforeTheCopy)) {
    it(`a change before the unchanged start is copied (${name}): "the file changed", the change kept, no temp`, async () => {
      const file = await staleAtTheEnd();
      const lines = readFileSync(file, 'utf8').split('\n').length - 1;
      let changed = false;
      // Progress is reported for the stale line's chunk before that chunk is written: the copy comes after it.
      const onProgress = (_: number, linesDone: number) => {
        if (!changed && linesDone === lines) change(file);
        changed ||= linesDone === lines;
      };
      await assert.rejects(
        rescoreFile(dataset, file, { ...opts, onProgress }),
        (e: Error) => e instanceof FileChangedError && /the file changed during the rescore; nothing was written/.test(e.message),
      );
      assert.ok(changed);
      assert.match(readFileSync(file, 'utf8'), left);
      assert.deepEqual(leftovers(file), []);
    });
  }

  it('a real concurrent appender during a CLI rescore: exit 2, the message once, the appended line kept', async () => {
    const file = resultFile(60000); // about 9 MB, so the append lands while the rescore runs
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'src/cli.ts'),
      'rescore',
      file,
      '--dataset',
      datasetPath,
    ]);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForTemp(file);
    appendFileSync(file, '{"uid":"q_choice","prediction":"A","appended":true}\n');
    assert.equal(await exited, 2, stderr);
    assert.equal(stderr.match(/the file changed during the rescore; nothing was written/g)?.length, 1, stderr);
    assert.doesNotMatch(stderr, /left untouched/);
    const text = readFileSync(file, 'utf8');
    assert.ok(text.endsWith('"appended":true}\n'));
    assert.doesNotMatch(text, /"score"/);
    assert.deepEqual(leftovers(file), []);
  });

  it('writeFileAtomic with an expected identity refuses a file that changed since it was read', async () => {
    const file = resultFile(1);
    const { identityOf } = await import('../../../src/core');
    const seen = await identityOf(file);
    appendFileSync(file, '\n');
    await assert.rejects(writeFileAtomic(file, 'new', { expect: seen }), FileChangedError);
    await writeFileAtomic(file, 'new', { expect: await identityOf(file) });
    assert.equal(readFileSync(file, 'utf8'), 'new');
    await assert.rejects(writeFileAtomic(file, 'again', { expect: null }), FileChangedError, 'expect null: the file must not exist');
    assert.deepEqual(leftovers(file), []);
  });
});

describe('temp files: named by their owner, removed on signals, cleaned up after dead processes', () => {
  it('a temp name names host and pid, ends in .tmp, and parses back; other names are not temps', () => {
    const target = '/data/run.jsonl';
    const t = path.basename(tempPathFor(target));
    assert.ok(t.startsWith('.run.jsonl.gst-tmp-') && t.endsWith('.tmp'), t);
    assert.deepEqual(tempOwner(target, t), { host: hostname().replace(/[^A-Za-z0-9_-]/g, '_'), pid: process.pid });
    for (const other of [
      'run.jsonl',
      '.run.jsonl.abc.tmp',
      '.other.jsonl' + t.slice('.run.jsonl'.length),
      '.run.jsonl.gst-tmp-h-12-zz.tmp',
    ])
      assert.equal(tempOwner(target, other), null, other);
  });

  it("the next run removes a dead process's temp file and keeps a live one's", async () => {
    const file = resultFile(1);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    const live = spawn('sleep', ['30']);
    try {
      const mk = (pid: number) => {
        const name = path.basename(tempPathFor(file)).replace(`-${process.pid}-`, `-${pid}-`);
        writeFileSync(path.join(path.dirname(file), name), 'partial');
        return name;
      };
      const deadTemp = mk(deadPid);
      const liveTemp = mk(live.pid!);
      await rescoreFile(dataset, file, opts);
      assert.deepEqual(leftovers(file), [liveTemp], `${deadTemp} removed, ${liveTemp} kept`);
      assert.deepEqual(await removeStaleTemps(file), []);
    } finally {
      live.kill();
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} during a CLI rescore removes the temp file and leaves the original`, async () => {
      const file = resultFile(60000); // about 9 MB: long enough to be caught in the middle
      const original = readFileSync(file);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), 'rescore', file, '--dataset', datasetPath],
        { stdio: 'ignore' },
      );
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, sig) => resolve({ code, signal: sig })),
      );
      const caught = await waitForTemp(file);
      child.kill(signal);
      const { code } = await exited;
      if (caught) assert.equal(code, signal === 'SIGTERM' ? 143 : 130);
      assert.ok(caught, 'the rescore was interrupted while its temp file existed');
      assert.deepEqual(readFileSync(file), original);
      assert.deepEqual(leftovers(file), []);
    });
  }
});

describe('permissions, links and owners', () => {
  it('a read-only file is refused (exit 2 from the CLI) and stays as it was', async () => {
    const file = resultFile(1);
    chmodSync(file, 0o444);
    await assert.rejects(
      rescoreFile(dataset, file, opts),
      (e: Error) => e instanceof RescoreRefused && /read-only \(mode 0444\)/.test(e.message),
    );
    const r = cli(['rescore', file, '--dataset', datasetPath]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /read-only/);
    assert.equal(statSync(file).mode & 0o777, 0o444);
    assert.doesNotMatch(readFileSync(file, 'utf8'), /"score"/);
    assert.deepEqual(leftovers(file), []);
  });

  it('a hard-linked file is refused: a rename would leave the other name with the old scores', async () => {
    const file = resultFile(1);
    const other = path.join(path.dirname(file), 'other-name.jsonl');
    linkSync(file, other);
    await assert.rejects(rescoreFile(dataset, file, opts), (e: Error) => e instanceof RescoreRefused && /2 hard links/.test(e.message));
    assert.equal(readFileSync(file, 'utf8'), readFileSync(other, 'utf8'));
    assert.deepEqual(leftovers(file), ['other-name.jsonl']);
  });

  it('the mode is kept', async () => {
    const file = resultFile(1);
    chmodSync(file, 0o640);
    await rescoreFile(dataset, file, opts);
    assert.equal(statSync(file).mode & 0o777, 0o640);
  });

  const isRoot = process.getuid?.() === 0;
  it(
    "the owner is kept when the process may set it (root rescoring another user's file)",
    { skip: isRoot ? false : 'needs root to own a file as another user; run as root to check owner preservation' },
    async () => {
      const file = resultFile(1);
      chownSync(file, 4321, 4322);
      await rescoreFile(dataset, file, opts);
      const s = statSync(file);
      assert.match(readFileSync(file, 'utf8'), /"score"/);
      assert.deepEqual([s.uid, s.gid], [4321, 4322]);
    },
  );
});

describe('a value nested thousands deep', () => {
  it('is skipped with a file:line problem; the other lines are scored and written', async () => {
    const file = resultFile(1);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    lines[1] = lines[1].replace(/}$/, `,"score":${deep}}`);
    lines[2] = lines[2].replace(/}$/, `,"parsed":${deep.replace('[]', '[{"a":{}}]')}}`);
    writeFileSync(file, lines.join('\n') + '\n');
    const { report } = await rescoreFile(dataset, file, opts);
    assert.equal(report.scored, 2);
    assert.deepEqual(
      report.problems.map((p) => [p.line, p.message]),
      [
        [2, '"score" is nested deeper than 32 levels; line kept unchanged'],
        [3, '"parsed" is nested deeper than 32 levels; line kept unchanged'],
      ],
    );
    const out = readFileSync(file, 'utf8').split('\n');
    assert.equal(out[1], lines[1]);
    assert.equal(out[2], lines[2]);
    assert.match(out[0], /"score":1/);
  });

  it('32 levels are read, 33 are not, in arrays and objects, wherever the deep part sits', async () => {
    const nested = (levels: number, inner: string) =>
      Array.from({ length: levels }, (_, i) => (i % 2 ? '{"k":' : '[1,')).join('') +
      inner +
      Array.from({ length: levels }, (_, i) => ((levels - 1 - i) % 2 ? '}' : ']')).join('');
    const file = resultFile(1);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    lines[0] = lines[0].replace(/}$/, `,"score_detail":{"a":1,"b":${nested(31, '2')}}}`);
    lines[1] = lines[1].replace(/}$/, `,"score_detail":{"a":1,"b":${nested(32, '2')}}}`);
    lines[2] = lines[2].replace(/}$/, `,"parsed":[[],${nested(31, '[]')}]}`);
    lines[3] = lines[3].replace(/}$/, `,"parsed":[[],${nested(30, '[]')}]}`);
    writeFileSync(file, lines.join('\n') + '\n');
    const { report } = await rescoreFile(dataset, file, opts);
    assert.deepEqual(
      report.problems.map((p) => [p.line, p.message]),
      [
        [2, '"score_detail" is nested deeper than 32 levels; line kept unchanged'],
        [3, '"parsed" is nested deeper than 32 levels; line kept unchanged'],
      ],
    );
    assert.equal(report.scored, 2);
  });
});

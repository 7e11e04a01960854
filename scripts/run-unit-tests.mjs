// Runs every unit test (test/unit/**/*.test.ts[x]) with Node's built-in runner and tsx;
// `--dir test/slow` runs another folder's tests (the slow fault-injection suite).
// Node 20's --test does not glob TypeScript files, so the list is built here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? find(p) : /\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const dir = dirAt === -1 ? 'test/unit' : args[dirAt + 1];
const filter = dirAt === -1 ? args : args.filter((_, i) => i !== dirAt && i !== dirAt + 1);
const files = find(dir)
  .filter((f) => filter.length === 0 || filter.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no unit test files found');
  process.exit(1);
}
// Tests make temp folders freely; they all go under one folder that is removed afterwards, so none are left.
const scratch = mkdtempSync(join(tmpdir(), 'gst-tests-'));
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: scratch },
});
rmSync(scratch, { recursive: true, force: true });
process.exit(r.status ?? 1);

// Runs every unit test (test/unit/**/*.test.ts[x]) with Node's built-in runner and tsx.
// Node 20's --test does not glob TypeScript files, so the list is built here.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? find(p) : /\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const filter = process.argv.slice(2);
const files = find('test/unit').filter((f) => filter.length === 0 || filter.some((s) => f.includes(s))).sort();
if (files.length === 0) {
  console.error('no unit test files found');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);

// The workbook reader (read-excel-file, with its zip and XML libraries) is loaded when a workbook is read, not when
// the CLI or the extension starts: a command that reads no .xlsx does not pay for it. The bundle is built here as
// `npm run build` builds the CLI, and run in a child process. graceful-fs, which the reader's zip library brings,
// marks Node's `fs` when it loads; the probe reports that mark as the process exits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(root, 'test/fixtures/formats');

const PROBE = `process.on('exit', () => {
  const loaded = Object.getOwnPropertySymbols(require('fs')).some((s) => s.description === 'graceful-fs.queue');
  process.stderr.write('\\nworkbook reader loaded: ' + loaded + '\\n');
});
`;

describe('libraries loaded on demand', () => {
  it('the CLI starts without the workbook reader, and loads it to read an .xlsx', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-lazy-'));
    try {
      const cli = path.join(dir, 'cli.js');
      await esbuild.build({
        entryPoints: [path.join(root, 'src/cli.ts')],
        outfile: cli,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        mainFields: ['module', 'main'],
        target: 'es2022',
        logLevel: 'silent',
      });
      const probe = path.join(dir, 'probe.cjs');
      writeFileSync(probe, PROBE);
      const run = (...args: string[]) => {
        const r = spawnSync(process.execPath, ['-r', probe, cli, ...args], { encoding: 'utf8' });
        const m = /workbook reader loaded: (true|false)/.exec(r.stderr);
        assert.ok(m, `no probe report from gst-bench ${args[0]} (status ${r.status}): ${r.stderr}`);
        return { loaded: m[1] === 'true', status: r.status, stdout: r.stdout };
      };
      const jsonl = run('summary', path.join(FIXTURES, 'gst-bench-results.jsonl'), '--dataset', path.join(FIXTURES, 'dataset.jsonl'));
      assert.ok(jsonl.status === 0 || jsonl.status === 1, 'summary of a JSON lines file ran');
      assert.equal(jsonl.loaded, false, 'a summary of a JSON lines file loaded the workbook reader');
      assert.equal(run('formats').loaded, false, 'gst-bench formats loaded the workbook reader');
      const xlsx = run('summary', path.join(FIXTURES, 'vlmevalkit-predictions.xlsx'), '--dataset', path.join(FIXTURES, 'dataset.jsonl'));
      assert.match(xlsx.stdout, /vlmevalkit-predictions\.xlsx +0\.00/, 'the workbook was read and scored');
      assert.equal(xlsx.loaded, true, 'reading a workbook did not load the workbook reader: the probe sees nothing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

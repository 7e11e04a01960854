// Packages the extension with vsce into a temporary folder and checks the .vsix: only the bundles,
// media, schemas, manifest, README and the demo; no sources, tests or node_modules; under 8 MB.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PANEL_KINDS } from '../../../src/shared/protocol/panels';

const root = path.resolve(__dirname, '../../..');
/** The limit on the package size: a user downloads it, and the demo must not bloat it. */
const MAX_VSIX_BYTES = 8 * 1024 * 1024;
const VSCE = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');

/** Entry names of a zip file, from its central directory. */
export function zipEntries(buf: Buffer): string[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file: no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

const ALLOWED = [
  /^extension\.vsixmanifest$/,
  /^\[Content_Types\]\.xml$/,
  /^extension\/package\.json$/,
  /^extension\/package\.nls(\.[a-z-]+)?\.json$/,
  /^extension\/readme\.md$/i,
  /^extension\/changelog\.md$/i,
  /^extension\/LICENSE(\.txt|\.md)?$/i,
  /^extension\/dist\/(extension\.js|compareWorker\.js|webview\/[a-z]+\.(js|css))$/,
  /^extension\/media\/[^/]+$/,
  /^extension\/schemas\/[^/]+\.json$/,
  /^extension\/examples\/demo\//,
];

describe('packaged .vsix', { timeout: 60_000 }, () => {
  it('holds only the runtime files and stays under 8 MB', (t) => {
    if (!existsSync(VSCE)) return t.skip('@vscode/vsce is not installed (npm install)');
    if (!existsSync(path.join(root, 'dist', 'extension.js'))) {
      const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
      assert.equal(b.status, 0, `build failed: ${b.stderr}`);
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-vsix-'));
    try {
      const out = path.join(dir, 'test.vsix');
      const r = spawnSync(
        process.execPath,
        [VSCE, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', out],
        { cwd: root, encoding: 'utf8' },
      );
      if (r.error) return t.skip(`vsce cannot run: ${r.error.message}`);
      assert.equal(r.status, 0, `vsce package failed:\n${r.stdout}\n${r.stderr}`);
      const size = statSync(out).size;
      assert.ok(size < MAX_VSIX_BYTES, `vsix is ${size} bytes, over ${MAX_VSIX_BYTES}`);
      const names = zipEntries(readFileSync(out));
      for (const n of names)
        assert.ok(
          ALLOWED.some((re) => re.test(n)),
          `unexpected file in the vsix: ${n}`,
        );
      for (const n of names) assert.doesNotMatch(n, /^extension\/(src|test|scripts|webview)\/|(^|\/)node_modules\/|\.map$|\.tsx?$/, n);
      for (const required of [
        'extension/package.json',
        'extension/package.nls.json',
        'extension/dist/extension.js',
        'extension/dist/compareWorker.js',
        ...PANEL_KINDS.flatMap((k) => [`extension/dist/webview/${k}.js`, `extension/dist/webview/${k}.css`]),
        'extension/media/gst-bench.svg',
        'extension/schemas/question.schema.json',
      ]) {
        assert.ok(names.includes(required), `missing from the vsix: ${required}`);
      }
      if (existsSync(path.join(root, 'examples', 'demo'))) {
        assert.ok(
          names.some((n) => n.startsWith('extension/examples/demo/') && n.endsWith('/question.json')),
          'demo questions in the vsix',
        );
        assert.ok(names.includes('extension/examples/demo/results/noisy-oracle.jsonl'), 'demo result file in the vsix');
      }
      t.diagnostic(`vsix: ${names.length} files, ${(size / 1024).toFixed(1)} KiB`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Runs the UI test files one after another, packaging the .vsix once for all of them (each file installs it
// into its own fresh code-server). A file run alone packages it itself.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/run-e2e.mjs <test file>...');
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), 'gst-e2e-vsix-'));
const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (cleanUp(), process.exit(130)));
let status = 1;
try {
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const pack = spawnSync(npm, ['run', 'package'], { stdio: 'inherit' });
  if (pack.status !== 0) throw new Error(`npm run package failed (exit ${pack.status})`);
  const fresh = readdirSync('.').filter((f) => f.endsWith('.vsix') && statSync(f).mtimeMs >= started - 1000);
  if (fresh.length !== 1) throw new Error(`npm run package wrote ${fresh.length} new .vsix files; expected one`);
  const vsix = join(scratch, fresh[0]);
  copyFileSync(fresh[0], vsix);
  console.log(`packaged ${fresh[0]} once in ${((Date.now() - started) / 1000).toFixed(1)} s for ${files.length} UI test files`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    stdio: 'inherit',
    env: { ...process.env, GST_E2E_VSIX: vsix },
  });
  status = r.status ?? 1;
} catch (e) {
  console.error(e.message);
} finally {
  cleanUp();
}
process.exit(status);

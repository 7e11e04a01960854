// Packaging the extension as a user receives it, installing it into a fresh code-server, and starting
// code-server on 127.0.0.1 (Route 1 in test/vscode/README.md). Used by the UI tests and by `npm run demo`.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CODE_SERVER_ENTRY, NODE24, REPO_ROOT, node24Env } from './env';
import { ServerProcess, freePort, runCommand, writeUserSettings } from './processes';

const PACKAGE_TIMEOUT_MS = 5 * 60_000;

/**
 * Builds and packages the .vsix. Uses the project's `npm run package` when it exists (the .vsix it writes in
 * the repo root); otherwise a production build and `vsce package` into `outDir`.
 */
export async function packageExtension(outDir: string): Promise<string> {
  // `npm run test:e2e` packages once for all its files (scripts/run-e2e.mjs).
  const packaged = process.env.GST_E2E_VSIX;
  if (packaged && existsSync(packaged)) return packaged;
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  if (manifest.scripts?.package) {
    await runCommand('npm run package', npm, ['run', 'package'], { cwd: REPO_ROOT, timeoutMs: PACKAGE_TIMEOUT_MS });
    const expected = path.join(REPO_ROOT, `${manifest.name}-${manifest.version}.vsix`);
    if (existsSync(expected) && statSync(expected).mtimeMs >= started - 1000) return expected;
    const fresh = readdirSync(REPO_ROOT)
      .filter((f) => f.endsWith('.vsix'))
      .map((f) => path.join(REPO_ROOT, f))
      .filter((f) => statSync(f).mtimeMs >= started - 1000);
    if (fresh.length === 1) return fresh[0];
    throw new Error(`"npm run package" succeeded but wrote no new .vsix in the repo root (expected ${path.basename(expected)})`);
  }
  mkdirSync(outDir, { recursive: true });
  const vsix = path.join(outDir, `${manifest.name}-${manifest.version}.vsix`);
  await runCommand('production build', process.execPath, ['scripts/build.mjs', '--production'], { cwd: REPO_ROOT });
  await runCommand(
    'vsce package',
    npm,
    ['exec', '--', 'vsce', 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix],
    { cwd: REPO_ROOT, timeoutMs: PACKAGE_TIMEOUT_MS },
  );
  return vsix;
}

export interface CodeServerDirs {
  extensions: string;
  userData: string;
  config: string;
}

export function codeServerDirs(runDir: string): CodeServerDirs {
  const dirs = {
    extensions: path.join(runDir, 'extensions'),
    userData: path.join(runDir, 'user-data'),
    config: path.join(runDir, 'config.yaml'),
  };
  mkdirSync(dirs.extensions, { recursive: true });
  writeUserSettings(dirs.userData);
  // Our own config file stops code-server from writing one into the home folder.
  writeFileSync(dirs.config, 'auth: none\ncert: false\n');
  return dirs;
}

/** Installs a .vsix exactly as a user would, with code-server's --install-extension. */
export async function installExtension(vsix: string, dirs: CodeServerDirs): Promise<void> {
  await runCommand(
    'code-server --install-extension',
    NODE24,
    [
      CODE_SERVER_ENTRY,
      '--config',
      dirs.config,
      '--extensions-dir',
      dirs.extensions,
      '--user-data-dir',
      dirs.userData,
      '--install-extension',
      vsix,
    ],
    { env: node24Env() },
  );
}

export interface RunningCodeServer {
  server: ServerProcess;
  port: number;
  /** The workbench URL with `folder` opened. */
  url: string;
}

export async function startCodeServer(
  dirs: CodeServerDirs,
  folder: string,
  options: { port?: number; echo?: boolean } = {},
): Promise<RunningCodeServer> {
  const port = options.port ?? (await freePort());
  const server = ServerProcess.start(
    'code-server',
    NODE24,
    [
      CODE_SERVER_ENTRY,
      '--config',
      dirs.config,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--extensions-dir',
      dirs.extensions,
      '--user-data-dir',
      dirs.userData,
      folder,
    ],
    { env: node24Env(), echo: options.echo },
  );
  try {
    await server.waitForHttp(`http://127.0.0.1:${port}/healthz`);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { server, port, url: `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}` };
}

// Builds one esbuild bundle per entry. `--watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {esbuild.BuildOptions[]} */
const bundles = [
  // Extension host: CommonJS for VS Code's loader; `vscode` is provided at run time.
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode'] },
  // CLI: same core, no vscode.
  { entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
  // One bundle per webview panel (webview/panels/<kind>.ts -> dist/webview/<kind>.js and .css), so a page parses
  // only its panel's code; src/shared/protocol/panels.ts names the files. Each CSS is loaded by a <link> with the
  // page's nonce. React's production build keeps paints fast.
  {
    entryPoints: Object.fromEntries(readdirSync('webview/panels').map((f) => [f.replace(/\.ts$/, ''), `webview/panels/${f}`])),
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
  },
  // The Compare panel's statistics thread (src/core/compare/reportWorker.ts starts it).
  { entryPoints: ['src/core/compare/reportWorkerMain.ts'], outfile: 'dist/compareWorker.js', platform: 'node', format: 'cjs' },
  // Extension-host test suite (run inside a real VS Code).
  {
    entryPoints: ['test/vscode/suite/index.ts'],
    outfile: 'dist/test/suite/index.js',
    platform: 'node',
    format: 'cjs',
    external: ['vscode', 'mocha'],
  },
  // The benchmark's floor of scoring: plain Node with the answer readers (scripts/bench/rows/scoreFloor.ts runs it).
  { entryPoints: ['scripts/bench/floors/scoreFloor.ts'], outfile: 'dist/bench/scoreFloor.js', platform: 'node', format: 'cjs' },
  // The core as the benchmark's in-process rows time it: bundled, as the extension and the CLI ship it.
  { entryPoints: ['scripts/bench/shipped/core.ts'], outfile: 'dist/bench/core.js', platform: 'node', format: 'cjs' },
  // The extension's first load as the engine does it, in a fresh process per run (scripts/bench/extension.ts starts it).
  { entryPoints: ['scripts/bench/shipped/engineLoad.ts'], outfile: 'dist/bench/engineLoad.js', platform: 'node', format: 'cjs' },
  // The extension benchmark's extension-host half (scripts/bench/extension.ts loads it like the suite).
  {
    entryPoints: ['scripts/bench/extensionHost.ts'],
    outfile: 'dist/bench/extensionHost.js',
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
  },
].filter((b) => (Array.isArray(b.entryPoints) ? existsSync(b.entryPoints[0]) : true));

// jsonc-parser's "main" is a UMD build that esbuild cannot follow; its ESM build bundles cleanly.
const common = {
  bundle: true,
  mainFields: ['module', 'main'],
  sourcemap: !production,
  minify: production,
  target: 'es2022',
  logLevel: 'warning',
};

if (watch) {
  for (const b of bundles) await (await esbuild.context({ ...common, ...b })).watch();
  console.log(`watching ${bundles.length} bundles`);
} else {
  await Promise.all(bundles.map((b) => esbuild.build({ ...common, ...b })));
  console.log(`built ${bundles.map((b) => b.outfile ?? `${b.outdir}/*`).join(', ')}`);
}

// Builds one esbuild bundle per entry. `--watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {esbuild.BuildOptions[]} */
const bundles = [
  // Extension host: CommonJS for VS Code's loader; `vscode` is provided at run time.
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode'] },
  // CLI: same core, no vscode.
  { entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
  // The webview React app (every panel), runs in the browser sandbox of a webview.
  // Its CSS imports go to dist/webview.css (loaded by a <link> with the page's nonce). React's production build keeps paints fast.
  {
    entryPoints: ['webview/main.tsx'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
  },
  // Extension-host test suite (run inside a real VS Code).
  {
    entryPoints: ['test/vscode/suite/index.ts'],
    outfile: 'dist/test/suite/index.js',
    platform: 'node',
    format: 'cjs',
    external: ['vscode', 'mocha'],
  },
  // The extension benchmark's extension-host half (scripts/bench/extension.ts loads it like the suite).
  {
    entryPoints: ['scripts/bench/extensionHost.ts'],
    outfile: 'dist/bench/extensionHost.js',
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
  },
].filter((b) => existsSync(b.entryPoints[0]));

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
  console.log(`built ${bundles.map((b) => b.outfile).join(', ')}`);
}

// A worker thread's entry bundled as scripts/build.mjs bundles it: a worker thread does not get tsx's loader.
import * as path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './shared';

/** Bundles `entry` (relative to the repository) into `outfile`; returns `outfile`. */
export async function bundleWorker(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [path.join(REPO_ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // As the build: jsonc-parser's "main" is a UMD build that esbuild cannot follow.
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  return outfile;
}

// The extension's first load as the engine does it in plain Node, in a process of its own: bundled by
// `npm run build` to dist/bench/engineLoad.js, which bench:extension starts afresh for each run. The extension host
// runs its load on code it has never run; the same load timed again in the benchmark's own process runs on code
// already compiled and optimised by the runs before it.
// Run: node dist/bench/engineLoad.js <dataset-dir> <results.jsonl>...
// Prints one JSON line, { ms, cpuMs }, timed from before the dataset's read (the bundle already loaded, as the
// extension's figure starts after activation) to the media checked.
import { engineLoad } from '../lib/engineLoad';

async function main(): Promise<void> {
  const [dataset, ...files] = process.argv.slice(2);
  if (!dataset || files.length === 0) throw new Error('usage: engineLoad.js <dataset-dir> <results.jsonl>...');
  process.stdout.write(`${JSON.stringify(await engineLoad(dataset, files))}\n`);
}

main().catch((e: Error) => {
  process.stderr.write(`engineLoad: ${e.message}\n`);
  process.exit(1);
});

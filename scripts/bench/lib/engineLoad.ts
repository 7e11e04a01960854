// The extension's first load as the engine does it in plain Node: bench:extension's figure to compare the host's
// load with, run both in the benchmark's own process and in a fresh one (scripts/bench/shipped/engineLoad.ts).
import { evaluateResultFile, readDatasetDeferringMedia } from '../../../src/core';

/** Reads the dataset, scores every file, then checks the media: what the extension's load computes. */
export async function engineLoad(dataset: string, files: readonly string[]): Promise<{ ms: number; cpuMs: number }> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const { dataset: d, media } = await readDatasetDeferringMedia(dataset);
  // Both readers' scores taken as each file is read, as the store asks for them.
  for (const f of files) await evaluateResultFile(d, f, { profile: 'paper', formatLoss: true });
  await media.all();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}

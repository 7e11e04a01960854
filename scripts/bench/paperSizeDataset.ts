// The benchmarks' dataset: the generator's scale mode at the paper's size (3 scenes x 12 subtasks x 231 = 2,772
// questions, no video, stub query views), so that every benchmark measures the same input for a seed.
import { generateDataset, type GenerateOptions } from '../../src/generator/generate';

export function generatePaperSizeDataset(out: string, seed: string, extra: Partial<GenerateOptions> = {}) {
  return generateDataset({
    out,
    seed,
    scenes: 3,
    questionsPerSubtask: 231,
    width: 320,
    height: 256,
    video: false,
    stubViews: true,
    force: true,
    ...extra,
  });
}

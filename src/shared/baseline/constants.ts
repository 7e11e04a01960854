// The paper's human baseline. Its numbers come from the one copy of Table 1 (src/shared/reference/paper.ts).
import { PAPER_TABLE1 } from '../reference/paper';

/** Human level, overall (the mean of the 12 subtasks): Table 1, row "Human Level (20 samples/task)", 79.08. */
export const PAPER_HUMAN_OVERALL = PAPER_TABLE1.find((r) => r.group === 'human')!.avg;

/** Questions per subtask in the paper's human study (Table 1: "20 samples/task"); the blind sampler's default. */
export const BLIND_SAMPLE_PER_SUBTASK = 20;

/** The default seed of the blind sampler: the same dataset and seed give the same sample on every machine. */
export const BLIND_DEFAULT_SEED = 'gst-bench-human-baseline';

// The paper's human baseline. The project's copy of Table 1 is shipped elsewhere; this one number is kept
// here, named, until the two are unified.

/** Human level, overall (the mean of the 12 subtasks). GST-Bench paper (arXiv 2608.05747), Table 1, row "Human Level (20 samples/task)". */
export const PAPER_HUMAN_OVERALL = 79.08;

/** Questions per subtask in the paper's human study (Table 1: "20 samples/task"); the blind sampler's default. */
export const BLIND_SAMPLE_PER_SUBTASK = 20;

/** The default seed of the blind sampler: the same dataset and seed give the same sample on every machine. */
export const BLIND_DEFAULT_SEED = 'gst-bench-human-baseline';

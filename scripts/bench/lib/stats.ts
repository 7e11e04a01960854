// The numbers every benchmark row reports: median, min and max of its runs.

export interface RunStats {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** Median (the mean of the middle two for an even count), min and max of a non-empty list of times. */
export function summarize(samples: readonly number[]): RunStats {
  if (samples.length === 0) throw new Error('no samples to summarize');
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1], runs: s.length };
}

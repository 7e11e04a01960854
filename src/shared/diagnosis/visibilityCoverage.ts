// Says for how many of a file's visual-localisation questions the target's visible frames are known, since the
// "target never in the sampled frames" class counts only those.

/** For how many of a file's answered EDv, EDistv and GPv questions the target's visible frames are known. */
export interface VisibilityCoverage {
  known: number;
  total: number;
}

/** "Visibility known for 3 of 240 EDv, EDistv and GPv questions: run Find Target Frames in Videos for the rest." */
export function visibilityCoverageSentence(c: VisibilityCoverage): string | undefined {
  if (c.total === 0) return undefined;
  const of = `${c.total} EDv, EDistv and GPv ${c.total === 1 ? 'question' : 'questions'}`;
  if (c.known === c.total) return `Target visibility known for all ${of}.`;
  return `Target visibility known for ${c.known} of ${of}: run GST-Bench: Find Target Frames in Videos for the rest.`;
}

/**
 * Scoring profiles.
 * - `paper`: the GST-Bench definitions, with every comparison made exactly on the decimals as written
 *   (so 1.3 against 1.0 gives r = 0.3 exactly, which fails theta = 0.7 under `<`).
 * - `vsibench`: VSI-Bench's code for MRA, bit for bit in doubles: r = |p-g|/g, pass iff r <= 1 - theta.
 *   Angles and points score as in `paper`; VSI-Bench has no such metrics.
 */
export type ScoringProfile = 'paper' | 'vsibench';

const SCORING_PROFILES: readonly ScoringProfile[] = ['paper', 'vsibench'];
export const DEFAULT_PROFILE: ScoringProfile = 'paper';

export function isScoringProfile(s: string): s is ScoringProfile {
  return (SCORING_PROFILES as readonly string[]).includes(s);
}

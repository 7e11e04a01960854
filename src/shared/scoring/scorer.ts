import type { ParsedValue } from '../parsing/parsedValue';
import { ANGLE_TOLERANCES_DEG, MRA_THRESHOLDS_HUNDREDTHS, MRA_THRESHOLDS_VSIBENCH_DOUBLES, POINT_THRESHOLDS } from './constants';
import { absBig, align, alignInDoubles, isExactInDouble } from './decimal';
import type { ScoringProfile } from './profiles';

/** What a score is made of, written to `score_detail` and shown by the viewer. */
export interface ScoreDetail {
  /** Angular error in degrees, relative error, distance in [0, 999] units; absent for choice. */
  error?: number;
  /** How many thresholds passed, out of `of`. */
  passed: number;
  of: number;
}

export interface QuestionScore {
  /** In [0, 1]. 0 for an unparsed prediction. */
  score: number;
  /** Null for an unparsed prediction. */
  detail: ScoreDetail | null;
}

/** Score of a parsed prediction against the parsed truth. Both must be of the same kind. */
export function scoreParsed(truth: ParsedValue, pred: ParsedValue | null, profile: ScoringProfile): QuestionScore {
  if (!pred) return { score: 0, detail: null };
  if (pred.kind !== truth.kind) throw new TypeError(`kind mismatch: ${pred.kind} vs ${truth.kind}`);
  switch (truth.kind) {
    case 'angle':
      return fromPasses(angleDetail(truth, pred as typeof truth));
    case 'distance':
      return fromPasses(
        profile === 'vsibench' ? mraVsibench(truth.value, (pred as typeof truth).value) : mraExact(truth, pred as typeof truth),
      );
    case 'point':
      return fromPasses(pointDetail(truth, pred as typeof truth));
    case 'choice': {
      const ok = (pred as typeof truth).letter === truth.letter;
      return { score: ok ? 1 : 0, detail: { passed: ok ? 1 : 0, of: 1 } };
    }
  }
}

function fromPasses(detail: ScoreDetail): QuestionScore {
  return { score: detail.passed / detail.of, detail };
}

type Angle = Extract<ParsedValue, { kind: 'angle' }>;
type Distance = Extract<ParsedValue, { kind: 'distance' }>;
type Point = Extract<ParsedValue, { kind: 'point' }>;

/** Circular error e = min(d, 360 - d), d = |p - g| mod 360, compared exactly on the decimals. */
function angleDetail(g: Angle, p: Angle): ScoreDetail {
  return angleDetailInDoubles(g, p) ?? angleDetailBig(g, p);
}

/** The same comparisons on integers held exactly in doubles; null when any would not be exact. */
function angleDetailInDoubles(g: Angle, p: Angle): ScoreDetail | null {
  const a = alignInDoubles(g.exact, p.exact);
  if (!a) return null;
  const [gi, pi] = a.ints;
  const full = 360 * a.unit;
  const diff = Math.abs(pi - gi);
  if (!isExactInDouble(full) || !isExactInDouble(diff)) return null;
  const d = diff % full;
  const e = d < full - d ? d : full - d;
  let passed = 0;
  for (const t of ANGLE_TOLERANCES_DEG) if (e <= t * a.unit) passed++; // t * unit < full: exact
  return { error: e / a.unit, passed, of: ANGLE_TOLERANCES_DEG.length };
}

/**
 * The score of `p` turned by a whole number of degrees, as a function of that number: exactly
 * `scoreParsed(g, rotated p).score` (the circular error does not change when the turned value is wrapped into
 * (-180, 180]), on the same integers. For searching an offset over hundreds of degrees without building an angle
 * for each; null where the integers would not be exact in doubles (then score the rotated angles themselves).
 */
export function angleScoreByOffset(g: Angle, p: Angle): ((degrees: number) => number) | null {
  const a = alignInDoubles(g.exact, p.exact);
  if (!a) return null;
  const [gi, pi] = a.ints;
  const full = 360 * a.unit;
  const base = pi - gi;
  // Offsets in [-360, 360] keep every sum within these bounds.
  if (!isExactInDouble(full) || !isExactInDouble(Math.abs(base) + 2 * full)) return null;
  const thresholds = ANGLE_TOLERANCES_DEG.map((t) => t * a.unit);
  const of = ANGLE_TOLERANCES_DEG.length;
  return (degrees) => {
    const d = Math.abs(base + degrees * a.unit) % full;
    const e = d < full - d ? d : full - d;
    let passed = 0;
    for (const t of thresholds) if (e <= t) passed++;
    return fromPasses({ error: e / a.unit, passed, of }).score;
  };
}

function angleDetailBig(g: Angle, p: Angle): ScoreDetail {
  const {
    ints: [gi, pi],
    scale,
  } = align(g.exact, p.exact);
  const unit = 10n ** BigInt(scale);
  const full = 360n * unit;
  const d = absBig(pi - gi) % full;
  const e = d < full - d ? d : full - d;
  const passed = ANGLE_TOLERANCES_DEG.filter((t) => e <= BigInt(t) * unit).length;
  return { error: Number(e) / Number(unit), passed, of: ANGLE_TOLERANCES_DEG.length };
}

/**
 * MRA, exact: theta = k/100 passes iff r < 1 - theta, with r = |p-g|/g (|p-g| when g = 0).
 * Cross-multiplied on integers: 100 * |p-g| < (100 - k) * g.
 */
function mraExact(g: Distance, p: Distance): ScoreDetail {
  return mraExactInDoubles(g, p) ?? mraExactBig(g, p);
}

function mraExactInDoubles(g: Distance, p: Distance): ScoreDetail | null {
  const a = alignInDoubles(g.exact, p.exact);
  if (!a) return null;
  const [gi, pi] = a.ints;
  const diff = Math.abs(pi - gi);
  const denom = gi === 0 ? null : Math.abs(gi);
  // The largest products compared: 100 * diff and 100 * (denom or unit).
  if (!isExactInDouble(100 * diff) || !isExactInDouble(100 * (denom ?? a.unit))) return null;
  const base = denom ?? a.unit;
  let passed = 0;
  for (const k of MRA_THRESHOLDS_HUNDREDTHS) if (100 * diff < (100 - k) * base) passed++;
  return { error: diff / base, passed, of: MRA_THRESHOLDS_HUNDREDTHS.length };
}

function mraExactBig(g: Distance, p: Distance): ScoreDetail {
  const {
    ints: [gi, pi],
  } = align(g.exact, p.exact);
  const diff = absBig(pi - gi);
  const denom = gi === 0n ? null : absBig(gi);
  const unit = 10n ** BigInt(Math.max(g.exact.scale, p.exact.scale));
  const passed = MRA_THRESHOLDS_HUNDREDTHS.filter((k) =>
    denom === null ? 100n * diff < BigInt(100 - k) * unit : 100n * diff < BigInt(100 - k) * denom,
  ).length;
  const error = denom === null ? Number(diff) / Number(unit) : Number(diff) / Number(denom);
  return { error, passed, of: MRA_THRESHOLDS_HUNDREDTHS.length };
}

/** MRA as VSI-Bench's code computes it, in doubles: pass iff |p-g|/g <= 1 - theta. */
function mraVsibench(g: number, p: number): ScoreDetail {
  const r = g === 0 ? Math.abs(p - g) : Math.abs(p - g) / g;
  const passed = MRA_THRESHOLDS_VSIBENCH_DOUBLES.filter((theta) => r <= 1 - theta).length;
  return { error: r, passed, of: MRA_THRESHOLDS_VSIBENCH_DOUBLES.length };
}

/** Euclidean distance on [0, 999], compared exactly: dx^2 + dy^2 <= t^2. */
function pointDetail(g: Point, p: Point): ScoreDetail {
  return pointDetailInDoubles(g, p) ?? pointDetailBig(g, p);
}

const LARGEST_POINT_THRESHOLD = Math.max(...POINT_THRESHOLDS);

function pointDetailInDoubles(g: Point, p: Point): ScoreDetail | null {
  const a = alignInDoubles(g.exactX, g.exactY, p.exactX, p.exactY);
  if (!a) return null;
  const [gx, gy, px, py] = a.ints;
  const dx = px - gx;
  const dy = py - gy;
  const d2 = dx * dx + dy * dy; // exact when it is at most 2^53 - 1 (then so are both squares)
  const top = LARGEST_POINT_THRESHOLD * a.unit;
  if (!isExactInDouble(dx) || !isExactInDouble(dy) || !isExactInDouble(d2) || !isExactInDouble(top * top)) return null;
  let passed = 0;
  for (const t of POINT_THRESHOLDS) if (d2 <= t * a.unit * (t * a.unit)) passed++;
  return { error: Math.hypot(dx, dy) / a.unit, passed, of: POINT_THRESHOLDS.length };
}

function pointDetailBig(g: Point, p: Point): ScoreDetail {
  const {
    ints: [gx, gy, px, py],
    scale,
  } = align(g.exactX, g.exactY, p.exactX, p.exactY);
  const unit = 10n ** BigInt(scale);
  const dx = px - gx;
  const dy = py - gy;
  const d2 = dx * dx + dy * dy;
  const passed = POINT_THRESHOLDS.filter((t) => d2 <= (BigInt(t) * unit) ** 2n).length;
  return { error: Math.hypot(Number(dx), Number(dy)) / Number(unit), passed, of: POINT_THRESHOLDS.length };
}

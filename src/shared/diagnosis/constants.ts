// Every threshold of the failure diagnosis, with the reason for its value. Nothing else in the diagnosis hard-codes one.
import { ANGLE_TOLERANCES_DEG, POINT_THRESHOLDS } from '../scoring/constants';

/** The tightest angle tolerance (15°): a corrected angle this close to the truth would score fully. */
export const ANGLE_CONVENTION_TOLERANCE_DEG = Math.min(...ANGLE_TOLERANCES_DEG);

/**
 * A near miss lies beyond the widest tolerance by at most a third of it: 45° -> 60° for angles, one step of the
 * 15/30/45 ladder. The same factor sets the distance and point near misses, so "near" means the same everywhere.
 */
export const NEAR_MISS_FACTOR = 4 / 3;

/** Angle near miss: error in (45°, 60°]. */
export const ANGLE_NEAR_MISS_MAX_DEG = Math.max(...ANGLE_TOLERANCES_DEG) * NEAR_MISS_FACTOR;

/**
 * A subtask-wide rotation is reported only when removing it raises the subtask score by at least this many points:
 * the best of 360 offsets always gains something by chance, a few points for a random guesser at the paper's size.
 */
export const ROTATION_MIN_GAIN_POINTS = 10;
/** ... and when it turns at least this many failed answers into fully correct ones (a few lucky answers are not a convention). */
export const ROTATION_MIN_FIXED = 5;
/**
 * ... and when those fixed answers are at least a third of the failed ones: a convention explains much of a subtask's
 * errors, while scattered errors always leave some offset that fixes a few of them.
 */
export const ROTATION_MIN_SHARE_OF_FAILED = 1 / 3;
/** Offsets within the tightest tolerance are scoring noise, not a convention. */
export const ROTATION_MIN_DEG = ANGLE_CONVENTION_TOLERANCE_DEG;

/** Unit slips: prediction / truth near one of these factors (m vs cm, m vs dm, and back). */
export const UNIT_SLIP_FACTORS: readonly number[] = [100, 0.01, 10, 0.1];
/** How far the ratio may be from the factor, relative to it: 10 % keeps the factors 10 and 100 far apart. */
export const UNIT_SLIP_RELATIVE_TOLERANCE = 0.1;

/** The widest MRA band passes r < 0.5 (theta = 0.50); a near miss is r in [0.5, 0.5 * NEAR_MISS_FACTOR). */
export const DISTANCE_WIDEST_RELATIVE_ERROR = 0.5;
export const DISTANCE_NEAR_MISS_MAX_RELATIVE_ERROR = DISTANCE_WIDEST_RELATIVE_ERROR * NEAR_MISS_FACTOR;

/**
 * A systematic distance bias is reported when the median prediction/truth ratio is off 1 by at least 15 %: three MRA
 * band steps (0.05 each), so that rescaling moves a typical answer across bands rather than within one.
 */
export const DISTANCE_BIAS_MIN = 0.15;
/** The median of fewer ratios than this is too unstable to call a bias. */
export const DISTANCE_BIAS_MIN_ANSWERS = 5;

/** Decimals kept when a correction produces a non-terminating value (a rescaled distance, a converted pixel). */
export const CORRECTED_DECIMALS = 2;

/** Axes swapped, y flipped, pixel or normalised coordinates: the corrected point lands within the tightest threshold. */
export const POINT_CONVENTION_RADIUS = Math.min(...POINT_THRESHOLDS);
/** Point near miss: distance in (300, 400]. */
export const POINT_NEAR_MISS_MAX = Math.max(...POINT_THRESHOLDS) * NEAR_MISS_FACTOR;

/** Position bias: a chi-square test at this level; 1 % keeps the 12-subtask report to about one false alarm per eight files. */
export const POSITION_BIAS_ALPHA = 0.01;
/** Below this many parsed choices the chi-square approximation is not trusted and no bias is claimed. */
export const POSITION_BIAS_MIN_ANSWERS = 20;

/** Shuffles of a subtask's predictions that estimate how many answers fall in a per-answer class by chance. */
export const CHANCE_SHUFFLES = 20;

/**
 * A per-answer class is beyond chance when its count exceeds the chance count by more than this many Poisson
 * standard deviations (sqrt of the chance count, at least 1): two, a one-sided level of about 2 %.
 */
export const CHANCE_MARGIN_SD = 2;

/** Raw examples kept per format pattern. */
export const FORMAT_EXAMPLES = 3;
/** Raw examples are cut to this many characters (they are shown, never interpreted). */
export const FORMAT_EXAMPLE_MAX_CHARS = 160;

/**
 * Red-box detection in annotated videos. A pixel is box-red when R >= 150 and R exceeds both G and B by at least 120:
 * the box is drawn pure red (255, 0, 0) and H.264's 4:2:0 chroma keeps the middle of a 2-pixel line that red, while
 * the reddest furniture (an orange armchair, a magenta cabinet) stays under a margin of 100 even in full light.
 */
export const RED_BOX_MIN_RED = 150;
export const RED_BOX_MIN_MARGIN = 120;
/**
 * A frame shows the box when at least this fraction of its pixels is box-red. On the demo's videos decoded at 320 px
 * wide, frames with the box have at least 0.18 % and frames without at most 0.009 %: 0.04 % is a factor of four from
 * either (their geometric mean).
 */
export const RED_BOX_MIN_FRACTION = 0.0004;
/** Frames are decoded at this width (height to scale): half the real data's 640, enough for a 2-pixel line. */
export const RED_BOX_DECODE_WIDTH = 320;

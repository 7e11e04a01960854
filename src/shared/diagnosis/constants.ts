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
 * Red-box detection in annotated videos: which decoded pixels may belong to the box. A pixel is box-red when R >= 120,
 * R exceeds both G and B by a margin of at least 70, and |G - B| is at most half that margin (a hue within about 20°
 * of pure red). Measured at the exact line positions the generator draws: 98.3 % of the demo's decoded line pixels
 * pass (its 2-pixel line at 320x256 decodes as dull as (147, 47, 58)), and 12,941 of the other 188 million pixels;
 * the hue bound turns away a magenta piece of demo furniture, (240, 82, 150). On the real sample (640x512) the middle of the
 * line reads (195-233, 6-41, 0-41) and the chroma smear beside it (180, 70, 55) to (255, 163, 163).
 */
export const RED_BOX_MIN_RED = 120;
export const RED_BOX_MIN_MARGIN = 70;
export const RED_BOX_MAX_HUE_SPREAD = 0.5;
/**
 * A box-red pixel is strong when R >= 150 and R exceeds G and B by at least 120: the middle of a drawn line (88 % of
 * the demo's line pixels, 63 other pixels in its 2,307 frames). A component needs at least 15 % strong pixels: every
 * outline-shaped component on the boxed frames has 21 % or more (61 % on the real sample), while a dark orange wooden
 * door in the real exploration video, (124, 47, 10), passes the colour test with none.
 */
export const RED_BOX_STRONG_RED = 150;
export const RED_BOX_STRONG_MARGIN = 120;
export const RED_BOX_MIN_STRONG_SHARE = 0.15;
/**
 * Frames are decoded at the video's own width up to this many pixels (height to scale), so the real sample's 2-pixel
 * line stays 2 pixels. Decoded at 320 the sample gives the same frames, but its first box is then 8x10, at the shape
 * rule's smallest size, with 1-pixel lines; 640 costs 3.4 s against 2.8 s for its 330 frames.
 */
export const RED_BOX_DECODE_WIDTH = 640;
/**
 * The shape rule (src/core/diagnosis/redBoxShape.ts). A component's frame is trimmed to its outermost rows and columns
 * holding at least RED_BOX_MIN_LINE_SHARE of its width or height (a red patch touching the box from outside is cut
 * away), must be at least RED_BOX_MIN_SIDE pixels each way, each side off the frame's edge must have pixels within
 * RED_BOX_SIDE_BAND of it along at least RED_BOX_MIN_SIDE_COVER of its length, and the frame inset by the band (by
 * less in a box under 10 pixels, to keep a 2-pixel interior) may hold at most RED_BOX_MAX_INTERIOR_FILL of the
 * component's pixels per pixel of its area. The band is the real sample's 2-pixel line plus 2 pixels of smear. 8 is
 * the narrowest demo box (clipped at the frame's edge: two 2-pixel lines around 4 hollow pixels); the real sample's
 * smallest is 14x20. Measured on every component that passed the sides: the demo's outlines cover 0.86 or more of
 * each side and fill at most 0.032 of the interior, the real sample's 1.00 and 0.000; the solid red objects that
 * passed (237 in the two real videos, the alarm button and the faucet knobs among them) fill 1.00, the one demo blob 0.28.
 */
export const RED_BOX_MIN_SIDE = 8;
export const RED_BOX_SIDE_BAND = 4;
export const RED_BOX_MIN_LINE_SHARE = 0.5;
export const RED_BOX_MIN_SIDE_COVER = 0.8;
export const RED_BOX_MAX_INTERIOR_FILL = 0.1;

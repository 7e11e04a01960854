// Every scoring constant, with its source. Nothing else in the project hard-codes these.

/** Angle tolerances in degrees; a question's score is the mean of [error <= T]. GST-Bench paper, Sec. 3 (mAcc). */
export const ANGLE_TOLERANCES_DEG: readonly number[] = [15, 30, 45];

/**
 * MRA confidence thresholds theta, as exact hundredths: 0.50, 0.55, ..., 0.95.
 * GST-Bench paper, Sec. 3, following VSI-Bench's mean relative accuracy.
 */
export const MRA_THRESHOLDS_HUNDREDTHS: readonly number[] = [50, 55, 60, 65, 70, 75, 80, 85, 90, 95];

/**
 * The same thresholds as VSI-Bench's code computes them: numpy.linspace(0.5, 0.95, 10).
 * Note 0.8999999999999999: reproduced bit for bit by the `vsibench` profile.
 */
export const MRA_THRESHOLDS_VSIBENCH_DOUBLES: readonly number[] = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.8999999999999999, 0.95];

/** Point thresholds in [0, 999] map units; score is the mean of [distance <= t]. GST-Bench paper, Sec. 3. */
export const POINT_THRESHOLDS: readonly number[] = [100, 150, 200, 250, 300];

/** The coordinate scale of points on the top-down map: [0, 999], x right, y down. */
export const POINT_SCALE_MAX = 999;

/** The range of angle answers in degrees (direction and heading): the benchmark's prompts ask for an integer from –180° to 180°. */
export const ANGLE_ANSWER_MIN_DEG = -180;
export const ANGLE_ANSWER_MAX_DEG = 180;

/** Choice letters of the multiple-choice subtasks. */
export const CHOICE_LETTERS: readonly string[] = ['A', 'B', 'C', 'D'];

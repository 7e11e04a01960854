// Prompt texts. Those marked "real" are copied from the authors' released samples; the others
// follow their wording for the subtasks without a public sample. Note the en dash (U+2013) in "–180°".

/** real (direction and distance samples) */
export const EXPLORATION_INTRO_PERIOD = 'This is the exploration video of you in the entire scene earlier.';
/** real (position and top-down selection samples) */
export const EXPLORATION_INTRO_COLON = 'This is the exploration video of you in the entire scene earlier:';
/** real (trajectory sample) */
export const CLIP_INTRO = 'This is the exploration video in a section of the scene earlier:';
/** real */
export const CURRENT_VIEW = 'Your current view is :';
/** real */
export const TOPDOWN_IS = 'The top-down image of the scene is:';

const ANGLE_FORMAT =
  'Taking your current viewing direction as 0°, with left turns being positive, please only give the angle as an integer between –180° and 180°, without the "°" symbol.';
const DISTANCE_FORMAT = 'Answer only with a number rounded to one decimal place, without the "m" suffix.';
/** real (position sample) */
const POINT_FORMAT =
  'Please provide coordinates normalized to the range [0, 999], with the x-axis pointing to the right of the top-down image and the y-axis pointing to the bottom of the top-down image.\nPlease provide the answer directly in the format <point>x y</point>.';

/** real */
export const DIRECTION_VISUAL = `In which direction relative to you is the object marked with a red box in the video? ${ANGLE_FORMAT}`;
export const directionSemantic = (label: string) => `In which direction relative to you is the ${label} in the scene? ${ANGLE_FORMAT}`;
/** real */
export const DISTANCE_VISUAL = `How far in meters is the object marked with a red box in the video from you? ${DISTANCE_FORMAT}`;
export const distanceSemantic = (label: string) => `How far in meters is the ${label} in the scene from you? ${DISTANCE_FORMAT}`;
export const GLOBAL_POSITION_VISUAL = `Where on the top-down image is the object marked with a red box in the video located?\n${POINT_FORMAT}`;
export const globalPositionSemantic = (label: string) => `Where on the top-down image is the ${label} located?\n${POINT_FORMAT}`;
/** real */
export const SELF_POSITION = `Where on the top-down image does your current location correspond to?\n${POINT_FORMAT}`;
/** Self orientation: the answer is the `geometry.agent.heading` convention, stated in full. */
export const SELF_ORIENTATION =
  'Which direction are you facing on the top-down image? Taking the direction toward the top of the top-down image as 0°, with counter-clockwise rotations on the image (left turns) being positive, please only give the angle as an integer between –180° and 180°, without the "°" symbol.';
/** real */
export const TOPDOWN_SELECTION =
  'Among the four images below, which one is closest to a top-down view of the entire scene? Please directly answer with the letter of the correct option.\nA.';
/** real */
export const TRAJECTORY_SELECTION =
  'Which of the four red trajectories on the top-down maps best matches the path shown in the video? Note that the blue dot marks the starting point of each trajectory. Please directly answer with the letter of the correct option.\nA.';
/** real: the texts that precede options B-D. */
export const OPTION_TEXTS = ['\nB.', '\nC.', '\nD.'];

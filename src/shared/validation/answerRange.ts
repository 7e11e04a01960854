import type { ParsedValue } from '../parsing/parsedValue';
import { ANGLE_ANSWER_MAX_DEG, ANGLE_ANSWER_MIN_DEG, POINT_SCALE_MAX } from '../scoring/constants';

/**
 * Why a ground-truth answer lies outside what its kind allows (a point off the [0, 999] map, a distance
 * that is not positive, an angle outside [-180, 180]), or undefined when it is in range.
 * Such an answer can still be scored, but it is a defect in the dataset.
 */
export function answerRangeProblem(truth: ParsedValue): string | undefined {
  switch (truth.kind) {
    case 'angle':
      return truth.value < ANGLE_ANSWER_MIN_DEG || truth.value > ANGLE_ANSWER_MAX_DEG
        ? `answer ${truth.value}° is outside [${ANGLE_ANSWER_MIN_DEG}, ${ANGLE_ANSWER_MAX_DEG}] degrees`
        : undefined;
    case 'distance':
      return truth.value <= 0 ? `answer ${truth.value} m is not a positive distance` : undefined;
    case 'point': {
      const off = [truth.x, truth.y].some((v) => v < 0 || v > POINT_SCALE_MAX);
      return off ? `answer point (${truth.x}, ${truth.y}) is outside the [0, ${POINT_SCALE_MAX}] map` : undefined;
    }
    case 'choice':
      return undefined;
  }
}

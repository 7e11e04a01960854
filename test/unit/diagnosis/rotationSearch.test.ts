// The rotation search scores every answer under 359 offsets on its integers (angleScoreByOffset) instead of
// scoring a turned angle each time: the two must agree exactly, for every offset the search tries.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { angleScoreByOffset, scoreParsed } from '../../../src/shared/scoring/scorer';
import { rotateAngle } from '../../../src/shared/diagnosis/corrections';
import { decimalToNumber, type Decimal } from '../../../src/shared/scoring/decimal';
import type { ParsedValue } from '../../../src/shared/parsing/parsedValue';

type Angle = Extract<ParsedValue, { kind: 'angle' }>;
const angle = (exact: Decimal): Angle => ({ kind: 'angle', value: decimalToNumber(exact), exact });

/** An angle in [-180, 180] with 0 to 4 decimals, often on a whole or half degree (where tolerances bite). */
const anAngle = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: -180, max: 180 }), fc.integer({ min: 0, max: 9999 }), fc.boolean())
  .map(([scale, whole, frac, round]) => {
    const unit = 10n ** BigInt(scale);
    const part = round ? 0n : BigInt(frac) % unit;
    return angle({ int: BigInt(whole) * unit + (whole < 0 ? -part : part), scale });
  });

function agreeOnEveryOffset(truth: Angle, pred: Angle): void {
  const fast = angleScoreByOffset(truth, pred);
  assert.ok(fast, 'integers this small are exact in doubles');
  for (let deg = -360; deg <= 360; deg++)
    assert.equal(fast(deg), scoreParsed(truth, rotateAngle(pred, deg), 'paper').score, `offset ${deg}`);
}

describe('the rotation search scores answers on their integers', () => {
  it('agrees with scoring the turned angle, for random answers and every offset', () => {
    fc.assert(
      fc.property(anAngle, anAngle, (truth, pred) => agreeOnEveryOffset(truth, pred)),
      { numRuns: 150, seed: 16 },
    );
  });
  it('agrees at the tolerances and across the wrap', () => {
    const cases: Array<[Decimal, Decimal]> = [
      [
        { int: 0n, scale: 0 },
        { int: 45n, scale: 0 },
      ],
      [
        { int: 1800n, scale: 1 },
        { int: -1795n, scale: 1 },
      ],
      [
        { int: -90n, scale: 0 },
        { int: 6000001n, scale: 5 },
      ],
      [
        { int: 179999n, scale: 3 },
        { int: -179999n, scale: 3 },
      ],
    ];
    for (const [t, p] of cases) agreeOnEveryOffset(angle(t), angle(p));
  });
  it('declines integers too large for doubles, so the caller scores the turned angle', () => {
    const huge = angle({ int: 10n ** 20n, scale: 18 });
    assert.equal(angleScoreByOffset(angle({ int: 1n, scale: 0 }), huge), null);
  });
});

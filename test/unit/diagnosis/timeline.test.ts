// The visibility timeline's geometry: frames to x and back, the sampled frames that show the target.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { frameAtX, frameTime, nextVisibleStart, timelineLayout, visibleAt } from '../../../src/shared/diagnosis/timeline';
import { anyFrameVisible, uniformFrameIndices } from '../../../src/shared/diagnosis/visibility';

describe('visibility timeline layout', () => {
  it("puts the demo's first EDv question's stretches and its 32 uniform frames where they belong", () => {
    // examples/demo/01_…: 254 frames, the target visible in [52, 86) and [102, 114).
    const visible: Array<[number, number]> = [
      [52, 86],
      [102, 114],
    ];
    const sampled = uniformFrameIndices(254, 32);
    const l = timelineLayout(254, { visible }, sampled, 1000);
    assert.deepEqual(
      l.visible!.map((s) => [s.x0, s.x1]),
      visible.map(([s, e]) => [(s / 254) * 1000, (e / 254) * 1000]),
    );
    assert.equal(l.visibleFrames, 34 + 12);
    assert.deepEqual(
      l.sampled.filter((t) => t.seen).map((t) => t.frame),
      sampled.filter((f) => (f >= 52 && f < 86) || (f >= 102 && f < 114)),
    );
    assert.equal(l.seenCount! > 0, anyFrameVisible(sampled, { frames: 254, visible }), 'the engine agrees');
    assert.equal(l.sampled[0].x, (0.5 / 254) * 1000);
  });

  it('says when no sampled frame shows the target, and knows nothing without ranges', () => {
    const never = timelineLayout(100, { visible: [[40, 45]] }, uniformFrameIndices(100, 4), 500);
    assert.equal(never.seenCount, 0);
    const unknown = timelineLayout(100, null, [0, 50, 99], 500);
    assert.equal(unknown.seenCount, null);
    assert.deepEqual(
      unknown.sampled.map((t) => t.seen),
      [null, null, null],
    );
  });

  it('maps a click to its frame and a frame to its middle', () => {
    assert.equal(frameAtX(0, 254, 1000), 0);
    assert.equal(frameAtX(999.9, 254, 1000), 253);
    assert.equal(frameAtX(1200, 254, 1000), 253);
    assert.equal(frameAtX((52 / 254) * 1000 + 0.01, 254, 1000), 52);
    assert.equal(frameTime(52, 10), 5.25);
  });

  it('finds frames in overlapping or unsorted ranges, and the next and previous stretch', () => {
    const inside = visibleAt([
      [30, 40],
      [5, 10],
      [8, 12],
    ]);
    assert.deepEqual([4, 5, 11, 12, 29, 39, 40].map(inside), [false, true, true, false, false, true, false]);
    const ranges: Array<[number, number]> = [
      [52, 86],
      [102, 114],
    ];
    assert.equal(nextVisibleStart(ranges, 0, 1), 52);
    assert.equal(nextVisibleStart(ranges, 52, 1), 102);
    assert.equal(nextVisibleStart(ranges, 102, 1), undefined);
    assert.equal(nextVisibleStart(ranges, 110, -1), 102);
    assert.equal(nextVisibleStart(ranges, 52, -1), undefined);
  });
});

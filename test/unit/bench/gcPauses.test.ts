// bench:extension's GC figure (scripts/bench/lib/gcPauses.ts): every pause of the watched stretch counted with its
// kind, the ones collected just before `stop` included, and none after it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { watchGc } from '../../../scripts/bench/lib/gcPauses';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;

describe('the GC pauses of a stretch', () => {
  it('counts a full collection made just before stop as a major pause, with its time after `since`', async () => {
    const since = performance.now();
    const watch = watchGc(since);
    // A full collection: Node 20's V8 makes one for gc(), Node 24's for { type: 'major' } (both seen here).
    collect();
    collect({ type: 'major' });
    // No turn of the event loop yet: the collection's entry is not recorded, so stop must wait for it.
    const pauses = await watch.stop();
    assert.ok(pauses.count >= 1, `counted ${pauses.count} collections`);
    assert.ok(pauses.majorCount >= 1, 'the full collection is counted as major');
    assert.equal(pauses.longest.kind, 'major');
    assert.ok(pauses.longest.ms > 0 && pauses.totalMs >= pauses.longest.ms);
    assert.ok(pauses.longest.atMs >= 0 && pauses.longest.atMs <= performance.now() - since);
  });

  it('tells a scavenge (minor) from a mark-compact', async () => {
    const watch = watchGc(performance.now());
    collect({ type: 'minor' });
    const pauses = await watch.stop();
    assert.equal(pauses.majorCount, 0);
    assert.equal(pauses.longest.kind, 'minor');
  });

  it('counts the pauses delivered to it before stop, and none after stop', async () => {
    const watch = watchGc(performance.now());
    collect({ type: 'minor' });
    await new Promise((resolve) => setTimeout(resolve, 20)); // delivered to the observer's callback by now
    const pauses = await watch.stop();
    assert.ok(pauses.count >= 1, `counted ${pauses.count} collections`);
    const counted = pauses.count;
    collect();
    collect({ type: 'major' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(pauses.count, counted, 'a collection after stop is not counted');
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mapInOrder, TaskLimiter } from '../../../src/core/io/taskLimiter';

const turn = () => new Promise((r) => setImmediate(r));

describe('task limiter', () => {
  it('the task limiter runs at most its slots at once, in order, and frees a slot when a task fails', async () => {
    const limiter = new TaskLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await turn();
      running--;
      if (i === 1) throw new Error('boom');
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((i) => limiter.run(task(i))));
    assert.equal(most, 2);
    assert.deepEqual(started, [0, 1, 2, 3, 4]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled'],
    );
  });

  it("a task asked first goes ahead of those waiting (the active file's parse), not of those running", async () => {
    const limiter = new TaskLimiter(2);
    const started: string[] = [];
    const task = (name: string) => async () => {
      started.push(name);
      await turn();
    };
    const runs = ['a', 'b', 'c', 'd', 'e'].map((n) => limiter.run(task(n)));
    runs.push(limiter.run(task('active'), { first: true }));
    runs.push(limiter.run(task('f')));
    await Promise.all(runs);
    assert.deepEqual(started, ['a', 'b', 'active', 'c', 'd', 'e', 'f']);
  });

  it("mapInOrder runs two tasks at once and returns the results in the items' order, whatever order they end in", async () => {
    let running = 0;
    let most = 0;
    const ended: number[] = [];
    // Item 0 takes longest: a later item ends first, yet its result stays in place.
    const results = await mapInOrder([0, 1, 2, 3, 4, 5], async (i) => {
      running++;
      most = Math.max(most, running);
      for (let k = 0; k < (i === 0 ? 5 : 1); k++) await turn();
      running--;
      ended.push(i);
      return i * 10;
    });
    assert.deepEqual(results, [0, 10, 20, 30, 40, 50]);
    assert.equal(most, 2);
    assert.notDeepEqual(ended, [0, 1, 2, 3, 4, 5], 'the tasks overlapped: a later one ended before item 0');
  });

  it('mapInOrder stops starting tasks after a failure and rejects with the first failure in item order', async () => {
    const started: number[] = [];
    let running = 0;
    const error = await mapInOrder([0, 1, 2, 3, 4, 5, 6], async (i) => {
      started.push(i);
      running++;
      // Item 2 fails at once; item 1, started before it, fails later: the loop over the items meets item 1 first.
      for (let k = 0; k < (i === 1 ? 4 : 1); k++) await turn();
      running--;
      if (i === 1 || i === 2) throw new Error(`item ${i}`);
      return i;
    }).then(
      () => undefined,
      (e: Error) => e,
    );
    assert.equal(error?.message, 'item 1');
    assert.equal(running, 0, 'every task that started had ended when the call rejected');
    assert.ok(!started.includes(6), `no task starts after a failure (started: ${started.join(', ')})`);
  });

  it('mapInOrder of no items is an empty array', async () => {
    assert.deepEqual(await mapInOrder([], async () => 1), []);
  });
});

import { describe, expect, it } from 'vitest';
import { createBatcher } from '../src/lib/batcher';

/** A write that records each batch it was given and answers when the test lets it. */
function heldWrite() {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  let failWith: Error | null = null;
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      release.push(() => (failWith ? reject(failWith) : resolve(items.map((item) => `#${item}`))));
    });
  };
  return {
    write,
    batches,
    releaseAll: () => {
      for (const next of release.splice(0)) next();
    },
    fail: (error: Error | null) => {
      failWith = error;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a batcher', () => {
  it('writes a lone item at once, and the items that arrive while writes run as the next batches', async () => {
    const held = heldWrite();
    const batcher = createBatcher(held.write, { maxBatch: 3, concurrency: 1 });
    const first = batcher.add(1);
    await turn();
    expect(held.batches).toEqual([[1]]);

    const waiting = [2, 3, 4, 5].map((item) => batcher.add(item));
    await turn();
    // One write at a time: the others wait for the first, then go three at most to a batch.
    expect(held.batches).toEqual([[1]]);
    held.releaseAll();
    expect(await first).toBe('#1');
    await turn();
    expect(held.batches).toEqual([[1], [2, 3, 4]]);
    held.releaseAll();
    await turn();
    held.releaseAll();
    expect(await Promise.all(waiting)).toEqual(['#2', '#3', '#4', '#5']);
    expect(held.batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('runs up to its concurrency of writes at once', async () => {
    const held = heldWrite();
    const batcher = createBatcher(held.write, { maxBatch: 2, concurrency: 2 });
    const all = [1, 2, 3, 4, 5].map((item) => batcher.add(item));
    await turn();
    expect(held.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    held.releaseAll();
    await turn();
    expect(held.batches.at(-1)).toEqual([5]);
    held.releaseAll();
    expect(await Promise.all(all)).toEqual(['#1', '#2', '#3', '#4', '#5']);
  });

  it('fails every item of a batch whose write failed, and writes the next batch afresh', async () => {
    const held = heldWrite();
    const batcher = createBatcher(held.write, { maxBatch: 10, concurrency: 1 });
    const failing = [batcher.add(1), batcher.add(2)];
    await turn();
    held.fail(new Error('the database cannot be reached'));
    held.releaseAll();
    for (const item of failing) await expect(item).rejects.toThrow('cannot be reached');

    held.fail(null);
    const answered = batcher.add(3);
    await turn();
    expect(held.batches).toEqual([[1, 2], [3]]);
    held.releaseAll();
    expect(await answered).toBe('#3');
  });

  it('drains: resolves once every item added has been answered', async () => {
    const held = heldWrite();
    const batcher = createBatcher(held.write, { maxBatch: 1, concurrency: 1 });
    const answers: string[] = [];
    for (const item of [1, 2, 3]) void batcher.add(item).then((answer) => answers.push(answer));
    let drained = false;
    const draining = batcher.drain().then(() => {
      drained = true;
    });
    while (answers.length < 3) {
      await turn();
      expect(drained).toBe(false);
      held.releaseAll();
      await turn();
    }
    await draining;
    expect(answers).toEqual(['#1', '#2', '#3']);
  });
});

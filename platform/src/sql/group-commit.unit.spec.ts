import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A write that stays in flight until released, recording each batch it was given. */
function controlledWrite() {
  const batches: number[][] = [];
  const releases: Array<(error?: Error) => void> = [];
  const write = (items: readonly number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push([...items]);
      releases.push((error) => (error ? reject(error) : resolve()));
    });
  const release = async (error?: Error) => {
    releases.shift()!(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, release };
}

describe('groupCommit', () => {
  it('writes a lone record at once, in a statement of its own', async () => {
    const { batches, write, release } = controlledWrite();
    const record = groupCommit(write);
    const done = record(1);
    expect(batches).toEqual([[1]]);
    await release();
    await expect(done).resolves.toBeUndefined();
  });

  it('gathers the records that arrive while a write is in flight into the next one', async () => {
    const { batches, write, release } = controlledWrite();
    const record = groupCommit(write);
    const settled: number[] = [];
    const track = (n: number) => record(n).then(() => settled.push(n));
    const all = [track(1), track(2), track(3), track(4)];
    expect(batches).toEqual([[1]]);
    await release();
    expect(settled).toEqual([1]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await release();
    await Promise.all(all);
    expect(settled).toEqual([1, 2, 3, 4]);
    // Idle again: the next record is written at once.
    const next = record(5);
    expect(batches.at(-1)).toEqual([5]);
    await release();
    await next;
  });

  it('splits what waited into statements of at most maxBatch', async () => {
    const { batches, write, release } = controlledWrite();
    const record = groupCommit(write, 2);
    const all = [1, 2, 3, 4, 5, 6].map((n) => record(n));
    await release();
    await release();
    await release();
    await release();
    await Promise.all(all);
    expect(batches).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('rejects the records of a failed statement only, and goes on with the rest', async () => {
    const { batches, write, release } = controlledWrite();
    const record = groupCommit(write);
    const outcome = (n: number) =>
      record(n).then(
        () => 'written',
        (error: Error) => error.message,
      );
    const settled = Promise.all([outcome(1), outcome(2), outcome(3)]);
    await release();
    await release(new Error('connection lost'));
    expect(await settled).toEqual(['written', 'connection lost', 'connection lost']);
    const fourth = record(4);
    expect(batches).toEqual([[1], [2, 3], [4]]);
    await release();
    await expect(fourth).resolves.toBeUndefined();
  });

  it('refuses a batch size that is not a positive integer', () => {
    expect(() => groupCommit(async () => {}, 0)).toThrow('maxBatch must be a positive integer');
  });
});

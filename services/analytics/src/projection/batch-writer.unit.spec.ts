import { describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer';

describe('BatchWriter', () => {
  it('writes what arrives within the delay in one call, and resolves each caller after it', async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(async (items) => void writes.push(items), {
      maxItems: 100,
      maxDelayMs: 500,
    });
    let firstDone = false;
    const first = writer.add([1, 2]).then(() => {
      firstDone = true;
    });
    const second = writer.add([3]);
    await vi.advanceTimersByTimeAsync(499);
    expect(writes).toEqual([]);
    expect(firstDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all([first, second]);
    expect(writes).toEqual([[1, 2, 3]]);
    vi.useRealTimers();
  });

  it('writes at once when the batch is full', async () => {
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(async (items) => void writes.push(items), {
      maxItems: 3,
      maxDelayMs: 60_000,
    });
    await writer.add([1, 2, 3]);
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('rejects the callers of a failed write, and writes later rows afresh', async () => {
    let fail = true;
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(
      async (items) => {
        if (fail) throw new Error('down');
        writes.push(items);
      },
      { maxItems: 10, maxDelayMs: 1 },
    );
    await expect(writer.add([1])).rejects.toThrow('down');
    fail = false;
    await writer.add([2]);
    expect(writes).toEqual([[2]]);
  });

  it('reports each write', async () => {
    const written: number[] = [];
    const writer = new BatchWriter<number>(async () => {}, {
      maxItems: 2,
      maxDelayMs: 1,
      onWritten: (n) => written.push(n),
    });
    await writer.add([1, 2]);
    await writer.add([3]);
    expect(written).toEqual([2, 1]);
  });
});

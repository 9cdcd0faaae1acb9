import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer';

describe('BatchWriter', () => {
  it('writes what arrives together in one call, and resolves each caller after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      const writes: number[][] = [];
      const writer = new BatchWriter<number>(async (items) => void writes.push(items), {
        maxItems: 100,
        maxDelayMs: 500,
      });
      let firstDone = false;
      const first = writer.add([1, 2]).then(() => {
        firstDone = true;
      });
      await vi.advanceTimersByTimeAsync(4);
      const second = writer.add([3]); // within the gather of 5 ms after the first
      expect(writes).toEqual([]);
      expect(firstDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(writes).toEqual([[1, 2, 3]]);
      await Promise.all([first, second]);
    } finally {
      vi.useRealTimers();
    }
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

/**
 * A writer under fake timers whose every write takes `writeMs`, recording what each write got and
 * when it started (ms after the writer was made).
 */
function timedWriter(writeMs: number) {
  const writes: Array<{ items: number[]; at: number }> = [];
  const start = performance.now();
  const writer = new BatchWriter<number>(
    async (items) => {
      writes.push({ items, at: performance.now() - start });
      await new Promise((resolve) => setTimeout(resolve, writeMs));
    },
    { maxItems: 100, maxDelayMs: 200 },
  );
  return { writer, writes };
}

describe('BatchWriter, the delay between writes', () => {
  // Every test here runs on fake timers, the clock included (performance.now() paces the writer).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a write the delay after the previous one started at the soonest, and at once after a quiet spell', async () => {
    const { writer, writes } = timedWriter(50); // each write takes 50 ms
    const first = writer.add([1]); // the writer is idle: written at 5
    await vi.advanceTimersByTimeAsync(100);
    const second = writer.add([2]); // arrived at 100: due 200 after the last write began, at 205
    await vi.advanceTimersByTimeAsync(500);
    const third = writer.add([3]); // arrived at 600, long after: written at 605
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([first, second, third]);
    expect(writes).toEqual([
      { items: [1], at: 5 },
      { items: [2], at: 205 },
      { items: [3], at: 605 },
    ]);
  });

  it('writes rows that arrive as a write ends the delay after that write started, not after they arrived', async () => {
    const { writer, writes } = timedWriter(150); // each write takes 150 ms
    const first = writer.add([1]); // written at 5, until 155
    await vi.advanceTimersByTimeAsync(160);
    const second = writer.add([2]); // arrived at 160 (as a consumer fetches again): due at 205
    await vi.advanceTimersByTimeAsync(300);
    await Promise.all([first, second]);
    expect(writes).toEqual([
      { items: [1], at: 5 },
      { items: [2], at: 205 },
    ]);
  });

  it('writes at once, when the write ends, rows that have already waited the delay', async () => {
    const { writer, writes } = timedWriter(300); // a slow write: 300 ms
    const first = writer.add([1]); // written at 5, until 305
    await vi.advanceTimersByTimeAsync(210);
    const second = writer.add([2, 3]); // arrived at 210: due at 215, while the write runs
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([first, second]);
    expect(writes.map((write) => write.items)).toEqual([[1], [2, 3]]);
    // As the write ended (a timer of 0 ms fires 1 ms later, as in Node).
    expect(writes[1]!.at).toBeGreaterThanOrEqual(305);
    expect(writes[1]!.at).toBeLessThanOrEqual(306);
  });

  it('never waits longer than a delay shorter than the gather', async () => {
    const writes: number[] = [];
    const start = performance.now();
    const writer = new BatchWriter<number>(async () => void writes.push(performance.now() - start), {
      maxItems: 100,
      maxDelayMs: 2,
    });
    const done = writer.add([1]);
    await vi.advanceTimersByTimeAsync(2);
    await done;
    expect(writes).toEqual([2]);
  });

  it('flush() during a write writes what waits once, when the write ends, and leaves no timer behind', async () => {
    const { writer, writes } = timedWriter(300); // a slow write: 300 ms
    const first = writer.add([1]); // written at 5, until 305
    await vi.advanceTimersByTimeAsync(100);
    const second = writer.add([2]); // due at 205, while the write runs
    const flushed = writer.flush(); // as the projector stops
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([first, second, flushed]);
    expect(writes.map((write) => write.items)).toEqual([[1], [2]]);
    expect(writes[1]!.at).toBe(305);
    expect(vi.getTimerCount()).toBe(0);
  });
});

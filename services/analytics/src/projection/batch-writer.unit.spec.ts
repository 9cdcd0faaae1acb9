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

describe('BatchWriter, rows that arrive during a write', () => {
  it('writes them the delay after the first of them arrived, not the delay after the write ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      const { writer, writes } = timedWriter(150); // each write takes 150 ms
      const first = writer.add([1]); // written at 200, until 350
      await vi.advanceTimersByTimeAsync(250);
      const second = writer.add([2]); // arrived at 250: due at 450, the write ends at 350
      await vi.advanceTimersByTimeAsync(400);
      await Promise.all([first, second]);
      expect(writes).toEqual([
        { items: [1], at: 200 },
        { items: [2], at: 450 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes at once, when the write ends, rows that have already waited the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      const { writer, writes } = timedWriter(300); // a slow write: 300 ms
      const first = writer.add([1]); // written at 200, until 500
      await vi.advanceTimersByTimeAsync(210);
      const second = writer.add([2, 3]); // arrived at 210: due at 410, while the write runs
      await vi.advanceTimersByTimeAsync(600);
      await Promise.all([first, second]);
      expect(writes.map((write) => write.items)).toEqual([[1], [2, 3]]);
      // As the write ended (a timer of 0 ms fires 1 ms later, as in Node).
      expect(writes[1]!.at).toBeGreaterThanOrEqual(500);
      expect(writes[1]!.at).toBeLessThanOrEqual(501);
    } finally {
      vi.useRealTimers();
    }
  });
});

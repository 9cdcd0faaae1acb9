/**
 * How long rows that find the writer idle wait for others to join them: the bus's consumers of
 * one topic deliver what one wake-up fetched within a few milliseconds of each other.
 */
const GATHER_MS = 5;

/**
 * Collects rows from concurrent callers and writes them in one insert. Writes start at most once
 * every `maxDelayMs` (an insert of question events has a high fixed cost in ClickHouse with its
 * materialized views, whatever its size), and a row waits no longer than that: rows are written
 * `GATHER_MS` after the first of them arrived, or `maxDelayMs` after the previous write started
 * if that is later, or at once when `maxItems` are waiting. One write runs at a time, in order;
 * rows that arrive during a write that outlasts the delay are written as soon as it ends.
 *
 * The delay counts from the previous write, not from the rows' arrival, because the bus's
 * consumers wait for their rows to be written before they fetch again (below): under load a batch
 * arrives only as the previous write ends, and counting from its arrival would leave the writer
 * idle for the whole delay after every write.
 *
 * `add` resolves only once its rows are written, so a bus consumer that awaits it commits its
 * offset after the rows are in ClickHouse (a crash before that redelivers them; the store's dedup
 * absorbs a second copy).
 */
export class BatchWriter<T> {
  private pending: T[] = [];
  /** When the oldest waiting row arrived (performance.now()). */
  private firstPendingAt = 0;
  /** When the last write started (performance.now()): the next starts `maxDelayMs` after it at the soonest. */
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: { maxItems: number; maxDelayMs: number; onWritten?: (count: number) => void },
  ) {}

  add(items: readonly T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.pending.length === 0) this.firstPendingAt = performance.now();
    this.pending.push(...items);
    this.scheduleFlush();
    return done;
  }

  /** Writes whatever waits now (used when stopping). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    // The write that just ended may have set a timer for these rows: they are written here instead.
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length > 0) await this.runWrite();
  }

  private flushSoon(delayMs: number): void {
    if (this.writing) return; // the write in progress schedules the next one when it ends
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.writing && this.pending.length > 0) void this.runWrite();
    }, delayMs);
  }

  /** At once when the batch is full, else as the class says. */
  private scheduleFlush(): void {
    if (this.pending.length >= this.options.maxItems) this.flushSoon(0);
    else {
      const { maxDelayMs } = this.options;
      const due = Math.max(
        this.firstPendingAt + Math.min(GATHER_MS, maxDelayMs),
        this.lastWriteAt + maxDelayMs,
      );
      this.flushSoon(Math.max(0, due - performance.now()));
    }
  }

  private runWrite(): Promise<void> {
    const items = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    this.lastWriteAt = performance.now();
    this.writing = (async () => {
      try {
        await this.write(items);
        for (const w of waiters) w.resolve();
        this.options.onWritten?.(items.length);
      } catch (error) {
        for (const w of waiters) w.reject(error);
      } finally {
        this.writing = undefined;
        if (this.pending.length > 0) this.scheduleFlush();
      }
    })();
    return this.writing;
  }
}

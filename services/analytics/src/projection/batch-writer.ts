/**
 * Collects rows from concurrent callers and writes them in one insert: when `maxItems` are
 * waiting, or `maxDelayMs` after the first row arrived, whichever comes first. `add` resolves
 * only once its rows are written, so a bus consumer that awaits it commits its offset after the
 * rows are in ClickHouse (a crash before that redelivers them; the store's dedup absorbs a
 * second copy). One write runs at a time, in order.
 */
export class BatchWriter<T> {
  private pending: T[] = [];
  /** When the oldest waiting row arrived (performance.now()), for the delay it may wait. */
  private firstPendingAt = 0;
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
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (this.pending.length > 0) await this.runWrite();
  }

  private flushSoon(delayMs: number): void {
    if (this.writing) return; // the write in progress schedules the next one when it ends
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runWrite();
    }, delayMs);
  }

  /**
   * At once when the batch is full, else the delay after the oldest waiting row arrived (which,
   * for rows that arrived during a write, is not the delay after the write ended).
   */
  private scheduleFlush(): void {
    if (this.pending.length >= this.options.maxItems) this.flushSoon(0);
    else this.flushSoon(Math.max(0, this.firstPendingAt + this.options.maxDelayMs - performance.now()));
  }

  private runWrite(): Promise<void> {
    const items = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
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

/**
 * What a round of work found, which decides how long the loop waits before the next one:
 * - `more`: it did work and more may be waiting, so the next round starts at once;
 * - `some`: it did work and took all there was, so the loop waits the shortest interval;
 * - `none`: there was nothing to do, so the loop waits, longer each time up to the longest interval.
 */
export type RoundOutcome = 'more' | 'some' | 'none';

export interface WakeableLoopOptions {
  /** One round of work. A round that throws is reported to `onError` and counts as `none`. */
  round: () => Promise<RoundOutcome>;
  onError: (error: unknown) => void;
  /** The wait after a round that did work, or after a wake-up. */
  pollIntervalMs: number;
  /** The longest wait: it doubles from pollIntervalMs while rounds find nothing (default: no growth). */
  maxPollIntervalMs?: number;
  /**
   * After a wake-up that cuts a wait short, wait this long more (default 0): work that arrives in
   * bursts is then taken in one round rather than one round per wake-up.
   */
  lingerMs?: number;
}

/**
 * Runs rounds of work one after another, waiting between them while there is nothing to do.
 * `wake()` ends a wait at once; a wake-up that arrives during a round is kept, so the next wait
 * is skipped and nothing written meanwhile waits for a poll.
 */
export class WakeableLoop {
  private active = true;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  private waitMs: number;
  private done: Promise<void> | undefined;

  constructor(private readonly options: WakeableLoopOptions) {
    this.waitMs = options.pollIntervalMs;
  }

  /** False once end() or stop() was called: a long round checks it to stop early. */
  get running(): boolean {
    return this.active;
  }

  start(): void {
    this.done ??= this.run();
  }

  /** Looks for work now rather than at the end of the current wait. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /** Runs no further round; unlike stop(), callable from inside a round. */
  end(): void {
    this.active = false;
    this.wake();
  }

  /** Runs no further round, and resolves once the round in progress (if any) has finished. */
  async stop(): Promise<void> {
    this.end();
    await this.done;
  }

  private async run(): Promise<void> {
    while (this.active) {
      let outcome: RoundOutcome;
      try {
        outcome = await this.options.round();
      } catch (error) {
        this.options.onError(error);
        outcome = 'none';
      }
      if (outcome !== 'none') this.waitMs = this.options.pollIntervalMs;
      if (outcome !== 'more') await this.idle();
    }
  }

  private idle(): Promise<void> {
    const { pollIntervalMs, maxPollIntervalMs = pollIntervalMs, lingerMs = 0 } = this.options;
    if (!this.active || this.woken) {
      this.woken = false;
      this.waitMs = pollIntervalMs;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        this.waitMs = Math.min(this.waitMs * 2, maxPollIntervalMs);
        resolve();
      }, this.waitMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.waitMs = pollIntervalMs;
        if (this.active && lingerMs > 0) setTimeout(resolve, lingerMs);
        else resolve();
      };
    });
  }
}

import { performance } from 'node:perf_hooks';

/** Event-loop utilisation (0–1) since the previous call: Node's own measure by default. */
export type LoopBusyness = () => number;

export function eventLoopBusyness(): LoopBusyness {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

export interface RenderBudgetOptions {
  /** Share of the event loop rendering may take while the loop is saturated (0–1). */
  share?: number;
  /** Utilisation above which the loop counts as saturated... */
  saturatedAbove?: number;
  /** ...when the rest of the process (not rendering) takes at least this much of it. */
  othersAbove?: number;
  /** How often utilisation is sampled. */
  sampleEveryMs?: number;
  busyness?: LoopBusyness;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Rendering a report (React Email and the PDF) is synchronous work on the event loop that also
 * answers clients. While the loop is saturated and requests take a real part of it, renders are
 * spaced so they take at most `share` of it: clients keep the rest, and reports wait (recorded in
 * the database, not lost) until the load eases. Otherwise, including a burst of reports with no
 * one else about, renders run back to back.
 */
export class RenderBudget {
  private readonly share: number;
  private readonly saturatedAbove: number;
  private readonly othersAbove: number;
  private renderedMs = 0;
  private readonly sampleEveryMs: number;
  private readonly busyness: LoopBusyness;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private saturated = false;
  private sampledAt: number;
  private nextStartAt = 0;
  /** Renders waiting for their turn while spacing. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: RenderBudgetOptions = {}) {
    this.share = options.share ?? 0.2;
    this.saturatedAbove = options.saturatedAbove ?? 0.9;
    this.othersAbove = options.othersAbove ?? 0.3;
    this.sampleEveryMs = options.sampleEveryMs ?? 250;
    this.busyness = options.busyness ?? eventLoopBusyness();
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.sampledAt = this.now();
  }

  /** Runs one render within the budget: at once while the loop has room, else in turn. */
  run<T>(render: () => Promise<T>): Promise<T> {
    this.sample();
    if (!this.saturated) return this.timed(render);
    const result = this.queue.then(async () => {
      const wait = this.nextStartAt - this.now();
      if (wait > 0) await this.sleep(wait);
      return this.timed(render);
    });
    this.queue = result.then(
      () => {},
      () => {},
    );
    return result;
  }

  private async timed<T>(render: () => Promise<T>): Promise<T> {
    const started = this.now();
    try {
      return await render();
    } finally {
      const spent = this.now() - started;
      this.renderedMs += spent;
      // At `share`, each millisecond of rendering is followed by (1 - share) / share of room.
      this.nextStartAt = this.now() + (spent * (1 - this.share)) / this.share;
    }
  }

  /** Whether renders are being spaced now (tests, logs). */
  get spacing(): boolean {
    return this.saturated;
  }

  private sample(): void {
    const now = this.now();
    const elapsed = now - this.sampledAt;
    if (elapsed <= 0 || elapsed < this.sampleEveryMs) return;
    const total = this.busyness();
    const others = total - Math.min(1, this.renderedMs / elapsed);
    this.sampledAt = now;
    this.renderedMs = 0;
    this.saturated = total > this.saturatedAbove && others > this.othersAbove;
  }
}

import { describe, expect, it } from 'vitest';
import { RenderBudget } from './render-budget';

/** A fake clock and loop: renders take `renderMs`; sleeping advances the clock. */
function harness(busyness: () => number, renderMs = 10) {
  let now = 0;
  const sleeps: number[] = [];
  const budget = new RenderBudget({
    share: 0.2,
    sampleEveryMs: 0,
    busyness,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  });
  const render = () =>
    budget.run(async () => {
      now += renderMs;
      return now;
    });
  return {
    budget,
    render,
    sleeps,
    clock: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** How many of `count` renders of `ms` each, started together, the budget ran at once. */
async function mostAtOnce(budget: RenderBudget, count: number, ms: number): Promise<number> {
  let running = 0;
  let most = 0;
  const one = () =>
    budget.run(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
    });
  await Promise.all(Array.from({ length: count }, one));
  return most;
}

describe('RenderBudget', () => {
  it('renders at once, side by side, while the event loop has room', async () => {
    const budget = new RenderBudget({ busyness: () => 0, sampleEveryMs: 0 });
    expect(await mostAtOnce(budget, 3, 2)).toBe(3);
  });

  it('renders back to back while the event loop has room', async () => {
    const { render, sleeps, clock } = harness(() => 0.5);
    for (let i = 0; i < 5; i++) await render();
    expect(sleeps).toEqual([]);
    expect(clock()).toBe(50);
  });

  it('keeps rendering to a fifth of a loop that requests saturate', async () => {
    const { budget, render, sleeps, clock, advance } = harness(() => 1);
    for (let i = 0; i < 20; i++) {
      await render();
      advance(5); // requests answered between two renders
    }
    expect(budget.spacing).toBe(true);
    expect(sleeps.length).toBeGreaterThan(15);
    // 20 renders of 10 ms: at a fifth of the loop they span at least 1 s, less the first's room.
    expect(clock()).toBeGreaterThanOrEqual(20 * 10 * 5 - 50);
  });

  it('does not hold back a burst of reports when rendering is all that keeps the loop busy', async () => {
    let rendered = 0;
    let sampled = 0;
    const { budget, render, sleeps, clock } = harness(() => {
      // The loop's utilisation since the last sample is exactly the rendering in it.
      const now = clock();
      const utilisation = now === sampled ? 0 : Math.min(1, rendered / (now - sampled));
      rendered = 0;
      sampled = now;
      return utilisation;
    });
    for (let i = 0; i < 5; i++) {
      await render();
      rendered += 10;
    }
    expect(budget.spacing).toBe(false);
    expect(sleeps).toEqual([]);
  });

  it('runs renders one at a time while spacing them, and passes on their failures', async () => {
    // A loop that counts as saturated by others whatever the renders take.
    const budget = new RenderBudget({ busyness: () => 1, othersAbove: -1, sampleEveryMs: 0, share: 1 });
    await budget.run(async () => {
      await new Promise((r) => setTimeout(r, 2));
    });
    expect(budget.spacing).toBe(true);
    expect(await mostAtOnce(budget, 3, 1)).toBe(1);
    await expect(budget.run(() => Promise.reject(new Error('bad template')))).rejects.toThrow('bad template');
    await expect(budget.run(async () => 'next')).resolves.toBe('next');
  });
});

import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type BackgroundThreadPriority, lowerBackgroundThreads } from './thread-priority';

const threadIds = () => readdirSync('/proc/self/task').map(Number);

/** A worker thread started by the event loop (so at its priority), and its thread id. */
async function startThread(): Promise<{ tid: number; worker: Worker }> {
  const before = new Set(threadIds());
  const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
  await new Promise((resolve) => worker.once('online', resolve));
  const started = threadIds().filter((tid) => !before.has(tid));
  expect(started).toHaveLength(1);
  return { tid: started[0]!, worker };
}

async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
}

const workers: Worker[] = [];
const sweeps: BackgroundThreadPriority[] = [];
afterEach(async () => {
  for (const sweep of sweeps.splice(0)) sweep.stop();
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
});
const started = async () => {
  const thread = await startThread();
  workers.push(thread.worker);
  return thread;
};
const lowered = (nice: number, intervalMs = 10) => {
  const sweep = lowerBackgroundThreads(nice, { intervalMs });
  sweeps.push(sweep);
  return sweep;
};

describe.skipIf(process.platform !== 'linux')(
  'lowerBackgroundThreads (Linux, where a nice value is per thread)',
  () => {
    it('lowers every thread but the event loop, and threads that start later', async () => {
      const mainNice = getPriority(process.pid);
      expect(lowered(7).nice).toBe(7);
      for (const tid of threadIds().filter((t) => t !== process.pid)) {
        expect(getPriority(tid)).toBeGreaterThanOrEqual(7);
      }
      // Started by the event loop at its priority (see the test of stop below), then swept.
      const later = await started();
      expect(await eventually(() => getPriority(later.tid) === 7)).toBe(true);
      expect(getPriority(process.pid)).toBe(mainNice);
    });

    it('never raises a thread that is already lower', async () => {
      const thread = await started();
      setPriority(thread.tid, 15);
      lowered(5);
      await new Promise((r) => setTimeout(r, 50));
      expect(getPriority(thread.tid)).toBe(15);
    });

    it('stops sweeping when stopped, and 0 lowers nothing', async () => {
      const mainNice = getPriority(process.pid);
      lowered(9).stop();
      expect(lowered(0).nice).toBe(0);
      const thread = await started();
      await new Promise((r) => setTimeout(r, 50));
      expect(getPriority(thread.tid)).toBe(mainNice);
    });

    it('refuses a nice value outside 0-19', () => {
      for (const nice of [-1, 20, 1.5]) expect(() => lowerBackgroundThreads(nice)).toThrow(RangeError);
    });
  },
);

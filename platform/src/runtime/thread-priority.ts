import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** Stops the sweep; threads already lowered stay so (a process may not raise its own priority). */
export interface BackgroundThreadPriority {
  /** The nice value background threads are lowered to; 0 when nothing is lowered. */
  readonly nice: number;
  stop(): void;
}

const SWEEP_INTERVAL_MS = 1_000;
const NOTHING_LOWERED: BackgroundThreadPriority = { nice: 0, stop: () => {} };

/** This process's threads by id (Linux: /proc/self/task); empty where that cannot be read. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
}

/**
 * Runs every thread of this process except the one running the event loop at `nice` (1-19; 0
 * lowers nothing), so that on a busy machine the event loop, which answers every request, gets a
 * core before background work (chDB's threads, the libuv pool, V8's helpers). None of them
 * starves: the event loop is one thread, so the other cores stay theirs whenever it runs.
 *
 * Linux only: there the nice value belongs to a thread, and a process may lower its own threads'
 * priority without any privilege; elsewhere, or off the main thread, it does nothing. Threads
 * appear as the process works (chDB starts its pools on its first queries), so they are swept at
 * once and then every second. A thread already at `nice` or lower is left alone: raising it would
 * need a privilege.
 */
export function lowerBackgroundThreads(
  nice: number,
  options: { intervalMs?: number } = {},
): BackgroundThreadPriority {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    throw new RangeError(`a nice value for background threads is 0 to 19, not ${nice}`);
  }
  if (nice === 0 || process.platform !== 'linux' || !isMainThread) return NOTHING_LOWERED;
  let lowered = new Set<number>();
  const sweep = () => {
    const seen = new Set<number>();
    for (const tid of threadIds()) {
      if (tid === process.pid) continue;
      seen.add(tid);
      if (lowered.has(tid)) continue;
      try {
        if (getPriority(tid) < nice) setPriority(tid, nice);
        lowered.add(tid);
      } catch {
        // The thread ended between the listing and the call (ESRCH): nothing to lower.
      }
    }
    // Ids of ended threads may be reused by new ones.
    lowered = new Set([...lowered].filter((tid) => seen.has(tid)));
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return { nice, stop: () => clearInterval(timer) };
}

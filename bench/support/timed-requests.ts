// Timed HTTP requests against a running product: p50, p95 and p99 after a warm-up, and the
// product's CPU per request (bench/households.bench.ts).
import { processCpuMs } from './cpu-time';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface TimedRequests {
  label: string;
  ids: readonly string[];
  request: (id: string) => Promise<Response>;
  concurrency: number;
  productPid: number;
  /** Which id a request takes: the bench's own seeded sequence, so every run asks the same. */
  pick: (ids: readonly string[]) => string;
  warmUp: number;
  requests: number;
  targetMs: number;
}

/** Timed requests, `concurrency` at a time, each to a random one of `ids`; prints one line. */
export async function measureRequests(t: TimedRequests): Promise<void> {
  const one = async () => {
    const res = await t.request(t.pick(t.ids));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${t.label}: ${res.status}`);
  };
  for (let i = 0; i < t.warmUp; i++) await one();
  const durations: number[] = [];
  const cpuFrom = processCpuMs(t.productPid);
  let left = t.requests;
  await Promise.all(
    Array.from({ length: t.concurrency }, async () => {
      while (left-- > 0) {
        const start = performance.now();
        await one();
        durations.push(performance.now() - start);
      }
    }),
  );
  // On a machine shared with other work the latencies wander; the product's CPU per request does not.
  const cpu = (processCpuMs(t.productPid) - cpuFrom) / durations.length;
  durations.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(durations, p).toFixed(1));
  console.log(
    `  ${t.label}, ${t.concurrency === 1 ? 'one at a time' : `${t.concurrency} at a time`}: p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms over ${durations.length}; product CPU ${cpu.toFixed(1)} ms a request (target p95 < ${t.targetMs} ms)`,
  );
}

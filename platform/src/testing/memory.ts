/** Runs `work` while sampling the process's RSS: its result, the peak growth over the RSS before it, and the time taken. */
export async function peakRssGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; growth: number; ms: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      growth: Math.max(peak, process.memoryUsage.rss()) - before,
      ms: performance.now() - started,
    };
  } finally {
    clearInterval(sampler);
  }
}

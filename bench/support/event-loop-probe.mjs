// Loaded into the product's process (NODE_OPTIONS=--import=...) by benchmarks that need its
// event-loop delay. On SIGUSR2 it writes the delay percentiles since the last signal to the file
// named by EVENT_LOOP_PROBE_FILE, then starts counting afresh.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Number((ns / 1e6).toFixed(2));
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        samples: histogram.count,
      }),
    );
    histogram.reset();
  });
}

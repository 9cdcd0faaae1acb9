// Front-end figures in headless Chromium against the real embedded product (built bundle in a
// child process): the JavaScript a client downloads for `/` (gzip, as served), and the largest
// contentful paint of `/` on localhost, cold cache, median of 7 loads.
// Usage: node scripts/run-ts.mjs bench/frontend.bench.ts   (after npm run build)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startProduct } from './support/product';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`skipped: no Chromium at ${CHROMIUM}`);
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-frontend-'));
const { url, stop } = await startProduct('dist/server/embedded.mjs', { DATA_DIR: dataDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  // JavaScript downloaded for `/` (gzip bytes on the wire). The page prefetches the later steps
  // in an idle callback; the measurement holds idle callbacks back 3 s so that what the first
  // screen needs and what is prefetched for later are counted apart.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    // Runs in the page; typed loosely because this file is compiled without the DOM library.
    type Idle = (callback: (...args: unknown[]) => void, options?: unknown) => number;
    const page = globalThis as unknown as {
      requestIdleCallback?: Idle;
      setTimeout: (fn: () => void, ms: number) => number;
    };
    const original = page.requestIdleCallback?.bind(page);
    if (original) {
      page.requestIdleCallback = (callback, options) =>
        page.setTimeout(() => original(callback, options), 3_000);
    }
  });
  const page = await context.newPage();
  let phase: 'initial' | 'prefetch' = 'initial';
  const bytes = { initial: { gzip: 0, raw: 0, files: 0 }, prefetch: { gzip: 0, raw: 0, files: 0 } };
  const pending: Promise<void>[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const bucket = bytes[phase];
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        // Await first, then add: `sum += await x` would read the sum before the await.
        const gzip = (await request.sizes()).responseBodySize;
        const raw = (await response.body()).length;
        bucket.gzip += gzip;
        bucket.raw += raw;
        bucket.files++;
        if (process.env.BENCH_VERBOSE) console.log(phase, new URL(request.url()).pathname, gzip, raw);
      })(),
    );
  });
  await page.goto(`${url}/`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Start Assessment' }).waitFor();
  await page.waitForLoadState('networkidle');
  phase = 'prefetch';
  await page.waitForTimeout(4_000);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();

  // Largest contentful paint, cold cache each time.
  const lcps: number[] = [];
  for (let i = 0; i < 7; i++) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    await p.goto(`${url}/`, { waitUntil: 'load' });
    // A string, so the page's PerformanceObserver is not type-checked as Node's.
    const lcp = (await p.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1].startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`)) as number;
    lcps.push(lcp);
    await ctx.close();
  }
  lcps.sort((a, b) => a - b);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `Initial JavaScript of / : ${kb(bytes.initial.gzip)} gzip (${kb(bytes.initial.raw)} raw) in ${bytes.initial.files} files   (target <= 150 KB gzip)`,
  );
  console.log(
    `  then prefetched on idle for the later steps: ${kb(bytes.prefetch.gzip)} gzip in ${bytes.prefetch.files} files`,
  );
  console.log(
    `LCP of / : median ${lcps[3]!.toFixed(0)} ms (min ${lcps[0]!.toFixed(0)}, max ${lcps[6]!.toFixed(0)})   (target < 1000 ms)`,
  );
} finally {
  await browser.close();
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Cold start of `npm start` (after the first build) to a ready gateway, and resident memory when
// idle. Runs the real start script in a child process on a free port, three times on a fresh
// data folder and three times on an existing one. Usage: node scripts/run-ts.mjs bench/startup.bench.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from './support/product';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function once(dataDir: string, measureIdle: boolean): Promise<{ readyMs: number; idleRssMb?: number }> {
  const started = performance.now();
  const product = await startProduct('scripts/start.mjs', { DATA_DIR: dataDir });
  try {
    const readyMs = performance.now() - started;
    let idleRssMb: number | undefined;
    if (measureIdle) {
      await fetch(`${product.url}/`); // the page once, as a visitor would
      await new Promise((r) => setTimeout(r, 5_000));
      idleRssMb = rssMb(product.child.pid!);
    }
    return { readyMs, idleRssMb };
  } finally {
    await product.stop();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
try {
  const fresh: number[] = [];
  const existing: number[] = [];
  let idle = 0;
  let freshIdle = 0;
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-startup-fresh-'));
    const run = await once(dir, i === 2);
    fresh.push(run.readyMs);
    if (run.idleRssMb) freshIdle = run.idleRssMb;
    rmSync(dir, { recursive: true, force: true });
  }
  await once(dataDir, false); // create the database once
  for (let i = 0; i < 3; i++) {
    const run = await once(dataDir, i === 2);
    existing.push(run.readyMs);
    if (run.idleRssMb) idle = run.idleRssMb;
  }
  const fmt = (xs: number[]) => xs.map((x) => `${(x / 1000).toFixed(2)} s`).join(', ');
  console.log('npm start (scripts/start.mjs) to ready, build already done');
  console.log(`  fresh data folder:    ${fmt(fresh)}   (target < 5 s)`);
  console.log(`  existing data folder: ${fmt(existing)}   (target < 5 s)`);
  console.log(
    `  resident memory idle: ${idle.toFixed(0)} MB after a restart, ${freshIdle.toFixed(0)} MB after a first start   (target < 300 MB)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Cold start of `npm start` (after the first build) to a ready gateway, and resident memory when
// idle. Runs the real start script in a child process on a free port, three times on a fresh
// data folder and three times on an existing one. Usage: node scripts/run-ts.mjs bench/startup.bench.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not ready in time');
}

async function once(dataDir: string, measureIdle: boolean): Promise<{ readyMs: number; idleRssMb?: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(`http://127.0.0.1:${port}`, child, 60_000);
    const readyMs = performance.now() - started;
    let idleRssMb: number | undefined;
    if (measureIdle) {
      await fetch(`http://127.0.0.1:${port}/`); // the page once, as a visitor would
      await new Promise((r) => setTimeout(r, 5_000));
      idleRssMb = rssMb(child.pid!);
    }
    return { readyMs, idleRssMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
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

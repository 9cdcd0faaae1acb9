// `npm start`: builds when the sources are newer than the last build, then runs the gateway and
// the four services in one process on embedded adapters (docs/architecture.md, "Modes").
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { frontendDist, serverDist } from './lib/paths.mjs';

/** platform's PRODUCT_POOL_SIZE (src/runtime/libuv-pool.ts): this script runs before any build. */
const PRODUCT_POOL_SIZE = '16';

buildIfStale('Building Risk Profile (first start or sources changed)...');

process.env.FRONTEND_DIST ??= frontendDist;
const entry = join(serverDist, 'embedded.mjs');
if (process.env.UV_THREADPOOL_SIZE) {
  await import(pathToFileURL(entry).href);
} else {
  // libuv sizes its thread pool from the environment the process starts with, and chDB's queries
  // each hold a pool thread: the product runs in a child given the pool it needs.
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: 'inherit',
    env: { ...process.env, UV_THREADPOOL_SIZE: PRODUCT_POOL_SIZE },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
}

// `npm run bench`: every benchmark under bench/, one after another, figures printed.
// Set TEST_DATABASE_URL (or DATABASE_URL) to include the PostgreSQL server figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/paths.mjs';

const only = process.argv[2];
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
for (const file of readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, [join(root, 'scripts/run-ts.mjs'), join('bench', file)], {
    stdio: 'inherit',
    cwd: root,
    // As `npm start` and the image give the product (platform src/runtime/libuv-pool.ts).
    env: { UV_THREADPOOL_SIZE: '16', ...process.env },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

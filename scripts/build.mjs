// Builds everything `npm start` and the Docker images run: the front end (Vite) and one Node
// bundle per deployable (esbuild). Usage: node scripts/build.mjs [--server-only]
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bundle } from './lib/bundle.mjs';
import { root, serverDist, serverEntries, stampFile, workerEntries } from './lib/paths.mjs';

const started = Date.now();
const serverOnly = process.argv.includes('--server-only');

if (!serverOnly) {
  // Vite is the front end's dependency; resolve it from there, wherever npm placed it.
  const viteBin = join(
    dirname(createRequire(join(root, 'frontend/package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const vite = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: join(root, 'frontend'),
    stdio: 'inherit',
  });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}

rmSync(serverDist, { recursive: true, force: true });
await bundle(
  Object.fromEntries(
    Object.entries({ ...serverEntries, ...workerEntries }).map(([name, entry]) => [name, join(root, entry)]),
  ),
  serverDist,
);
mkdirSync(dirname(stampFile), { recursive: true });
writeFileSync(stampFile, JSON.stringify({ builtAt: Date.now(), serverOnly }));
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

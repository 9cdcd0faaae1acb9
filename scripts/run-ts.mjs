// Runs a TypeScript entry (benchmarks, tools): bundles it with esbuild to a temporary file and
// imports it. Usage: node scripts/run-ts.mjs bench/event-store.bench.ts [args...]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from './lib/bundle.mjs';
import { root, workerEntries } from './lib/paths.mjs';

const entry = process.argv[2];
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
// The bundle lives inside the repository so its external imports resolve from node_modules.
mkdirSync(join(root, 'dist'), { recursive: true });
const outDir = mkdtempSync(join(root, 'dist', '.run-'));
const outfile = join(outDir, `${basename(entry, '.ts')}.mjs`);
// The product's worker entries go beside it, where the product's entries look for them.
await bundle(
  {
    [basename(entry, '.ts')]: resolve(entry),
    ...Object.fromEntries(Object.entries(workerEntries).map(([name, file]) => [name, join(root, file)])),
  },
  outDir,
);
process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
process.argv.splice(1, 2, outfile);
await import(pathToFileURL(outfile).href);

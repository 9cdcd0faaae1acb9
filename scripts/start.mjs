// `npm start`: builds when the sources are newer than the last build, then runs the gateway and
// the four services in this one process on embedded adapters (docs/running.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { frontendDist, newestSourceMtime, root, serverDist, stampFile } from './lib/paths.mjs';

function needsBuild() {
  if (!existsSync(stampFile) || !existsSync(join(frontendDist, 'index.html'))) return true;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  return stamp.serverOnly || newestSourceMtime() > stamp.builtAt;
}

if (needsBuild()) {
  console.log('Building Risk Profile (first start or sources changed)...');
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.FRONTEND_DIST ??= frontendDist;
await import(pathToFileURL(join(serverDist, 'embedded.mjs')).href);

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontendDist, newestSourceMtime, root, stampFile } from './paths.mjs';

/** True when there is no complete build, or a source file is newer than it. */
function isStale() {
  if (!existsSync(stampFile) || !existsSync(join(frontendDist, 'index.html'))) return true;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  return stamp.serverOnly || newestSourceMtime() > stamp.builtAt;
}

/** Runs the full build when the last one is missing or out of date; exits the process if it fails. */
export function buildIfStale(message) {
  if (!isStale()) return;
  if (message) console.log(message);
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

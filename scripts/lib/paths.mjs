import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverDist = join(root, 'dist', 'server');
export const frontendDist = join(root, 'frontend', 'dist');
export const stampFile = join(root, 'dist', 'build-stamp.json');

/**
 * Server entry points: one bundle per deployable, plus the embedded all-in-one and the account
 * command (`node dist/server/users.mjs`, in the image for a production site's first administrator).
 */
export const serverEntries = {
  embedded: 'gateway/src/embedded/main.ts',
  gateway: 'gateway/src/main.ts',
  assessment: 'services/assessment/src/main.ts',
  adviser: 'services/adviser/src/main.ts',
  notification: 'services/notification/src/main.ts',
  analytics: 'services/analytics/src/main.ts',
  users: 'services/adviser/src/cli/users-cli.ts',
};

/**
 * Worker-thread entries, bundled beside the server entries (and by scripts/run-ts.mjs beside the
 * entry it runs), where the entries look for them.
 */
export const workerEntries = {
  'report-composer': 'services/notification/src/delivery/compose-worker.ts',
  'analyst-worker': 'services/analytics/src/analyst-worker/main.ts',
};

const SOURCE_ROOTS = [
  'contracts/src',
  'platform/src',
  'services',
  'gateway/src',
  'frontend/src',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/public',
  'package-lock.json',
];

/** Newest modification time of any source file (skipping node_modules and build output). */
export function newestSourceMtime() {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) {
        if (name === 'node_modules' || name === 'dist' || name.endsWith('.spec.ts')) continue;
        visit(join(path, name));
      }
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const rel of SOURCE_ROOTS) visit(join(root, rel));
  return newest;
}

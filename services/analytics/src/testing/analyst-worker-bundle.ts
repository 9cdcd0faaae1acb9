import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from '../../../../scripts/lib/bundle.mjs';
import { root, workerEntries } from '../../../../scripts/lib/paths.mjs';
import { ANALYST_WORKER_BUNDLE } from '../clickhouse-http/analyst-process';

/**
 * Builds the analysts' engine bundle as `npm run build` does, into a folder of its own: tests that
 * run the analytics service from its TypeScript sources give it to the service (analystWorker).
 */
export async function bundleAnalystWorker(): Promise<{ script: URL; remove(): void }> {
  // Inside the repository, as scripts/run-ts.mjs does, so its npm imports resolve.
  mkdirSync(join(root, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(root, 'dist', '.test-analyst-worker-'));
  const entry = workerEntries['analyst-worker'];
  if (!entry) throw new Error('scripts/lib/paths.mjs names no analyst-worker entry');
  await bundle({ 'analyst-worker': join(root, entry) }, dir);
  return {
    script: pathToFileURL(join(dir, ANALYST_WORKER_BUNDLE)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

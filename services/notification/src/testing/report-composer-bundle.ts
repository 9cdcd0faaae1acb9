import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from '../../../../scripts/lib/bundle.mjs';
import { root, workerEntries } from '../../../../scripts/lib/paths.mjs';
import { REPORT_COMPOSER_BUNDLE } from '../delivery/worker-composer';

/**
 * Builds the report composer's worker bundle as `npm run build` does, into a folder of its own:
 * tests that run the product from its TypeScript sources use it to compose in a worker thread.
 */
export async function bundleReportComposer(): Promise<{ script: URL; remove(): void }> {
  // Inside the repository, as scripts/run-ts.mjs does, so its npm imports resolve.
  mkdirSync(join(root, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(root, 'dist', '.test-report-composer-'));
  const entry = workerEntries['report-composer'];
  if (!entry) throw new Error('scripts/lib/paths.mjs names no report-composer worker entry');
  await bundle({ 'report-composer': join(root, entry) }, dir);
  return {
    script: pathToFileURL(join(dir, REPORT_COMPOSER_BUNDLE)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from '../../../scripts/lib/bundle.mjs';
import { root, workerEntries } from '../../../scripts/lib/paths.mjs';

/** A worker bundle built for a test, and how to remove it. */
export interface TestWorkerBundle {
  script: URL;
  remove(): void;
}

/**
 * Builds one of the product's worker entries (scripts/lib/paths.mjs `workerEntries`) as
 * `npm run build` does, into a folder of its own: tests that run the product from its TypeScript
 * sources hand it to the service that starts it, as the built entries find theirs beside them.
 */
export async function bundleWorkerEntry(name: string): Promise<TestWorkerBundle> {
  const entry = workerEntries[name];
  if (!entry) throw new Error(`scripts/lib/paths.mjs names no worker entry ${name}`);
  // Inside the repository, as scripts/run-ts.mjs does, so its npm imports resolve.
  mkdirSync(join(root, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(root, 'dist', `.test-${name}-`));
  await bundle({ [name]: join(root, entry) }, dir);
  return {
    script: pathToFileURL(join(dir, `${name}.mjs`)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

import { bundleWorkerEntry, type TestWorkerBundle } from '@risk-profile/platform/testing';
import { REPORT_COMPOSER_BUNDLE } from '../delivery/worker-composer';

/** The report composer's bundle for tests that compose in a worker thread from the sources. */
export const bundleReportComposer = (): Promise<TestWorkerBundle> =>
  bundleWorkerEntry(REPORT_COMPOSER_BUNDLE.replace(/\.mjs$/, ''));

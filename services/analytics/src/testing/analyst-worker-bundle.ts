import { bundleWorkerEntry, type TestWorkerBundle } from '@risk-profile/platform/testing';
import { ANALYST_WORKER_BUNDLE } from '../clickhouse-http/analyst-process';

/** The analysts' engine bundle for tests that run the analytics service from its sources. */
export const bundleAnalystWorker = (): Promise<TestWorkerBundle> =>
  bundleWorkerEntry(ANALYST_WORKER_BUNDLE.replace(/\.mjs$/, ''));

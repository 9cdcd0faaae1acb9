// Types of slow-tests.mjs, for vitest.config.ts.
export const slowTests: readonly string[];

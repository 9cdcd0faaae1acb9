// Types of paths.mjs, for the TypeScript that uses it (tests that build a bundle).
export const root: string;
export const serverDist: string;
export const frontendDist: string;
export const stampFile: string;
export const serverEntries: Record<string, string>;
export const workerEntries: Record<string, string>;
export function newestSourceMtime(): number;

/** Bundles TypeScript entries for Node (see bundle.mjs); `entries` maps output names to files. */
export function bundle(
  entries: Record<string, string>,
  outdir: string,
  options?: { minify?: boolean },
): Promise<void>;

import { build } from 'esbuild';

/**
 * Bundles a TypeScript entry for Node. Our workspace packages (@risk-profile/*, TypeScript
 * sources) are compiled into the bundle; npm packages stay external and load from node_modules,
 * so native and WASM assets (PGlite, the KurrentDB bridge) keep their own file layout.
 */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@risk-profile/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * `entries` maps output names to entry files. Code splitting keeps `await import()` lazy, so the
 * Kafka and KurrentDB clients load only when configured.
 */
export async function bundle(entries, outdir, { minify = false } = {}) {
  await build({
    entryPoints: entries,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'linked',
    minify,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
  });
}

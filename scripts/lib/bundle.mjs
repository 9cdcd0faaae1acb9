import { build } from 'esbuild';

/**
 * Bundles a TypeScript entry for Node. Our workspace packages (@risk-profile/*, TypeScript
 * sources) are compiled into the bundle; npm packages stay external and load from node_modules,
 * so native and WASM assets (PGlite, the KurrentDB bridge) keep their own file layout.
 *
 * React and React Email are the exception: they are bundled with `process.env.NODE_ENV` fixed
 * to "production", so the server renders emails with React's production build whatever
 * NODE_ENV says (in our configuration NODE_ENV=production means production settings, which
 * `npm start` does not use). The development build checks every element, which makes every
 * report much dearer to render.
 */
const BUNDLED_NPM = /^(react|react-dom|scheduler|@react-email)(\/|$)/;
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@risk-profile/')) return undefined;
      if (BUNDLED_NPM.test(args.path)) return undefined;
      // Inside a bundled package every import is bundled too (their own small dependencies).
      if (BUNDLED_NPM.test(packageOf(args.importer))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The npm package a file belongs to ('' outside node_modules). */
function packageOf(file) {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return '';
  const [scope, name] = file.slice(at + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

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
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS (React) requires Node's built-ins: give the ESM bundle a require.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
    },
    plugins: [externalNpmPackages],
  });
}

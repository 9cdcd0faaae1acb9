/** Architecture rules checked on every `npm run lint` (see docs/architecture.md). */
module.exports = {
  forbidden: [
    {
      name: 'contracts-are-pure',
      comment: 'contracts/ is imported by every side; it imports nothing of ours and does no I/O.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: {
        path: '^(platform|services|gateway|frontend)/|node_modules/(pg|express|@electric-sql|kafkajs|@kurrent|pino)/',
      },
    },
    {
      name: 'contracts-use-only-zod',
      comment: 'The only package contracts/ may use is zod; it runs in the browser and in Node.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'core'], pathNot: 'node_modules/zod/' },
    },
    {
      name: 'domain-never-imports-adapters',
      comment: 'Domain code (deciders, rules) is pure: no adapters, no HTTP, no I/O libraries.',
      severity: 'error',
      from: { path: '/domain/' },
      to: {
        path: '(\\.adapter\\.ts$|/http/|/adapters/|node_modules/(pg|express|@electric-sql|kafkajs|@kurrent|pino|nodemailer|@clickhouse)/)',
      },
    },
    {
      name: 'ports-never-import-adapters',
      severity: 'error',
      from: { path: '\\.port\\.ts$' },
      to: { path: '\\.adapter\\.ts$' },
    },
    {
      name: 'services-do-not-import-each-other',
      comment: 'Services talk through HTTP contracts and integration events only.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'frontend-features-are-independent',
      comment: 'Front-end features compose in routes/, never by importing each other.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'No cycles, type-only ones included: modules in a cycle can only be read and moved together.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|routeTree\\.gen\\.ts' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

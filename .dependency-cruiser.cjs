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
      from: { path: '^contracts/', pathNot: '^contracts/src/http/openapi(\\.unit\\.spec)?\\.ts$' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'core'], pathNot: 'node_modules/zod/' },
    },
    {
      name: 'contracts-openapi-uses-only-its-generator',
      comment:
        'The OpenAPI document builder (no page imports it) also uses its generator, and its test a validator.',
      severity: 'error',
      from: { path: '^contracts/src/http/openapi(\\.unit\\.spec)?\\.ts$' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'core'],
        pathNot: 'node_modules/(zod|zod-openapi|@seriousme/openapi-schema-validator)/',
      },
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
      name: 'product-code-never-imports-the-test-side',
      comment:
        'Test helpers and contract suites live in testing/ folders (and *.spec.ts files); only tests, ' +
        'and other test helpers, import them, so no test code or test library reaches a bundle.',
      severity: 'error',
      from: {
        path: '^(contracts|platform|services|gateway|frontend)/',
        pathNot: '(^|/)testing/|\\.spec\\.tsx?$',
      },
      to: {
        path: '(^|/)testing/|\\.contract\\.ts$|\\.spec\\.tsx?$|node_modules/(vitest|testcontainers|playwright-core|smtp-server|mailparser)/',
      },
    },
    {
      name: 'contract-suites-live-on-the-test-side',
      comment: 'A contract suite (*.contract.ts) is test code: it goes in a testing/ folder.',
      severity: 'error',
      from: { path: '\\.contract\\.ts$', pathNot: '(^|/)testing/' },
      to: {},
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

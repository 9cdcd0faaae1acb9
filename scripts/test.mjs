// `npm test`: the three tiers (unit, int, e2e) in one vitest run. The end-to-end tier needs the
// built product, so the build runs first when the sources are newer than the last build. Tests
// that need a server this machine lacks (PostgreSQL, Chromium, Kafka, KurrentDB) skip with a reason.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { root } from './lib/paths.mjs';

buildIfStale();

const report = join(root, 'dist', 'test-report.json');
rmSync(report, { force: true });
const vitest = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', cwd: root },
);

if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  // Say which suites were skipped and why (their names carry the reason).
  const reasons = new Map();
  for (const file of results.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'pending' && test.status !== 'skipped') continue;
      const suite =
        [...test.ancestorTitles, test.title].find((title) => title.includes('skipped')) ??
        [...test.ancestorTitles, test.title].join(' > ');
      reasons.set(suite, (reasons.get(suite) ?? 0) + 1);
    }
  }
  if (reasons.size > 0) {
    console.log('\nSkipped:');
    for (const [suite, count] of reasons) console.log(`  ${count} in ${suite || '(unnamed suite)'}`);
  }
  // A plain closing line that CI and people can read at a glance.
  console.log(`\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(vitest.status ?? 1);

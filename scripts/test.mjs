// `npm test`: the three tiers (unit, int, e2e) in one vitest run. The end-to-end tier needs the
// built product, so the build runs first when the sources are newer than the last build. Tests
// that need a server this machine lacks (PostgreSQL, Chromium, Kafka, KurrentDB) skip with a reason.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { root } from './lib/paths.mjs';
import { slowTests } from './lib/slow-tests.mjs';

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
  // Every skip says why: the suite title carries "(skipped: reason)" (platform/src/testing's
  // describeTarget). Skips are listed by reason; a skip without one fails the run.
  const byReason = new Map();
  const unexplained = [];
  for (const file of results.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'pending' && test.status !== 'skipped') continue;
      const titles = [...test.ancestorTitles, test.title];
      const reason = titles.map((title) => /\(skipped: (.+)\)$/.exec(title)?.[1]).find(Boolean);
      if (reason) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
      else unexplained.push(`${file.name}: ${titles.join(' > ')}`);
    }
  }
  if (byReason.size > 0) {
    console.log('\nSkipped, by reason:');
    for (const [reason, count] of byReason) console.log(`  ${count}: ${reason}`);
  }
  if (unexplained.length > 0) {
    console.log('\nSkipped without a reason in the suite title (use describeTarget):');
    for (const test of unexplained) console.log(`  ${test}`);
    process.exitCode = 1;
  }
  // Where the time goes: the slowest files, so a run that grows shows what to look at first.
  const slowest = results.testResults
    .map((file) => ({ name: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log('\nSlowest files:');
  for (const file of slowest) {
    // A slow file that vitest does not start first on a fresh clone lengthens CI: list it.
    const note = slowTests.includes(file.name) ? '' : '  (not in scripts/lib/slow-tests.mjs)';
    console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}${note}`);
  }
  // A plain closing line that CI and people can read at a glance.
  console.log(`\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`);
}
process.exit((vitest.status ?? 1) ? (vitest.status ?? 1) : (process.exitCode ?? 0));

// Test files that take the longest, slowest first within each tier (`npm test` lists the slowest
// files of a run and names any that is missing here). Vitest orders files by the durations of
// the last run in its cache, and by size without one: on a fresh clone (CI) a long file that is
// small could start last and leave the other workers idle while it runs alone.
export const slowTests = [
  'e2e/distributed.e2e.spec.ts',
  'e2e/questionnaire-scrolling.e2e.spec.ts',
  'e2e/client-visit.e2e.spec.ts',
  'e2e/adviser-and-links.e2e.spec.ts',
  'e2e/data-requests.e2e.spec.ts',
  'e2e/households.e2e.spec.ts',
  'e2e/webhooks.e2e.spec.ts',
  'platform/src/event-bus/event-bus.int.spec.ts',
  'gateway/src/embedded/report-delivery-crash.int.spec.ts',
  'services/adviser/src/accounts/auth.int.spec.ts',
  'services/adviser/src/accounts/analyst.int.spec.ts',
  'services/adviser/src/cli/users-cli.int.spec.ts',
  'platform/src/sql/embedded-autovacuum.int.spec.ts',
  'gateway/src/embedded/backup/backup.int.spec.ts',
  'services/adviser/src/accounts/mfa/mfa.int.spec.ts',
  'services/notification/src/delivery/notification-service.int.spec.ts',
];

import { addUtcYears, type RetentionPolicy, retainedUntil } from '@risk-profile/contracts';

export { type RetentionPolicy, retainedUntil };

/**
 * How long an assessment is kept (docs/records.md, "Retention and erasure"): an unsigned draft
 * `draftRetentionDays` after it was drafted (a draft never changes after that), a signed record
 * `recordRetentionYears` calendar years after signing. Dates are in UTC; a record signed on
 * 29 February is kept until 1 March of its last year. The rule itself is the contracts'.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export const isDue = (
  assessment: { status: 'draft' | 'signed'; draftedAt: Date; signedAt: Date | null },
  policy: RetentionPolicy,
  now: Date,
): boolean => retainedUntil(assessment, policy).getTime() <= now.getTime();

/**
 * The latest drafting and signing moments that are due at `now`: the retention job's query
 * bounds. Each candidate is still checked with `isDue`, so the calendar's edges decide nothing.
 */
export function dueBefore(now: Date, policy: RetentionPolicy): { drafts: Date; signed: Date } {
  return {
    drafts: new Date(now.getTime() - policy.draftRetentionDays * DAY_MS),
    // A day's slack covers 29 February: setUTCFullYear rolls it to 1 March either way.
    signed: new Date(addUtcYears(now, -policy.recordRetentionYears).getTime() + DAY_MS),
  };
}

/**
 * How long an assessment is kept (docs/records.md, "Retention and erasure"): an unsigned draft
 * `draftRetentionDays` after it was drafted (a draft never changes after that), a signed record
 * `recordRetentionYears` calendar years after signing. Dates are in UTC; a record signed on
 * 29 February is kept until 1 March of its last year.
 */
export interface RetentionPolicy {
  draftRetentionDays: number;
  recordRetentionYears: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function addYears(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
}

/** When the assessment's retention ends and it is erased. */
export function retainedUntil(
  assessment: { status: 'draft' | 'signed'; draftedAt: Date; signedAt: Date | null },
  policy: RetentionPolicy,
): Date {
  if (assessment.status === 'signed' && assessment.signedAt !== null) {
    return addYears(assessment.signedAt, policy.recordRetentionYears);
  }
  return new Date(assessment.draftedAt.getTime() + policy.draftRetentionDays * DAY_MS);
}

/** Whether retention has ended at `now` (the moment itself included). */
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
    signed: new Date(addYears(now, -policy.recordRetentionYears).getTime() + DAY_MS),
  };
}

import { HttpError, type SessionUser, type SqlRateLimitStore } from '@risk-profile/platform';

/** Resends per hour: of one assessment's report, and by one adviser in all (shared by every instance). */
export interface ResendLimits {
  perAssessment: { limit: number; store: SqlRateLimitStore };
  perAdviser: { limit: number; store: SqlRateLimitStore };
}

export const RESEND_WINDOW_MS = 60 * 60_000;
export const RESENDS_PER_ASSESSMENT_PER_HOUR = 5;
export const RESENDS_PER_ADVISER_PER_HOUR = 30;

export const RESEND_LIMITED_MESSAGE = `Too many resends: at most ${RESENDS_PER_ASSESSMENT_PER_HOUR} of one report and ${RESENDS_PER_ADVISER_PER_HOUR} in all per hour. Please try again later.`;

/** Counts a resend against both limits, or refuses it (429) without counting it. */
export async function takeResend(
  limits: ResendLimits,
  user: SessionUser,
  assessmentId: string,
  now: Date,
): Promise<void> {
  const adviserKey = user.adviserSlug ?? user.id;
  const assessmentKey = `${adviserKey}:${assessmentId}`;
  const [one, all] = await Promise.all([
    limits.perAssessment.store.increment(assessmentKey),
    limits.perAdviser.store.increment(adviserKey),
  ]);
  if (one.totalHits <= limits.perAssessment.limit && all.totalHits <= limits.perAdviser.limit) return;
  await Promise.all([
    limits.perAssessment.store.decrement(assessmentKey),
    limits.perAdviser.store.decrement(adviserKey),
  ]);
  const over = [
    one.totalHits > limits.perAssessment.limit ? one.resetTime : undefined,
    all.totalHits > limits.perAdviser.limit ? all.resetTime : undefined,
  ];
  const resetAt = Math.max(...over.map((at) => at?.getTime() ?? 0));
  const seconds = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
  throw new HttpError(429, RESEND_LIMITED_MESSAGE, 'RATE_LIMITED', undefined, seconds);
}

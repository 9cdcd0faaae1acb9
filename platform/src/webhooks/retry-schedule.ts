// When a failed delivery is tried again, and when an endpoint is given up on. Pure functions of
// times the delivery stores, so that a restarted process computes the same answers (ADR 0027).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait before each attempt, after the one before it failed: immediately, then about 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (issue 46; the specification's example schedule starts
 * the same way and goes on for three days, but an integrator used to Svix-style senders expects
 * eight attempts over about a day, and the endpoint-level rule below catches what stays down).
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** An endpoint that has failed every attempt for this long is disabled and its administrators told. */
export const ENDPOINT_DISABLE_AFTER_MS = 5 * 24 * HOUR;

// Spreads retries that failed together (a receiver's outage) so they do not come back together;
// the specification recommends jitter without fixing an amount.
const JITTER = 0.1;

// A receiver's Retry-After may push an attempt later, never past the longest wait of the schedule:
// a hostile or mistaken header must not park deliveries indefinitely.
const LONGEST_DELAY_MS = Math.max(...WEBHOOK_RETRY_DELAYS_MS);

export interface RetryOptions {
  /** A number in [0, 1), Math.random by default; 0.5 means no jitter. */
  readonly random?: () => number;
  /** The receiver's Retry-After, as parsed by `retryAfterMs`. */
  readonly retryAfterMs?: number;
}

/**
 * When to make the next attempt of a delivery whose `attemptsMade`-th attempt failed at
 * `failedAt`, or null when the schedule is spent and the delivery is marked failed (it can still
 * be sent again by hand).
 */
export function nextAttemptAt(attemptsMade: number, failedAt: Date, options: RetryOptions = {}): Date | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new Error('nextAttemptAt is asked after an attempt: attemptsMade is 1 or more');
  }
  const delay = WEBHOOK_RETRY_DELAYS_MS[attemptsMade];
  if (delay === undefined) return null;
  const random = options.random ?? Math.random;
  const jittered = delay * (1 + JITTER * (2 * random() - 1));
  const wait = Math.max(jittered, Math.min(options.retryAfterMs ?? 0, LONGEST_DELAY_MS));
  return new Date(failedAt.getTime() + Math.round(wait));
}

/**
 * The wait a `Retry-After` header asks for (delay-seconds or an HTTP date), in milliseconds from
 * `now`; undefined when absent, unreadable or already past.
 */
export function retryAfterMs(header: string | null | undefined, now: Date): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * SECOND;
  const at = Date.parse(value);
  if (Number.isNaN(at) || at <= now.getTime()) return undefined;
  return at - now.getTime();
}

/**
 * What one attempt's answer means: a 2xx is delivered; 410 Gone is the receiver saying it wants no
 * more (the specification: disable the endpoint); anything else, a redirect, a timeout (no status),
 * a reset, is a failure to retry. Redirects are never followed: the new address was not checked.
 */
export function attemptOutcome(status: number | undefined): 'delivered' | 'gone' | 'failed' {
  if (status !== undefined && status >= 200 && status < 300) return 'delivered';
  return status === 410 ? 'gone' : 'failed';
}

/**
 * Whether an endpoint is disabled at `now`. `failingSince` is the time of its first failed attempt
 * after its last delivered one (null while it is delivering), so a success resets the clock and an
 * endpoint that fails now and then is never disabled.
 */
export function shouldDisableEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= ENDPOINT_DISABLE_AFTER_MS;
}

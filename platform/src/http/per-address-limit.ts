import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { clientIp } from './client-ip';
import { httpError } from './http-errors';

export interface PerAddressLimitOptions {
  /** Requests per address per window; 0 (or less) turns the limit off. */
  limit: number;
  windowMs: number;
  /** The 429's message; the generic one when absent. */
  message?: string;
  /** Where hits are counted: a SqlRateLimitStore shares the count between instances; memory when absent. */
  store?: Store;
  /** The address a request counts against; the client's address when absent. */
  addressOf?: (req: Request) => string;
  /** Count only answers below 400 (what costs something is done only then). */
  skipFailedRequests?: boolean;
  /** Count only answers of 400 and above (a failed guess, not a caller's every request). */
  skipSuccessfulRequests?: boolean;
}

/**
 * At most `limit` requests per client address per window, refused with a 429 in the JSON error
 * shape every service answers (code RATE_LIMITED) and the draft-8 RateLimit headers. An IPv6
 * address counts by its /56, so one host cannot dodge the limit by walking its own block.
 */
export function perAddressLimit(options: PerAddressLimitOptions): RequestHandler {
  if (options.limit <= 0) return (_req, _res, next) => next();
  const addressOf = options.addressOf ?? clientIp;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    ...(options.store ? { store: options.store } : {}),
    keyGenerator: (req) => ipKeyGenerator(addressOf(req)),
    skipFailedRequests: options.skipFailedRequests ?? false,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(httpError.tooManyRequests(options.message)),
  });
}

/** An allowance per minute as the services configure theirs (0 turns it off), counted in `store`. */
export interface PerMinuteLimit {
  perMinute: number;
  store: Store;
}

/** The limiter's options for a per-minute allowance. */
export const perMinute = ({ perMinute, store }: PerMinuteLimit) => ({
  limit: perMinute,
  windowMs: 60_000,
  store,
});

import { ANALYST_TOKEN_PREFIX, type AnalystIdentity } from '@risk-profile/contracts';
import {
  accessDecision,
  clientIp,
  type SessionVerifier,
  type SqlRateLimitStore,
} from '@risk-profile/platform';
import type { Request } from 'express';
import type { AnalystAuthenticator, AnalystCredential } from './analyst-authenticator';
import { CH, ClickHouseError, chError } from './clickhouse-error';

/** Who sent a query. */
export interface Caller {
  analyst: AnalystIdentity;
}

/** A refusal for too many failed sign-ins: HTTP 429 whatever its ClickHouse code. */
export class RateLimited extends ClickHouseError {}

export interface CallerDeps {
  authenticator: AnalystAuthenticator;
  sessions: SessionVerifier;
  /** Failed sign-ins per client address per window (0: no limit), counted in `failures`. */
  failedSignInLimit: number;
  failures?: SqlRateLimitStore;
  publicUrl?: string;
}

/** The caller's credential, as ClickHouse takes it: X-ClickHouse-User/Key, basic auth, or user/password in the URL. */
function credentialOf(req: Request, search: URLSearchParams): { user: string; secret: string } | null {
  const headerUser = req.header('x-clickhouse-user');
  const headerKey = req.header('x-clickhouse-key');
  if (headerUser !== undefined || headerKey !== undefined)
    return { user: headerUser ?? '', secret: headerKey ?? '' };
  const authorization = req.header('authorization') ?? '';
  const [scheme, value = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0
      ? { user: decoded, secret: '' }
      : { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  // @clickhouse/client's `access_token` option sends a bearer token: an API token works there too.
  if (scheme?.toLowerCase() === 'bearer') return { user: '', secret: value };
  const user = search.get('user');
  const password = search.get('password');
  if (user !== null || password !== null) return { user: user ?? '', secret: password ?? '' };
  return null;
}

export async function authenticate(req: Request, search: URLSearchParams, deps: CallerDeps): Promise<Caller> {
  const given = credentialOf(req, search);
  if (!given) return cookieCaller(req, deps);
  const ip = clientIp(req);
  const key = `clickhouse:${ip}`;
  if (deps.failures && deps.failedSignInLimit > 0) {
    const hits = (await deps.failures.get(key))?.totalHits ?? 0;
    if (hits >= deps.failedSignInLimit) {
      throw new RateLimited(
        516,
        'AUTHENTICATION_FAILED',
        'Too many failed sign-ins from this address. Try again later',
      );
    }
  }
  const credential: AnalystCredential = given.secret.startsWith(ANALYST_TOKEN_PREFIX)
    ? { kind: 'token', token: given.secret }
    : { kind: 'password', email: given.user, password: given.secret };
  if (!given.secret || (credential.kind === 'password' && !given.user)) {
    throw chError(
      CH.AUTHENTICATION_FAILED,
      `${given.user || 'default'}: Authentication failed: password is incorrect, or there is no user with such name`,
    );
  }
  const verdict = await deps.authenticator.verify(credential, ip);
  if (verdict.kind === 'analyst') return { analyst: verdict.analyst };
  if (verdict.status === 401 && deps.failures && deps.failedSignInLimit > 0)
    await deps.failures.increment(key);
  if (verdict.status === 429)
    throw new RateLimited(516, 'AUTHENTICATION_FAILED', verdict.message.replace(/\.$/, ''));
  if (verdict.status === 403) {
    throw chError(
      CH.ACCESS_DENIED,
      `${given.user || 'This token'}: Not enough privileges. This account has no analyst access`,
    );
  }
  throw chError(
    CH.AUTHENTICATION_FAILED,
    `${given.user || 'token'}: Authentication failed: password is incorrect, or there is no user with such name`,
  );
}

const SAFE = new Set(['GET', 'HEAD']);

/**
 * The product's own query page sends the session cookie. As for every cookie-authenticated
 * request of the product: POST only (the cookie is SameSite=Lax, so a cross-site POST carries
 * none, and a link, a GET, runs nothing), from the product's own origin when an Origin is named.
 */
async function cookieCaller(req: Request, deps: CallerDeps): Promise<Caller> {
  const noCredential = chError(
    CH.REQUIRED_PASSWORD,
    'Authentication required: send an analyst email and password (basic auth or X-ClickHouse-User/Key) or an API token',
  );
  if (!req.headers.cookie || SAFE.has(req.method)) throw noCredential;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const addressed = `${req.protocol}://${req.headers.host ?? ''}`;
    const configured = deps.publicUrl ? new URL(deps.publicUrl).origin : undefined;
    if (origin !== addressed && origin !== configured)
      throw chError(CH.ACCESS_DENIED, 'Cross-site request refused');
  }
  const user = await deps.sessions.authenticate(req);
  if (!user) throw noCredential;
  if (accessDecision(user, 'analyst') !== 'allow') {
    throw chError(
      CH.ACCESS_DENIED,
      `${user.email}: Not enough privileges. This account has no analyst access`,
    );
  }
  return { analyst: { id: user.id, email: user.email, name: user.name } };
}

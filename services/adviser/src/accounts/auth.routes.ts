import {
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
  getCurrentUserEndpoint,
  loginEndpoint,
  logoutEndpoint,
  SSO_REQUIRED_MESSAGE,
  type SsoSignInPage,
  type User,
  type UserRole,
} from '@risk-profile/contracts';
import {
  clientIp,
  HttpError,
  type PerMinuteLimit,
  parseBody,
  perAddressLimit,
  perMinute,
  requireAccess,
  type SessionCookie,
  type SessionRevocations,
  type SessionTokens,
  type SessionUser,
  type SessionVerifier,
  type SqlClient,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express, Request, RequestHandler, Response } from 'express';
import { recordAudit } from './audit';
import type { PendingSignIns } from './mfa/pending-sign-in';
import { HashingBusyError } from './passwords';
import { endSessionNow } from './sessions/end-session-now';
import { signIn } from './sign-in';

/** One message for every refused sign-in, so nobody learns whether an email has an account. */
export const SIGN_IN_REFUSED_MESSAGE = 'Invalid email or password.';
export const SIGN_IN_BUSY_MESSAGE = 'Signing in is busy just now. Please try again in a few seconds.';
export const SIGN_IN_RATE_LIMITED_MESSAGE =
  'Too many sign-in attempts from this address. Please try again in a minute.';
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-in attempts for this account. Please try again later.';

/**
 * A password check's outcome with its refusals answered as every sign-in answers them: hashing
 * busy 503, a locked account 429 (with Retry-After), wrong details 401. Returns what is left.
 */
export async function unlessRefused<R extends { kind: string }>(
  check: Promise<R>,
  res: Response,
): Promise<Exclude<R, { kind: 'locked' | 'refused' }>> {
  const result = await check.catch((error: unknown) => {
    if (error instanceof HashingBusyError) {
      throw new HttpError(503, SIGN_IN_BUSY_MESSAGE, 'SIGN_IN_BUSY', undefined, error.retryAfterSeconds);
    }
    throw error;
  });
  if (result.kind === 'locked') {
    res.setHeader('Retry-After', String((result as { retryAfterSeconds?: number }).retryAfterSeconds));
    throw new HttpError(429, ACCOUNT_LOCKED_MESSAGE, 'ACCOUNT_LOCKED');
  }
  if (result.kind === 'refused') throw new HttpError(401, SIGN_IN_REFUSED_MESSAGE, 'INVALID_CREDENTIALS');
  return result as Exclude<R, { kind: 'locked' | 'refused' }>;
}

export interface AuthRouteDeps {
  sql: SqlClient;
  tokens: SessionTokens;
  cookie: SessionCookie;
  sessions: SessionVerifier;
  revocations: SessionRevocations;
  clock: () => Date;
  /** Sign-in attempts per client IP per minute, on both login endpoints together, counted in `store`. */
  loginRateLimit: PerMinuteLimit;
  /** Roles password sign-in refuses (SSO_ONLY_ROLES). */
  ssoOnlyRoles: readonly UserRole[];
  /** The provider's logout URL for a session begun by single sign-on (oidc/), else undefined. */
  ssoLogoutUrl: (sessionId: string, page: SsoSignInPage) => Promise<string | undefined>;
  /** The second step's cookie, started when an account with a second factor gives its password. */
  pending: PendingSignIns;
  /** MFA_REQUIRED_ROLES (mfa/mfa-policy.ts). */
  mfaRequiredRoles: ReadonlySet<UserRole>;
}

const toUser = (user: SessionUser): User => ({
  id: user.id,
  email: user.email,
  role: user.role,
  name: user.name,
  adviserSlug: user.adviserSlug,
  analystAccess: user.analystAccess === true,
});

/** Mounts sign-in, who-am-I and logout; returns the sign-ins' per-address limiter, which the second step shares. */
export function mountAuthRoutes(app: Express, deps: AuthRouteDeps): RequestHandler {
  const perIp = perAddressLimit({ ...perMinute(deps.loginRateLimit), message: SIGN_IN_RATE_LIMITED_MESSAGE });

  const login = (adminOnly: boolean) => async (req: Request, res: Response) => {
    const body = parseBody(loginEndpoint, req.body);
    const result = await unlessRefused(
      signIn({
        sql: deps.sql,
        tokens: deps.tokens,
        email: body.email,
        password: body.password,
        ip: clientIp(req),
        userAgent: req.get('user-agent') ?? null,
        now: deps.clock(),
        adminOnly,
        mfaRequiredRoles: deps.mfaRequiredRoles,
        ssoOnlyRoles: deps.ssoOnlyRoles,
      }),
      res,
    );
    if (result.kind === 'sso-required') throw new HttpError(401, SSO_REQUIRED_MESSAGE, 'SSO_REQUIRED');
    if (result.kind === 'mfa-required') {
      const { id, sessionVersion } = result.user;
      res.setHeader('Set-Cookie', deps.pending.start({ userId: id, sessionVersion }));
      res.status(200).json({ mfaRequired: true, methods: result.methods });
      return;
    }
    res.setHeader('Set-Cookie', deps.cookie.set(result.token));
    res
      .status(200)
      .json(result.mfaSetupRequired ? { user: result.user, mfaSetupRequired: true } : { user: result.user });
  };
  app.post(loginEndpoint.path, perIp, login(false));
  app.post(adminLoginEndpoint.path, perIp, login(true));

  app.get(getCurrentUserEndpoint.path, requireAccess(deps.sessions, 'signed-in'), (req, res) => {
    res.json(toUser(sessionUserOf(req)));
  });
  app.get(adminMeEndpoint.path, requireAccess(deps.sessions, 'admin'), (req, res) => {
    res.json(toUser(sessionUserOf(req)));
  });

  /**
   * Ends this session for good (a replayed cookie is refused), then clears the cookie; after
   * single sign-on the answer carries the provider's logout URL when it has one.
   */
  const logout = (page: SsoSignInPage) => async (req: Request, res: Response) => {
    const user = await deps.sessions.authenticate(req);
    const logoutUrl = user ? await deps.ssoLogoutUrl(user.sessionId, page) : undefined;
    if (user) {
      const now = deps.clock();
      await deps.sql.transaction(async (tx) => {
        await endSessionNow(tx, { id: user.sessionId, expiresAt: user.expiresAt }, now);
        await recordAudit(tx, {
          at: now,
          event: 'logout',
          email: user.email,
          userId: user.id,
          ip: clientIp(req),
          outcome: 'success',
        });
      });
      deps.revocations.forget({ jti: user.sessionId });
    }
    res.setHeader('Set-Cookie', [deps.cookie.clear(), deps.pending.clear()]);
    res.status(200).json({ message: 'Logged out', ...(logoutUrl ? { logoutUrl } : {}) });
  };
  app.post(logoutEndpoint.path, logout('user'));
  app.post(adminLogoutEndpoint.path, logout('admin'));
  return perIp;
}

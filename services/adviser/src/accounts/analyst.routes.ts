import {
  ANALYST_CREDENTIALS_PATH,
  type AnalystCredentialsBody,
  type AnalystIdentity,
  analystCredentialsBodySchema,
  createAnalystTokenEndpoint,
  findUnstorableText,
  listAnalystTokensEndpoint,
  revokeAnalystTokenEndpoint,
  SSO_REQUIRED_MESSAGE,
  toErrorBody,
  UNSTORABLE_TEXT_MESSAGE,
  type UserRole,
} from '@risk-profile/contracts';
import {
  HttpError,
  httpError,
  type PerMinuteLimit,
  parseBody,
  perAddressLimit,
  perMinute,
  requireAccess,
  type SessionVerifier,
  type SqlClient,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express, Request } from 'express';
import { z } from 'zod';
import {
  accountOfAnalystToken,
  createAnalystToken,
  listAnalystTokens,
  revokeAnalystToken,
  TooManyTokensError,
} from './analyst-tokens';
import { recordAudit } from './audit';
import { SIGN_IN_RATE_LIMITED_MESSAGE, SIGN_IN_REFUSED_MESSAGE, unlessRefused } from './auth.routes';
import { needsSecondFactor, PASSWORD_ALONE_REFUSED_MESSAGE } from './mfa/password-alone';
import { checkPassword, SSO_ONLY_REASON } from './sign-in';
import { analystAccessOf, emailKey, type UserRecord } from './user-repository';

export const TOKEN_NOT_FOUND_MESSAGE = 'API token not found.';
export const NO_ANALYST_ACCESS_MESSAGE =
  'This account has no analyst access. An administrator can give it (docs/accounts.md).';

/**
 * The internal check's body, refused as every endpoint's is (it is no endpoint of ENDPOINTS: the
 * gateway must never route it): text the database cannot hold never reaches a query.
 */
function parseCredentials(input: unknown): AnalystCredentialsBody {
  const unstorable = findUnstorableText(input);
  if (unstorable) throw httpError.badRequest(`${unstorable.join('.') || 'body'}: ${UNSTORABLE_TEXT_MESSAGE}`);
  const result = analystCredentialsBodySchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const body = toErrorBody(result.error);
  throw new HttpError(400, body.error, body.code ?? 'BAD_REQUEST', body.details);
}

export interface AnalystRouteDeps {
  sql: SqlClient;
  sessions: SessionVerifier;
  clock: () => Date;
  /** Failed credential checks per caller IP per minute, counted in `store`; 0 for no limit. */
  failedCheckRateLimit: PerMinuteLimit;
  /** Roles whose password is refused here as at sign-in (SSO_ONLY_ROLES); their API tokens still work. */
  ssoOnlyRoles: readonly UserRole[];
  /** MFA_REQUIRED_ROLES: with these, as with a second factor, the password alone is refused here. */
  mfaRequiredRoles: ReadonlySet<UserRole>;
}

const tokenId = z.uuid();
const identityOf = (user: UserRecord): AnalystIdentity => ({
  id: user.id,
  email: user.email,
  name: user.name,
});
const admitted = (user: UserRecord): boolean => analystAccessOf(user);

/** The signed-in analyst's API tokens, and the credential check the analytics service calls. */
export function mountAnalystRoutes(app: Express, deps: AnalystRouteDeps): void {
  const analyst = requireAccess(deps.sessions, 'analyst');

  app.get(listAnalystTokensEndpoint.path, analyst, async (req, res) => {
    res.json({ tokens: await listAnalystTokens(deps.sql, sessionUserOf(req).id) });
  });
  app.post(createAnalystTokenEndpoint.path, analyst, async (req, res) => {
    const body = parseBody(createAnalystTokenEndpoint, req.body);
    const created = await createAnalystToken(deps.sql, sessionUserOf(req).id, body.name, deps.clock()).catch(
      (error: unknown) => {
        if (error instanceof TooManyTokensError) throw httpError.conflict(error.message, 'TOO_MANY_TOKENS');
        throw error;
      },
    );
    res.status(201).json(created);
  });
  app.post(revokeAnalystTokenEndpoint.path, analyst, async (req, res) => {
    const id = tokenId.safeParse(req.params.id);
    const revoked =
      id.success && (await revokeAnalystToken(deps.sql, sessionUserOf(req).id, id.data, deps.clock()));
    if (!revoked) throw httpError.notFound(TOKEN_NOT_FOUND_MESSAGE);
    res.json({ message: 'The API token is revoked.' });
  });

  // Only failed checks count: a tool sends its credential with every query.
  const failedChecksPerIp = perAddressLimit({
    ...perMinute(deps.failedCheckRateLimit),
    addressOf: callerIpOf,
    skipSuccessfulRequests: true,
    message: SIGN_IN_RATE_LIMITED_MESSAGE,
  });

  app.post(ANALYST_CREDENTIALS_PATH, failedChecksPerIp, async (req, res) => {
    const body = parseCredentials(req.body);
    const now = deps.clock();
    if (body.kind === 'token') {
      const user = await accountOfAnalystToken(deps.sql, body.token, now);
      // A disabled account's tokens are as void as unknown ones.
      if (!user || user.disabled) throw new HttpError(401, SIGN_IN_REFUSED_MESSAGE, 'INVALID_CREDENTIALS');
      if (!admitted(user)) throw httpError.forbidden(NO_ANALYST_ACCESS_MESSAGE);
      res.json({ analyst: identityOf(user) });
      return;
    }
    let secondFactor = false;
    const check = await unlessRefused(
      checkPassword({
        sql: deps.sql,
        email: body.email,
        password: body.password,
        ip: body.ip,
        now,
        event: 'analyst_login',
        permits: (user) =>
          !admitted(user)
            ? 'no analyst access'
            : deps.ssoOnlyRoles.includes(user.role)
              ? SSO_ONLY_REASON
              : null,
        auditSuccess: false,
        // The right password of such an account clears no failures: its wrong codes stay counted.
        pendingStep: async (user) => {
          secondFactor = await needsSecondFactor(deps.sql, deps.mfaRequiredRoles, user);
          return secondFactor ? 'second factor' : null;
        },
      }),
      res,
    );
    if (check.kind === 'not-permitted' && admitted(check.user)) {
      throw new HttpError(401, SSO_REQUIRED_MESSAGE, 'SSO_REQUIRED');
    }
    if (check.kind === 'not-permitted') throw httpError.forbidden(NO_ANALYST_ACCESS_MESSAGE);
    if (secondFactor) {
      const { user } = check;
      await recordAudit(deps.sql, {
        at: now,
        event: 'analyst_login',
        email: emailKey(user.email),
        userId: user.id,
        ip: body.ip,
        outcome: 'refused',
        detail: 'second factor: API token needed',
      });
      throw new HttpError(401, PASSWORD_ALONE_REFUSED_MESSAGE, 'SECOND_FACTOR_REQUIRED');
    }
    res.json({ analyst: identityOf(check.user) });
  });
}

/** The client's address as the analytics service saw it (the body is parsed before the limiter). */
function callerIpOf(req: Request): string {
  const ip = (req.body as { ip?: unknown } | undefined)?.ip;
  return typeof ip === 'string' && ip.length > 0 && ip.length <= 64 ? ip : 'unknown';
}

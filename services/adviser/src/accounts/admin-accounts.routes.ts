import {
  adviserSlugSchema,
  createAdviserEndpoint,
  createAnalystEndpoint,
  disableAccountEndpoint,
  enableAccountEndpoint,
  listAdminAccountsEndpoint,
  listAdminAdvisersEndpoint,
  resetAccountPasswordEndpoint,
  setAnalystAccessEndpoint,
  setPasswordEndpoint,
  updateAdviserEndpoint,
} from '@risk-profile/contracts';
import {
  clientIp,
  HttpError,
  httpError,
  parseBody,
  requireAccess,
  type SessionVerifier,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express, Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { z } from 'zod';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  type Actor,
  ADVISER_NOT_FOUND_MESSAGE,
  type AdminAccounts,
} from './admin-accounts';

export interface AdminAccountRouteDeps {
  accounts: AdminAccounts;
  sessions: SessionVerifier;
  /** Set-password attempts per client IP per minute, counted in `store`; 0 for no limit. */
  setPasswordRateLimit: { perMinute: number; store: Store };
}

const accountId = z.uuid();

const actorOf = (req: Request): Actor => {
  const user = sessionUserOf(req);
  return { id: user.id, email: user.email };
};

/** The account a path names; a malformed id names none, so it gets the same 404. */
function accountIdOf(req: Request): string {
  const id = accountId.safeParse(req.params.id);
  if (!id.success) throw httpError.notFound(ACCOUNT_NOT_FOUND_MESSAGE);
  return id.data;
}

const requestIdOf = (res: { locals: Record<string, unknown> }): string =>
  typeof res.locals.requestId === 'string' ? res.locals.requestId : crypto.randomUUID();

/** The admin area's advisers and accounts, and the public set-password of the links it sends. */
export function mountAdminAccountRoutes(app: Express, deps: AdminAccountRouteDeps): void {
  const admin = requireAccess(deps.sessions, 'admin');
  const { accounts } = deps;

  app.get(listAdminAdvisersEndpoint.path, admin, async (_req, res) => {
    res.json({ advisers: await accounts.listAdvisers() });
  });
  app.get(listAdminAccountsEndpoint.path, admin, async (_req, res) => {
    res.json({ accounts: await accounts.listAccounts() });
  });
  app.post(createAdviserEndpoint.path, admin, async (req, res) => {
    const body = parseBody(createAdviserEndpoint, req.body);
    res.status(201).json(await accounts.createAdviser(body, actorOf(req), requestIdOf(res)));
  });
  app.post(createAnalystEndpoint.path, admin, async (req, res) => {
    const body = parseBody(createAnalystEndpoint, req.body);
    res.status(201).json(await accounts.createAnalyst(body, actorOf(req), requestIdOf(res)));
  });
  app.post(setAnalystAccessEndpoint.path, admin, async (req, res) => {
    const id = accountIdOf(req);
    const body = parseBody(setAnalystAccessEndpoint, req.body);
    await accounts.setAnalystAccess(id, body.analystAccess, actorOf(req));
    res.json({
      message: body.analystAccess
        ? 'Analyst access given. The account’s sessions have ended: it applies from its next sign-in.'
        : 'Analyst access taken away. The account’s sessions have ended.',
    });
  });
  app.patch(updateAdviserEndpoint.path, admin, async (req, res) => {
    // A value that cannot be a slug names no adviser, current or former: 404 before any lookup.
    const slug = adviserSlugSchema.safeParse(req.params.slug);
    if (!slug.success) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
    const body = parseBody(updateAdviserEndpoint, req.body);
    res.json(await accounts.updateAdviser(slug.data, body, actorOf(req)));
  });
  app.post(disableAccountEndpoint.path, admin, async (req, res) => {
    res.json(await accounts.setDisabled(accountIdOf(req), true, actorOf(req)));
  });
  app.post(enableAccountEndpoint.path, admin, async (req, res) => {
    res.json(await accounts.setDisabled(accountIdOf(req), false, actorOf(req)));
  });
  app.post(resetAccountPasswordEndpoint.path, admin, async (req, res) => {
    res.json(await accounts.resetPassword(accountIdOf(req), actorOf(req), requestIdOf(res)));
  });

  const perIp: RequestHandler =
    deps.setPasswordRateLimit.perMinute > 0
      ? rateLimit({
          windowMs: 60_000,
          limit: deps.setPasswordRateLimit.perMinute,
          store: deps.setPasswordRateLimit.store,
          keyGenerator: (req) => ipKeyGenerator(clientIp(req)),
          standardHeaders: 'draft-8',
          legacyHeaders: false,
          handler: (_req, _res, next) =>
            next(
              new HttpError(
                429,
                'Too many attempts from this address. Please try again in a minute.',
                'RATE_LIMITED',
              ),
            ),
        })
      : (_req, _res, next) => next();
  app.post(setPasswordEndpoint.path, perIp, async (req, res) => {
    const body = parseBody(setPasswordEndpoint, req.body);
    await accounts.setPassword(body.token, body.password, clientIp(req));
    res.json({ message: 'Your password is set. You can now sign in.' });
  });
}

import {
  adviserSlugSchema,
  createAdviserEndpoint,
  createAnalystEndpoint,
  disableAccountEndpoint,
  enableAccountEndpoint,
  listAdminAccountsEndpoint,
  listAdminAdvisersEndpoint,
  resetAccountPasswordEndpoint,
  resetSecondFactorEndpoint,
  setAnalystAccessEndpoint,
  updateAdviserEndpoint,
} from '@risk-profile/contracts';
import {
  httpError,
  type PerMinuteLimit,
  parseBody,
  requireAccess,
  type SessionVerifier,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express, Request } from 'express';
import { z } from 'zod';
import type { Actor } from './admin/admin-deps';
import { ACCOUNT_NOT_FOUND_MESSAGE, ADVISER_NOT_FOUND_MESSAGE } from './admin/admin-errors';
import { SECOND_FACTOR_RESET_MESSAGE } from './admin/reset-second-factor.handler';
import type { AdminAccounts } from './admin-accounts';
import { mountSetPassword } from './set-password/set-password.route';

export interface AdminAccountRouteDeps {
  accounts: AdminAccounts;
  sessions: SessionVerifier;
  /** Set-password attempts per client IP per minute, counted in `store`; 0 for no limit. */
  setPasswordRateLimit: PerMinuteLimit;
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
    res
      .status(201)
      .json(await accounts.createAdviser({ body, actor: actorOf(req), correlationId: requestIdOf(res) }));
  });
  app.post(createAnalystEndpoint.path, admin, async (req, res) => {
    const body = parseBody(createAnalystEndpoint, req.body);
    res
      .status(201)
      .json(await accounts.createAnalyst({ body, actor: actorOf(req), correlationId: requestIdOf(res) }));
  });
  app.post(setAnalystAccessEndpoint.path, admin, async (req, res) => {
    const id = accountIdOf(req);
    const body = parseBody(setAnalystAccessEndpoint, req.body);
    await accounts.setAnalystAccess({ id, analystAccess: body.analystAccess, actor: actorOf(req) });
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
    res.json(await accounts.updateAdviser({ slug: slug.data, body, actor: actorOf(req) }));
  });
  app.post(disableAccountEndpoint.path, admin, async (req, res) => {
    res.json(await accounts.setDisabled({ id: accountIdOf(req), disabled: true, actor: actorOf(req) }));
  });
  app.post(enableAccountEndpoint.path, admin, async (req, res) => {
    res.json(await accounts.setDisabled({ id: accountIdOf(req), disabled: false, actor: actorOf(req) }));
  });
  app.post(resetAccountPasswordEndpoint.path, admin, async (req, res) => {
    res.json(
      await accounts.resetPassword({
        id: accountIdOf(req),
        actor: actorOf(req),
        correlationId: requestIdOf(res),
      }),
    );
  });

  app.post(resetSecondFactorEndpoint.path, admin, async (req, res) => {
    await accounts.resetSecondFactor({ id: accountIdOf(req), actor: actorOf(req) });
    res.json({ message: SECOND_FACTOR_RESET_MESSAGE });
  });

  mountSetPassword(app, { setPassword: accounts.setPassword, rateLimit: deps.setPasswordRateLimit });
}

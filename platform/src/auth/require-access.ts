import type { Access } from '@risk-profile/contracts';
import type { Request, RequestHandler } from 'express';
import { HttpError, httpError } from '../http/http-errors';
import { type AccessDecision, accessDecision, type SessionUser, type SessionVerifier } from './session.port';

export const MFA_SETUP_REQUIRED_MESSAGE =
  'Set up two-step sign-in (an authenticator app) for this account before doing anything else.';

/** The error that refuses a request, or null when the decision allows it (the gateway's and every service's). */
export function accessRefusal(decision: AccessDecision): HttpError | null {
  if (decision === 401) return httpError.unauthorized();
  if (decision === 403) return httpError.forbidden();
  if (decision === 'mfa-setup-required')
    return new HttpError(403, MFA_SETUP_REQUIRED_MESSAGE, 'MFA_SETUP_REQUIRED');
  return null;
}

const USER = Symbol('sessionUser');
type WithUser = Request & { [USER]?: SessionUser };

/**
 * Express guard for one access level: 401 without a valid session, 403 for the wrong role,
 * else the user is available to the handler through `sessionUserOf(req)`.
 */
export function requireAccess(sessions: SessionVerifier, access: Access): RequestHandler {
  return async (req, _res, next) => {
    try {
      const user = await sessions.authenticate(req);
      const refusal = accessRefusal(accessDecision(user, access));
      if (refusal) return next(refusal);
      if (user) (req as WithUser)[USER] = user;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The user `requireAccess` resolved for this request; throws when the route has no guard. */
export function sessionUserOf(req: Request): SessionUser {
  const user = (req as WithUser)[USER];
  if (!user) throw new Error('sessionUserOf called on a route without requireAccess');
  return user;
}

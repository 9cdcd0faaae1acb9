import type { Access } from '@risk-profile/contracts';
import type { Request, RequestHandler } from 'express';
import { httpError } from '../http/http-errors';
import { accessDecision, type SessionUser, type SessionVerifier } from './session.port';

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
      const decision = accessDecision(user, access);
      if (decision === 401) return next(httpError.unauthorized());
      if (decision === 403) return next(httpError.forbidden());
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

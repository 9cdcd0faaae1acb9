import { endSessionEndpoint } from '@risk-profile/contracts';
import { clientIp, httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { z } from 'zod';
import { endSession, SESSION_NOT_FOUND_MESSAGE } from './end-session.handler';
import type { SessionRouteDeps } from './session-route-deps';

export const SESSION_ENDED_MESSAGE = 'Session ended.';
const sessionId = z.uuid();

export function mountEndSession(app: Express, deps: SessionRouteDeps): void {
  app.delete(endSessionEndpoint.path, requireAccess(deps.sessions, 'signed-in'), async (req, res) => {
    // An id that cannot be a session's names none: the same 404.
    const id = sessionId.safeParse(req.params.id);
    if (!id.success) throw httpError.notFound(SESSION_NOT_FOUND_MESSAGE);
    const user = sessionUserOf(req);
    await endSession(deps, { user, sessionId: id.data, ip: clientIp(req), now: deps.clock() });
    // Ending this very session signs this browser out.
    if (id.data === user.sessionId) res.setHeader('Set-Cookie', deps.cookie.clear());
    res.json({ message: SESSION_ENDED_MESSAGE });
  });
}

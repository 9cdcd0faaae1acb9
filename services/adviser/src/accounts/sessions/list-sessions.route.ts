import { listSessionsEndpoint } from '@risk-profile/contracts';
import { requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { listSessions } from './list-sessions.handler';
import type { SessionRouteDeps } from './session-route-deps';

export function mountListSessions(app: Express, deps: Pick<SessionRouteDeps, 'sql' | 'sessions' | 'clock'>) {
  app.get(listSessionsEndpoint.path, requireAccess(deps.sessions, 'signed-in'), async (req, res) => {
    const user = sessionUserOf(req);
    res.json({
      sessions: await listSessions(deps.sql, {
        userId: user.id,
        currentId: user.sessionId,
        now: deps.clock(),
      }),
    });
  });
}
